#include "app/latency.h"

#include <algorithm>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {

const char* to_string(latency_kind kind) {
  constexpr const char* names[latency_kind_count] = {"step",       "back",      "home",      "step_frame", "resize",
                                                     "fullscreen", "back_live", "home_live", "start_up",   "step_live"};
  return names[static_cast<size_t>(kind)];
}

namespace {
f64 ms_between(latency_meter::clock::time_point from, latency_meter::clock::time_point to) {
  return std::chrono::duration<f64, std::milli>(to - from).count();
}

std::vector<f64> sorted(std::vector<f64> values) {
  std::sort(values.begin(), values.end());
  return values;
}
}  // namespace

void latency_meter::action_done(latency_kind kind, std::optional<span> ran) {
  if (!_input) return;
  action_done(kind, *_input, ran);
  _input.reset();
}

// An action that began before its input's stamp (a stamp from another clock) waited for nothing.
void latency_meter::action_done(latency_kind kind, clock::time_point input, std::optional<span> ran) {
  sample s{kind, input, 0.0, 0.0};
  if (ran) {
    s.wait_ms = std::max(0.0, ms_between(input, ran->began));
    s.action_ms = std::max(0.0, ms_between(std::max(input, ran->began), ran->ended));
  }
  _open.push_back(s);
}

void latency_meter::presented(clock::time_point at) {
  ++_presents;
  for (const sample& s : _open) {
    const auto k = static_cast<size_t>(s.kind);
    const f64 ms = ms_between(s.input, at);
    _ms[k].push_back(ms);
    _rest_ms[k].push_back(std::max(0.0, ms - s.action_ms));
    _wait_ms[k].push_back(s.wait_ms);
  }
  _open.clear();
}

latency_meter::summary latency_meter::summarize(latency_kind kind) const {
  const auto k = static_cast<size_t>(kind);
  if (_ms[k].empty()) return {};
  const std::vector<f64> ms = sorted(_ms[k]), rest = sorted(_rest_ms[k]), wait = sorted(_wait_ms[k]);
  return {ms.size(),
          percentile(ms, 0.5),
          percentile(ms, 0.95),
          ms.back(),
          percentile(rest, 0.5),
          percentile(rest, 0.95),
          percentile(wait, 0.95)};
}

std::string latency_meter::report() const {
  std::string out =
      "latency from input to the present that shows it (ms); rest: less the action's own run (a step's actions and "
      "frames), wait: before it\n";
  for (size_t k = 0; k < latency_kind_count; ++k) {
    const auto kind = static_cast<latency_kind>(k);
    const summary s = summarize(kind);
    if (s.count)
      out += fmt::format(
          "  latency kind={} count={} p50_ms={:.1f} p95_ms={:.1f} max_ms={:.1f} rest_p50_ms={:.1f} rest_p95_ms={:.1f} "
          "wait_p95_ms={:.1f}\n",
          to_string(kind), s.count, s.p50_ms, s.p95_ms, s.max_ms, s.rest_p50_ms, s.rest_p95_ms, s.wait_p95_ms);
  }
  return out;
}

f64 percentile(const std::vector<f64>& sorted, f64 p) {
  if (sorted.empty()) return 0.0;
  return sorted[std::min(sorted.size() - 1, static_cast<size_t>(p * static_cast<f64>(sorted.size() - 1) + 0.5))];
}

}  // namespace xe::sandbox
