// Pipelines on lavapipe: PSO creation time, a frame with the triangle against a clear-only
// frame, and what one GPU-load pass costs at 1280x720.
#include <benchmark/benchmark.h>

#include "engine_access.h"
#include "graphics/d3d12/d3d12_pipeline.h"
#include "graphics/renderer.h"

namespace xe::bench {
namespace {

using namespace gfx::d3d12;

// A fresh library per iteration, so each PSO is really created (the library caches).
void bm_pso_creation(benchmark::State& state) {
  f64 pso_ms = 0;
  for (auto _ : state) {
    pipeline_library library;
    if (!library.initialize(test::engine_device())) return state.SkipWithError("root signatures failed");
    static constexpr D3D12_INPUT_ELEMENT_DESC input[] = {
        {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
        {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};
    pipeline_desc desc;
    desc.vs = engine_shader(gfx::shaders::id::triangle_vs);
    desc.ps = engine_shader(gfx::shaders::id::triangle_ps);
    desc.root = library.root_signature(root_layout::vertex_input);
    desc.input = input;
    desc.dsv_format = DXGI_FORMAT_D32_FLOAT;
    if (!library.pipeline(desc)) return state.SkipWithError("PSO creation failed");
    pso_ms += library.last_creation_ms();
    library.release();
    (void)gfx::flush();
  }
  state.counters["pso_ms"] = pso_ms / static_cast<f64>(state.iterations());
}
BENCHMARK(bm_pso_creation)->Unit(benchmark::kMillisecond)->Iterations(20);

// Offscreen 1280x720 frames; content from the benchmark's argument.
void run_frames(benchmark::State& state, const gfx::frame_content& content) {
  auto surface = gfx::create_surface({.width = 1280, .height = 720});
  if (!surface) return state.SkipWithError("surface creation failed");
  for (auto _ : state) {
    if (!gfx::begin_frame() || !gfx::render_surface(*surface, content) || !gfx::end_frame())
      return state.SkipWithError("frame failed");
  }
  (void)gfx::remove_surface(*surface);
}

void bm_frame_clear_only(benchmark::State& state) { run_frames(state, {{0.1f, 0.2f, 0.3f, 1.f}, false, 0}); }
void bm_frame_triangle(benchmark::State& state) { run_frames(state, {{0.1f, 0.2f, 0.3f, 1.f}, true, 0}); }
BENCHMARK(bm_frame_clear_only)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();
BENCHMARK(bm_frame_triangle)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();

// One frame in flight, so each frame's time includes the GPU finishing it.
void bm_gpu_load(benchmark::State& state) {
  (void)gfx::set_frames_in_flight(1);
  run_frames(state, {{0.1f, 0.2f, 0.3f, 1.f}, false, static_cast<u32>(state.range(0))});
  (void)gfx::set_frames_in_flight(gfx::frame_slot_count);
}
BENCHMARK(bm_gpu_load)->Arg(0)->Arg(20)->Unit(benchmark::kMillisecond)->MinTime(2.0)->UseRealTime();

}  // namespace
}  // namespace xe::bench
