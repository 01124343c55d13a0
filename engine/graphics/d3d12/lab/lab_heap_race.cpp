// race_heap: a loading thread and a render thread on one private descriptor heap (wiki 7.8).
// The heap is real (an ID3D12DescriptorHeap, no views written) and emits no hook events:
// the event recorder belongs to the render thread.
//
// Two parts, the same for both heaps:
//  1. Rounds with a chosen timing: the render thread processes a slot's deferred frees and,
//     between reading and writing _size, signals the loader, which calls allocate() and
//     reports back; the render thread waits up to round_wait for it. Without a lock around
//     the processing loop (the wiki) the allocation lands inside and its ++_size is
//     overwritten; with one (the engine) the loader waits for the lock and nothing is lost.
//  2. Free-running: the loader allocates and frees `iterations` times while the render
//     thread processes slot after slot, as fast as they go.
// Then the loader's indices are freed and every slot drained: a sound heap ends with
// _size 0 and each index once on the free stack.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

#include "graphics/d3d12/d3d12_wiki_heap.h"
#include "graphics/d3d12/lab/lab_experiments.h"

namespace xe::gfx::d3d12 {
namespace {

using clock = std::chrono::steady_clock;
constexpr u32 rounds = 4;
constexpr auto round_wait = std::chrono::milliseconds{25};

// The hand-over between the two threads for one round.
struct round_sync {
  std::atomic<bool> armed{false};
  std::atomic<bool> go{false};
  std::atomic<bool> done{false};
  u32 landed_inside{0};  // allocations that completed inside the read-modify-write

  static void probe(void* user) {
    auto* self = static_cast<round_sync*>(user);
    if (!self->armed.exchange(false)) return;  // one hand-over per round
    self->go.store(true);
    const auto until = clock::now() + round_wait;
    while (!self->done.load() && clock::now() < until) std::this_thread::yield();
    if (self->done.load()) ++self->landed_inside;
  }
};

void wait_for(const std::atomic<bool>& flag) {
  while (!flag.load()) std::this_thread::yield();
}

}  // namespace

result<lab::heap_race_report> race_heap(core_state& g, const lab::heap_race_desc& desc) {
  if (g.in_frame) return make_error(errc::invalid_argument, "race_heap inside a frame");
  if (desc.iterations == 0 || desc.iterations > 1'000'000)
    return make_error(errc::invalid_argument, fmt::format("iterations must be 1..1000000 (got {})", desc.iterations));

  round_sync sync;
  frame_clock frames;  // the engine heap's slot; the wiki's heap keeps its own, as the wiki does
  std::unique_ptr<heap_interface> heap;
  wiki_descriptor_heap* wiki = nullptr;
  if (desc.model == heap_model::wiki) {
    auto w = std::make_unique<wiki_descriptor_heap>(heap_type::cbv_srv_uav, wiki_fixes{.clear_after_processing = true},
                                                    false);
    w->set_race_probe(&round_sync::probe, &sync);
    wiki = w.get();
    heap = std::move(w);
  } else {
    auto e = std::make_unique<descriptor_heap>(heap_type::cbv_srv_uav, frames, false);
    e->set_race_probe(&round_sync::probe, &sync);
    heap = std::move(e);
  }
  // Room for every index the loader could hold: the heap never fills, whatever the timing.
  const u32 capacity = desc.iterations + 2 * rounds + 64;
  XE_TRY(heap->initialize(g.device.get(), capacity, false,
                          fmt::format("race: {} heap", desc.model == heap_model::wiki ? "wiki" : "engine")));

  std::vector<u32> loader_held;  // touched by the loader only until it is joined
  std::atomic<u32> round_started{0};
  std::atomic<bool> loader_done{false}, free_running{false};
  const auto started = clock::now();
  std::thread loader{[&] {
    for (u32 r = 0; r < rounds; ++r) {
      wait_for(sync.go);
      sync.go.store(false);
      if (auto handle = heap->allocate()) loader_held.push_back(handle->index);
      sync.done.store(true);
      while (round_started.load() == r) std::this_thread::yield();  // the next round, or the free run
    }
    wait_for(free_running);
    for (u32 i = 0; i < desc.iterations; ++i)
      if (auto handle = heap->allocate()) (void)heap->free_index(handle->index);
    loader_done.store(true);
  }};

  // The slot's fence has completed: its indices come back, and frees from here on are
  // queued in it.
  const auto next_frame = [&](u32 slot) {
    heap->process_deferred_free(slot);
    frames.publish(slot, 0);
  };
  u32 slot = 0;
  for (u32 r = 0; r < rounds; ++r, slot = (slot + 1) % frame_slot_count) {
    next_frame(slot);
    auto handle = heap->allocate();  // something for the loop to hand back
    if (!handle) break;
    (void)heap->free_index(handle->index);
    sync.done.store(false);
    sync.armed.store(true);
    heap->process_deferred_free(slot);  // the probe hands over to the loader in the middle
    // Nothing waited to be returned (a heap that frees at once): the probe never ran, so the
    // loader goes after, rather than both threads waiting for ever.
    if (sync.armed.exchange(false)) sync.go.store(true);
    wait_for(sync.done);  // the engine's loader gets the lock only now
    round_started.store(r + 1);
  }
  free_running.store(true);
  while (!loader_done.load()) {
    next_frame(slot);
    slot = (slot + 1) % frame_slot_count;
  }
  loader.join();
  const std::chrono::duration<f64, std::milli> elapsed = clock::now() - started;
  for (const u32 index : loader_held) (void)heap->free_index(index);
  for (u32 i = 0; i < frame_slot_count; ++i) next_frame((slot + 1 + i) % frame_slot_count);

  lab::heap_race_report report;
  report.iterations = desc.iterations;
  report.rounds = rounds;
  report.landed_inside = sync.landed_inside;
  report.capacity = capacity;
  report.ms = elapsed.count();
  const heap_info info = heap->get_info();
  heap_state state;
  heap->copy_state(state);
  report.final_size = info.size;
  std::vector<u32> free_part(state.free_stack.begin() + std::min(info.size, capacity), state.free_stack.end());
  std::sort(free_part.begin(), free_part.end());
  for (size_t i = 1; i < free_part.size(); ++i)
    if (free_part[i] == free_part[i - 1]) ++report.duplicates;
  report.faults = wiki ? wiki->faults() : 0;
  report.damage = report.final_size + report.duplicates + report.faults;
  heap->release();
  return report;
}

}  // namespace xe::gfx::d3d12
