// The containers behind the inspector: utl::free_list against the plain vector + free-index
// stack it replaces, and the history ring's memory per recorded frame.
#include <benchmark/benchmark.h>

#include <vector>

#include "graphics/lab.h"
#include "graphics/renderer.h"
#include "snapshot/event_recorder.h"
#include "snapshot/history.h"
#include "snapshot/trace.h"
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

// A full 600-frame history as a trace (Export trace, --trace): each frame allocates and frees a
// descriptor (three instants once returned), every tenth marks a lesson step. Target: under
// 200 ms (docs/PERFORMANCE.md).
void bm_trace_600_frames(benchmark::State& state) {
  if (gfx::lab::find_heap("million")) return state.SkipWithError("run before the snapshot benchmark's 1M heap exists");
  auto surface = gfx::create_surface({.width = 1280, .height = 720});
  auto heap = gfx::lab::create_heap({.name = "traced", .type = gfx::heap_type::cbv_srv_uav, .capacity = 64});
  if (!surface || !heap) return state.SkipWithError("set-up failed");
  sandbox::event_recorder events;
  sandbox::history_ring ring;
  std::vector<sandbox::trace_mark> marks;
  for (u32 i = 0; i < sandbox::history_ring::default_capacity; ++i) {
    events.new_frame();
    if (!gfx::begin_frame() || !gfx::render_surface(*surface, {{0.1f, 0.2f, 0.3f, 1.f}, false, 0}) || !gfx::end_frame())
      return state.SkipWithError("frame failed");
    auto index = gfx::lab::allocate_descriptor(*heap, "traced");
    if (!index || !gfx::lab::free_descriptor(*heap, *index)) return state.SkipWithError("descriptor failed");
    if (i % 10 == 0) marks.push_back({gfx::get_engine_time_ns(), gfx::get_frame_stats().frame_number, "lesson step"});
    ring.capture(&events);
    events.mark_recorded();
  }
  size_t bytes = 0;
  for (auto _ : state) {
    const std::string trace =
        sandbox::to_trace_json({.history = ring, .marks = marks, .adapter = gfx::get_adapter_info()});
    bytes = trace.size();
    benchmark::DoNotOptimize(trace.data());
  }
  (void)gfx::remove_surface(*surface);
  state.counters["trace_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(bm_trace_600_frames)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace
}  // namespace xe::bench
