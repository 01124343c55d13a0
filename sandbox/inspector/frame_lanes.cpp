#include "inspector/frame_lanes.h"

#include <algorithm>

namespace xe::sandbox::ui {

frame_lanes build_frame_lanes(const std::vector<gfx::frame_timing>& timings) {
  frame_lanes out;
  if (timings.empty()) return out;
  u64 start = timings.front().cpu_wait_begin, end = start;
  for (const gfx::frame_timing& t : timings)
    end = std::max({end, t.cpu_wait_end, t.cpu_submit, t.cpu_signal, t.gpu_end});
  const auto ms = [&](u64 ns) { return static_cast<f64>(ns - std::min(ns, start)) / 1e6; };
  out.span_ms = ms(end);
  for (const gfx::frame_timing& t : timings) {
    out.cpu.push_back(
        {lane_span::kind::wait, t.frame, t.slot, ms(t.cpu_wait_begin), ms(t.cpu_wait_end), t.waited_value});
    const u64 submit = t.cpu_submit ? t.cpu_submit : end;  // still recording
    out.cpu.push_back({lane_span::kind::record, t.frame, t.slot, ms(t.cpu_wait_end), ms(submit), 0});
    if (t.cpu_signal) {
      out.cpu.push_back(
          {lane_span::kind::present, t.frame, t.slot, ms(t.cpu_submit), ms(t.cpu_signal), t.signal_value});
      out.longest_present_ms = std::max(out.longest_present_ms, ms(t.cpu_signal) - ms(t.cpu_submit));
    }
    if (t.gpu_source != gfx::gpu_time_source::none) {
      out.gpu.push_back({lane_span::kind::gpu, t.frame, t.slot, ms(t.gpu_begin), ms(t.gpu_end), t.signal_value});
      out.source = t.gpu_source;
    }
  }
  for (size_t i = 1; i < timings.size(); ++i)
    if (timings[i - 1].gpu_source != gfx::gpu_time_source::none && timings[i].cpu_wait_end < timings[i - 1].gpu_end)
      ++out.ahead;
  // Each wait points back at the frame whose Signal set the value it waited for.
  for (const gfx::frame_timing& waiter : timings) {
    if (waiter.waited_value == 0) continue;
    for (const gfx::frame_timing& signaller : timings)
      if (signaller.signal_value == waiter.waited_value && signaller.gpu_source != gfx::gpu_time_source::none)
        out.arrows.push_back({signaller.frame, waiter.frame, waiter.waited_value, ms(signaller.cpu_signal),
                              ms(std::max(signaller.gpu_end, signaller.cpu_signal)), ms(waiter.cpu_wait_end)});
  }
  return out;
}

}  // namespace xe::sandbox::ui
