// Descriptor allocate+free pairs on the engine's descriptor_heap (mutex, misuse checks,
// deferred free) against the wiki's algorithm with none of that, in the same run.
#include <benchmark/benchmark.h>

#include <atomic>
#include <memory>
#include <mutex>
#include <vector>

#include "engine_access.h"
#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "utilities/spin_lock.h"

namespace xe::bench {
namespace {

constexpr u32 capacity = 4096;
constexpr u32 pairs_per_frame = 256;  // a "frame" processes the slot's deferred frees

// The wiki's free-index stack without locking or checks: the baseline.
struct bare_free_stack {
  std::unique_ptr<u32[]> free_handles = std::make_unique<u32[]>(capacity);
  std::vector<u32> deferred[3];
  u32 size = 0;
  u32 slot = 0;
  bare_free_stack() {
    for (u32 i = 0; i < capacity; ++i) free_handles[i] = i;
    for (auto& d : deferred) d.reserve(pairs_per_frame * 4);
  }
  u32 allocate() { return free_handles[size++]; }
  void free(u32 index) { deferred[slot].push_back(index); }
  void process(u32 frame) {
    for (u32 index : deferred[frame]) free_handles[--size] = index;
    deferred[frame].clear();
    slot = frame;
  }
};

void bm_baseline_pair(benchmark::State& state) {
  bare_free_stack stack;
  u32 n = 0, frame = 0;
  for (auto _ : state) {
    const u32 index = stack.allocate();
    benchmark::DoNotOptimize(index);
    stack.free(index);
    if (++n == pairs_per_frame) {
      n = 0;
      frame = (frame + 1) % 3;
      stack.process(frame);
    }
  }
}
BENCHMARK(bm_baseline_pair);

// Floors: what any thread-safe pair pays at least, whatever its algorithm (two atomic
// read-modify-writes), and what the two lock choices cost per allocate+free pair.
std::atomic<u32> g_counter{0};
void bm_floor_two_atomic_rmw(benchmark::State& state) {
  for (auto _ : state) {
    g_counter.fetch_add(1, std::memory_order_acq_rel);
    g_counter.fetch_sub(1, std::memory_order_acq_rel);
  }
}
BENCHMARK(bm_floor_two_atomic_rmw);

template <typename Lock>
void bm_floor_two_lock_cycles(benchmark::State& state) {
  static Lock lock;
  for (auto _ : state) {
    lock.lock();
    lock.unlock();
    lock.lock();
    lock.unlock();
  }
}
BENCHMARK(bm_floor_two_lock_cycles<std::mutex>);
BENCHMARK(bm_floor_two_lock_cycles<utl::spin_lock>);

// The wiki's stack with the spin lock around each call and nothing else: what a thread-safe
// free-index stack costs before any check, per-index state or event.
void bm_floor_locked_stack_pair(benchmark::State& state) {
  bare_free_stack stack;
  utl::spin_lock lock;
  u32 n = 0, frame = 0;
  for (auto _ : state) {
    u32 index;
    {
      std::lock_guard guard{lock};
      index = stack.allocate();
    }
    benchmark::DoNotOptimize(index);
    {
      std::lock_guard guard{lock};
      stack.free(index);
    }
    if (++n == pairs_per_frame) {
      n = 0;
      frame = (frame + 1) % 3;
      std::lock_guard guard{lock};
      stack.process(frame);
    }
  }
}
BENCHMARK(bm_floor_locked_stack_pair);

gfx::d3d12::frame_clock g_clock;
gfx::d3d12::descriptor_heap* g_heap = nullptr;
std::atomic<u32> g_frame{0};

void bm_descriptor_heap_pair(benchmark::State& state) {
  if (state.thread_index() == 0) {
    g_heap = new gfx::d3d12::descriptor_heap{gfx::heap_type::cbv_srv_uav, g_clock};
    if (!g_heap->initialize(test::engine_device(), 1u << 20, false, "bench"))
      state.SkipWithError("heap creation failed");
  }
  u32 n = 0;
  for (auto _ : state) {
    auto handle = g_heap->allocate();
    if (!handle) {
      state.SkipWithError("allocate failed");
      break;
    }
    benchmark::DoNotOptimize(handle->cpu.ptr);
    (void)g_heap->free(*handle);
    // Whichever thread finishes a batch plays the next frame, so no thread can fill
    // the heap while the other is descheduled.
    if (++n == pairs_per_frame) {
      n = 0;
      const u32 slot = (g_frame.fetch_add(1) + 1) % 3;
      g_heap->process_deferred_free(slot);
      g_clock.publish(slot, 0);
    }
  }
  if (state.thread_index() == 0) {
    for (u32 f = 0; f < 3; ++f) g_heap->process_deferred_free(f);
    g_heap->release();
    delete g_heap;
    g_heap = nullptr;
  }
}
BENCHMARK(bm_descriptor_heap_pair)->Threads(1)->Threads(2)->UseRealTime();

// The same pairs with hooks installed (ones that count, the cheapest a hook can be): every
// allocate, free and return then queues a descriptor event, delivered in batches.
std::atomic<u64> g_events{0};
void bm_descriptor_heap_pair_hooked(benchmark::State& state) {
  gfx::install_hooks(
      {.on_event = [](const gfx::event&, void*) { g_events.fetch_add(1, std::memory_order_relaxed); },
       .on_descriptor_events = [](u64, u64, std::span<const gfx::descriptor_event> events,
                                  void*) { g_events.fetch_add(events.size(), std::memory_order_relaxed); }});
  bm_descriptor_heap_pair(state);
  gfx::uninstall_hooks();
  state.counters["events_per_pair"] =
      benchmark::Counter(static_cast<f64>(g_events.exchange(0)) / static_cast<f64>(state.iterations()));
}
BENCHMARK(bm_descriptor_heap_pair_hooked)->UseRealTime();

}  // namespace
}  // namespace xe::bench
