#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"
#include "inspector/plot.h"

namespace xe::sandbox::ui {

// The shown frame's fence values and its timeline of frames in flight, then the history up
// to it: the CPU's signalled value against the GPU's completed one, the CPU's wait in each
// begin_frame, and the GPU's time per frame beside the CPU's.
void draw_fences(const shown_frame& shown, const frame_times& times, const gfx::gpu_clock_info& clock, marks& marks) {
  const gfx::frame_stats& f = shown.record->frame;

  ImGui::Text("CPU value %llu, GPU completed %llu, frames in flight %u",
              static_cast<unsigned long long>(f.cpu_fence_value), static_cast<unsigned long long>(f.gpu_completed),
              f.frames_in_flight);
  std::string slots;
  for (u64 v : f.slot_fence_values) slots += fmt::format("{}{}", slots.empty() ? "" : ", ", v);
  ImGui::Text("slot values [%s], last wait %.3f ms", slots.c_str(), static_cast<f64>(f.last_wait_ms));
  // The tab's centre: the last frames as lanes (a loaded snapshot has its own window of them).
  ImGui::Separator();
  draw_frame_timeline(shown, clock, marks);
  ImGui::Separator();
  if (!shown.history) {
    ImGui::TextDisabled("a loaded snapshot has no history to plot");
    return;
  }
  const history_ring& history = *shown.history;
  const plot_window window = plot_window_of(shown);
  plot_axes axes;
  axes.frames.reserve(window.count);
  for (u32 k = 0; k < window.count; ++k) axes.frames.push_back(history.at(window.first + k).frame.frame_number);
  axes.marked = window.count - 1;
  const auto series = [&](std::string label, ImU32 colour, auto&& value) {
    plot_series s{std::move(label), colour, {}};
    s.values.reserve(window.count);
    for (u32 k = 0; k < window.count; ++k)
      s.values.push_back(static_cast<f32>(value(history.at(window.first + k).frame)));
    return s;
  };

  // The CPU's signalled value against the GPU's completed one: the gap between them is how
  // far the CPU runs ahead, at most frames in flight.
  const u64 low = history.at(window.first).frame.gpu_completed;
  axes.title = "Fence values (CPU signalled, GPU completed)";
  axes.unit = "";
  axes.stairs = true;
  axes.y_min = static_cast<f32>(low);
  axes.y_max = static_cast<f32>(std::max<u64>(f.cpu_fence_value, low + 1));
  const plot_series values[] = {
      series("CPU signalled", colour_allocated, [](const gfx::frame_stats& s) { return s.cpu_fence_value; }),
      series("GPU completed", colour_free, [](const gfx::frame_stats& s) { return s.gpu_completed; })};
  marks.remember("plot:fence values", draw_plot(axes, values));

  axes.title = "CPU - GPU fence distance (submitted frames the GPU has not finished)";
  axes.y_min = 0.f;
  axes.y_max = static_cast<f32>(gfx::frame_slot_count);
  axes.height = 60.f;
  const plot_series distance[] = {series(
      "cpu_fence_value - gpu_completed", colour_deferred_text[0],
      [](const gfx::frame_stats& s) { return s.cpu_fence_value - std::min(s.cpu_fence_value, s.gpu_completed); })};
  marks.remember("plot:fence distance", draw_plot(axes, distance));

  // The app's whole frame on the CPU (the UI built, begin_frame, recording, submission,
  // present) and the part of it spent waiting for the slot's fence in begin_frame. Records
  // between frames show their frame's time.
  axes.title = "CPU time per frame (ms): the whole frame, and its wait in begin_frame";
  axes.unit = " ms";
  axes.stairs = false;
  axes.y_max = 0.f;  // from the data
  axes.height = 100.f;
  const plot_series cpu[] = {series("whole frame (wall clock)", colour_deferred_text[2],
                                    [&](const gfx::frame_stats& s) { return std::max(times.of(s.frame_number), 0.f); }),
                             series("wait for the slot's fence", colour_deferred_text[1],
                                    [](const gfx::frame_stats& s) { return s.last_wait_ms; })};
  marks.remember("plot:cpu time", draw_plot(axes, cpu));

  // The GPU's span of each frame, from the timeline: what the GPU spent, beside what the CPU did.
  axes.title = clock.timestamps ? "GPU time per frame (ms, timestamp queries)"
                                : "GPU time per frame (ms, estimated from fence completion seen on the CPU)";
  const plot_series gpu[] = {series("GPU frame", colour_free, [](const gfx::frame_stats& s) { return s.gpu_frame_ms; }),
                             series("CPU frame (begin_frame to begin_frame)", colour_deferred_text[0],
                                    [](const gfx::frame_stats& s) { return s.cpu_frame_ms; })};
  marks.remember("plot:gpu time", draw_plot(axes, gpu));
}

}  // namespace xe::sandbox::ui
