// The containers behind the inspector: utl::free_list against the plain vector + free-index
// stack it replaces, and the history ring's memory per recorded frame.
#include <benchmark/benchmark.h>

#include <vector>

#include "graphics/lab.h"
#include "graphics/renderer.h"
#include "snapshot/event_recorder.h"
#include "snapshot/history.h"
#include "utilities/free_list.h"

namespace xe::bench {
namespace {

struct payload {  // about the size of a surface's bookkeeping
  u64 words[8]{};
};

// 32 live elements; each iteration adds one (reusing the newest free slot) and removes it.
void bm_free_list_add_remove(benchmark::State& state) {
  utl::free_list<payload> list{64};
  for (u32 i = 0; i < 32; ++i) list.add();
  for (auto _ : state) {
    const u32 index = list.add();
    benchmark::DoNotOptimize(index);
    if (!list.remove(index)) return state.SkipWithError("remove failed");
  }
}
BENCHMARK(bm_free_list_add_remove);

// The baseline: elements in a vector, free indices on a separate stack, no checks.
void bm_vector_free_index_baseline(benchmark::State& state) {
  std::vector<payload> items(32);
  std::vector<u32> free_indices;
  free_indices.reserve(64);
  for (auto _ : state) {
    u32 index;
    if (free_indices.empty()) {
      index = static_cast<u32>(items.size());
      items.emplace_back();
    } else {
      index = free_indices.back();
      free_indices.pop_back();
      items[index] = payload{};
    }
    benchmark::DoNotOptimize(index);
    free_indices.push_back(index);
  }
}
BENCHMARK(bm_vector_free_index_baseline);

// 600 frames of the default engine state (one 1280x720 surface) into a full ring: bytes per
// frame and in total, as the inspector reports them.
void bm_history_600_frames(benchmark::State& state) {
  if (gfx::lab::find_heap("million")) return state.SkipWithError("run before the snapshot benchmark's 1M heap exists");
  auto surface = gfx::create_surface({.width = 1280, .height = 720});
  if (!surface) return state.SkipWithError("surface creation failed");
  sandbox::event_recorder events;
  size_t bytes = 0;
  for (auto _ : state) {
    sandbox::history_ring ring;
    for (u32 i = 0; i < sandbox::history_ring::default_capacity; ++i) {
      events.new_frame();
      if (!gfx::begin_frame() || !gfx::render_surface(*surface, {{0.1f, 0.2f, 0.3f, 1.f}, false, 0}) ||
          !gfx::end_frame())
        return state.SkipWithError("frame failed");
      ring.capture(&events);
      events.mark_recorded();
    }
    bytes = ring.calculate_bytes();
  }
  (void)gfx::remove_surface(*surface);
  state.counters["history_bytes"] = static_cast<double>(bytes);
  state.counters["bytes_per_frame"] = static_cast<double>(bytes) / sandbox::history_ring::default_capacity;
}
BENCHMARK(bm_history_600_frames)->Unit(benchmark::kMillisecond)->Iterations(2);

}  // namespace
}  // namespace xe::bench
