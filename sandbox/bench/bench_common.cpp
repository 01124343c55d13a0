#include "bench_common.h"

#include <cstdio>

namespace xe::bench {
namespace {

struct ratio {
  const char* label;
  const char* measured;
  const char* baseline;
  double target;  // measured / baseline must stay at or below this (0: report only)
};

constexpr ratio ratios[] = {
    {"descriptor pair, 1 thread, vs bare free stack", "bm_descriptor_heap_pair/real_time/threads:1", "bm_baseline_pair",
     2.5},
    {"descriptor pair, hooks installed, vs two spin-lock cycles", "bm_descriptor_heap_pair_hooked/real_time",
     "bm_floor_two_lock_cycles<utl::spin_lock>", 2.0},
    {"descriptor pair, no hooks, vs two spin-lock cycles", "bm_descriptor_heap_pair/real_time/threads:1",
     "bm_floor_two_lock_cycles<utl::spin_lock>", 0.0},
    {"floor: locked bare stack pair vs two spin-lock cycles", "bm_floor_locked_stack_pair",
     "bm_floor_two_lock_cycles<utl::spin_lock>", 0.0},
    {"descriptor pair, 2 threads (per pair), vs bare free stack", "bm_descriptor_heap_pair/real_time/threads:2",
     "bm_baseline_pair", 0.0},
    {"present rate: sandbox frame vs minimal clear+present (higher is better; >= 0.8)",
     "bm_present_minimal_loop/min_time:3.000/real_time", "bm_present_engine_frame/min_time:3.000/real_time", -0.8},
    {"frame with the triangle vs clear-only frame, 1280x720", "bm_frame_triangle/min_time:2.000/real_time",
     "bm_frame_clear_only/min_time:2.000/real_time", 0.0},
    {"utl::free_list add+remove vs vector + free-index stack", "bm_free_list_add_remove",
     "bm_vector_free_index_baseline", 0.0},
    {"floor: two atomic RMWs vs bare free stack", "bm_floor_two_atomic_rmw", "bm_baseline_pair", 0.0},
    {"floor: two spin-lock cycles vs bare free stack", "bm_floor_two_lock_cycles<utl::spin_lock>", "bm_baseline_pair",
     0.0},
    {"floor: two std::mutex cycles vs bare free stack", "bm_floor_two_lock_cycles<std::mutex>", "bm_baseline_pair",
     0.0},
};

}  // namespace

void print_ratios(const std::map<std::string, double>& times) {
  std::fprintf(stderr, "\nratios (same run):\n");
  auto load0 = times.find("bm_gpu_load/0/min_time:2.000/real_time");
  auto load20 = times.find("bm_gpu_load/20/min_time:2.000/real_time");
  if (load0 != times.end() && load20 != times.end())
    std::fprintf(stderr, "  %-60s %6.3f ms\n", "GPU load: one blended full-screen pass at 1280x720",
                 (load20->second - load0->second) / 20.0);
  if (auto it = times.find("bm_snapshot_export_1m_descriptors/iterations:5"); it != times.end())
    std::fprintf(stderr, "  %-60s %6.3f s  (target < 0.5 s: %s)\n", "snapshot export, 1,000,000-descriptor heap",
                 it->second / 1e3, it->second < 500.0 ? "met" : "NOT MET");
  for (const ratio& r : ratios) {
    auto m = times.find(r.measured);
    auto b = times.find(r.baseline);
    if (m == times.end() || b == times.end() || b->second <= 0) continue;
    const double value = m->second / b->second;
    if (r.target > 0)
      std::fprintf(stderr, "  %-60s %6.2fx  (target <= %.2fx: %s)\n", r.label, value, r.target,
                   value <= r.target ? "met" : "NOT MET");
    else if (r.target < 0)
      std::fprintf(stderr, "  %-60s %6.2fx  (target >= %.2fx: %s)\n", r.label, value, -r.target,
                   value >= -r.target ? "met" : "NOT MET");
    else
      std::fprintf(stderr, "  %-60s %6.2fx\n", r.label, value);
  }
}

}  // namespace xe::bench
