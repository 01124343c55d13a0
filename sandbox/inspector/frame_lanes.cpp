#include "inspector/frame_lanes.h"

#include <algorithm>

namespace xe::sandbox::ui {

namespace {

struct interval {
  u64 begin, end;  // ns
};

// The idle gaps between the lanes' busy time, longest first cut to about half a busy block.
std::vector<std::pair<interval, f64>> idle_gaps(const std::vector<gfx::frame_timing>& timings, u64 end) {
  std::vector<interval> busy;
  for (const gfx::frame_timing& t : timings) {
    busy.push_back({t.cpu_wait_begin, std::max({t.cpu_wait_end, t.cpu_submit ? t.cpu_submit : end, t.cpu_signal})});
    if (t.gpu_source != gfx::gpu_time_source::none) busy.push_back({t.gpu_begin, std::max(t.gpu_begin, t.gpu_end)});
  }
  std::sort(busy.begin(), busy.end(), [](const interval& a, const interval& b) { return a.begin < b.begin; });
  std::vector<interval> blocks;
  for (const interval& i : busy)
    if (!blocks.empty() && i.begin <= blocks.back().end)
      blocks.back().end = std::max(blocks.back().end, i.end);
    else
      blocks.push_back(i);
  f64 busy_ms = 0.0;
  for (const interval& b : blocks) busy_ms += static_cast<f64>(b.end - b.begin) / 1e6;
  const f64 shown_ms = std::max(1.0, 0.5 * busy_ms / static_cast<f64>(std::max<size_t>(blocks.size(), 1)));
  std::vector<std::pair<interval, f64>> gaps;
  for (size_t i = 1; i < blocks.size(); ++i)
    if (static_cast<f64>(blocks[i].begin - blocks[i - 1].end) / 1e6 > idle_break_ms)
      gaps.push_back({{blocks[i - 1].end, blocks[i].begin}, shown_ms});
  return gaps;
}

}  // namespace

frame_lanes build_frame_lanes(const std::vector<gfx::frame_timing>& timings) {
  frame_lanes out;
  if (timings.empty()) return out;
  u64 start = timings.front().cpu_wait_begin, end = start;
  for (const gfx::frame_timing& t : timings)
    end = std::max({end, t.cpu_wait_end, t.cpu_submit, t.cpu_signal, t.gpu_end});
  const std::vector<std::pair<interval, f64>> gaps = idle_gaps(timings, end);
  // ms on the shortened axis: each idle gap before the time counts as its shown length.
  const auto ms = [&](u64 ns) {
    f64 cut = 0.0;
    for (const auto& [gap, shown] : gaps)
      if (ns >= gap.end) cut += static_cast<f64>(gap.end - gap.begin) / 1e6 - shown;
    return static_cast<f64>(ns - std::min(ns, start)) / 1e6 - cut;
  };
  for (const auto& [gap, shown] : gaps) {
    out.breaks.push_back({ms(gap.begin), shown, static_cast<f64>(gap.end - gap.begin) / 1e6});
    if (timings.size() >= 2 && gap.begin >= timings[timings.size() - 2].cpu_wait_begin &&
        gap.end <= timings.back().cpu_wait_begin)
      out.newest_idle_ms += out.breaks.back().idle_ms;
  }
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
