#include "app/latency.h"

#include <algorithm>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {

const char* to_string(latency_kind kind) {
  constexpr const char* names[latency_kind_count] = {"step",       "back",      "home",      "step_frame", "resize",
                                                     "fullscreen", "back_live", "home_live", "start_up",   "step_live"};
  return names[static_cast<size_t>(kind)];
}

void latency_meter::action_done(latency_kind kind) {
  if (!_input) return;
  _open.emplace_back(kind, *_input);
  _input.reset();
}

void latency_meter::presented(clock::time_point at) {
  ++_presents;
  for (const auto& [kind, input] : _open)
    _ms[static_cast<size_t>(kind)].push_back(std::chrono::duration<f64, std::milli>(at - input).count());
  _open.clear();
}

latency_meter::summary latency_meter::summarize(latency_kind kind) const {
  std::vector<f64> ms = _ms[static_cast<size_t>(kind)];
  if (ms.empty()) return {};
  std::sort(ms.begin(), ms.end());
  return {ms.size(), percentile(ms, 0.5), percentile(ms, 0.95), ms.back()};
}

std::string latency_meter::report() const {
  std::string out = "latency from input to the present that shows it (ms):\n";
  for (size_t k = 0; k < latency_kind_count; ++k) {
    const auto kind = static_cast<latency_kind>(k);
    const summary s = summarize(kind);
    if (s.count)
      out += fmt::format("  latency kind={} count={} p50_ms={:.1f} p95_ms={:.1f} max_ms={:.1f}\n", to_string(kind),
                         s.count, s.p50_ms, s.p95_ms, s.max_ms);
  }
  return out;
}

f64 percentile(const std::vector<f64>& sorted, f64 p) {
  if (sorted.empty()) return 0.0;
  return sorted[std::min(sorted.size() - 1, static_cast<size_t>(p * static_cast<f64>(sorted.size() - 1) + 0.5))];
}

}  // namespace xe::sandbox
