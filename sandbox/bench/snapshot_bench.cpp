// Snapshot export of a heap with 1,000,000 descriptors: time, bytes written and the peak
// extra heap memory the export needs, against the targets (< 0.5 s, <= 3x the JSON size).
#include <benchmark/benchmark.h>

#include <filesystem>

#include "graphics/lab.h"
#include "graphics/renderer.h"
#include "memory_counter.h"
#include "snapshot/frame_state.h"

namespace xe::bench {
namespace {

namespace fs = std::filesystem;

void bm_snapshot_export_1m_descriptors(benchmark::State& state) {
  static const bool created = [] {
    return gfx::lab::create_heap(
               {.name = "million", .type = gfx::heap_type::cbv_srv_uav, .capacity = 1'000'000, .shader_visible = true})
        .has_value();
  }();
  if (!created) {
    state.SkipWithError("could not create the 1,000,000-descriptor heap");
    return;
  }
  const fs::path file = fs::temp_directory_path() / "xengine-bench-snapshot.json";
  size_t bytes = 0, peak_extra = 0;
  for (auto _ : state) {
    const size_t before = memory::current();
    memory::reset_peak();
    const nlohmann::json snapshot = sandbox::capture_frame_state(nullptr);
    if (!sandbox::write_frame_state(file, snapshot)) {
      state.SkipWithError("write failed");
      break;
    }
    peak_extra = std::max(peak_extra, memory::peak() - before);
    bytes = fs::file_size(file);
  }
  fs::remove(file);
  state.counters["json_bytes"] = static_cast<double>(bytes);
  state.counters["peak_extra_bytes"] = static_cast<double>(peak_extra);
  state.counters["peak_over_json"] = bytes ? static_cast<double>(peak_extra) / static_cast<double>(bytes) : 0.0;
}
BENCHMARK(bm_snapshot_export_1m_descriptors)->Unit(benchmark::kMillisecond)->Iterations(5);

}  // namespace
}  // namespace xe::bench
