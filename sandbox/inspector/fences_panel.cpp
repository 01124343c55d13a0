#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"
#include "inspector/plot.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

// The shown frame's fence values and its timeline of frames in flight, then the history up
// to it: the CPU's signalled value against the GPU's completed one, the CPU's wait in each
// begin_frame, and the GPU's time per frame beside the CPU's.
void draw_fences(const shown_frame& shown, const frame_times& times, const gfx::gpu_clock_info& clock, marks& marks) {
  const gfx::frame_stats& f = shown.record->frame;
  if (f.learner) {  // the values below are what the learner's ring keeps; what it got wrong, the Log says
    ImGui::PushStyleColor(ImGuiCol_Text, f.ring_faults ? colour_changed : ImGui::GetColorU32(ImGuiCol_Text));
    ImGui::TextWrapped(
        "%s",
        f.ring_faults
            ? trf("your frame_ring: _frame_index {}; {} answer(s) refused by the engine (the Log says each)"_t,
                  f.learner_frame_index, f.ring_faults)
                  .c_str()
            : trf("your frame_ring (Build it yourself) keeps these values: _frame_index {}"_t, f.learner_frame_index)
                  .c_str());
    ImGui::PopStyleColor();
  }

  ImGui::TextUnformatted(trf("CPU value {}, GPU completed {}, frames in flight {}"_t, f.cpu_fence_value,
                             f.gpu_completed, f.frames_in_flight)
                             .c_str());
  std::string slots;
  for (u64 v : f.slot_fence_values) slots += fmt::format("{}{}", slots.empty() ? "" : ", ", v);
  ImGui::TextUnformatted(
      trf("frame slot values [{}], last wait {:.3f} ms"_t, slots, static_cast<f64>(f.last_wait_ms)).c_str());
  // A flush is no frame: it has no place on the lanes, so it is said here.
  for (const recorded_event& e : shown.record->events)
    if (e.type == gfx::event_type::fence_waited && e.detail == "flush") {
      ImGui::PushStyleColor(ImGuiCol_Text, colour_changed);
      ImGui::TextWrapped("%s", trf("flush: Signal({0}), then the CPU waited {1:.3f} ms until the GPU completed {0}"_t,
                                   e.value, static_cast<f64>(e.wait_ms))
                                   .c_str());
      ImGui::PopStyleColor();
    }
  // The tab's centre: the last frames as lanes (a loaded snapshot has its own window of them).
  ImGui::Separator();
  draw_frame_timeline(shown, clock, marks);
  ImGui::Separator();
  if (!shown.history) {
    ImGui::TextDisabled("%s", shown.recorded ? tr("the plots come back once the engine has been replayed"_t)
                                             : tr("a loaded snapshot has no history to plot"_t));
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
  axes.title = tr("Fence values (CPU signalled, GPU completed)"_t);
  axes.unit = "";
  axes.stairs = true;
  axes.y_min = static_cast<f32>(low);
  axes.y_max = static_cast<f32>(std::max<u64>(f.cpu_fence_value, low + 1));
  const plot_series values[] = {
      series(tr("CPU signalled"_t), colour_allocated, [](const gfx::frame_stats& s) { return s.cpu_fence_value; }),
      series(tr("GPU completed"_t), colour_free, [](const gfx::frame_stats& s) { return s.gpu_completed; })};
  marks.remember("plot:fence values", draw_plot(axes, values));

  axes.title = tr("CPU - GPU fence distance (submitted frames the GPU has not finished)"_t);
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
  axes.title = tr("CPU time per frame (ms): the whole frame, and its wait in begin_frame"_t);
  axes.unit = " ms";
  axes.stairs = false;
  axes.y_max = 0.f;  // from the data
  axes.height = 100.f;
  const plot_series cpu[] = {series(tr("whole frame (wall clock)"_t), colour_deferred_text[2],
                                    [&](const gfx::frame_stats& s) { return std::max(times.of(s.frame_number), 0.f); }),
                             series(tr("wait for the frame slot's fence"_t), colour_deferred_text[1],
                                    [](const gfx::frame_stats& s) { return s.last_wait_ms; })};
  marks.remember("plot:cpu time", draw_plot(axes, cpu));

  // The GPU's span of each frame, from the timeline: what the GPU spent, beside what the CPU did.
  // Scaled to the GPU's times: a CPU frame that spans a held engine's wait (seconds) runs
  // off the top instead of flattening the GPU line.
  f32 gpu_most = 0.f;
  for (u32 k = 0; k < window.count; ++k) gpu_most = std::max(gpu_most, history.at(window.first + k).frame.gpu_frame_ms);
  axes.y_max = std::max(1.f, gpu_most * 1.5f);
  axes.title = clock.timestamps ? tr("GPU time per frame (ms, timestamp queries)"_t)
                                : tr("GPU time per frame (ms, estimated from fence completion seen on the CPU)"_t);
  const plot_series gpu[] = {
      series(tr("GPU frame"_t), colour_free, [](const gfx::frame_stats& s) { return s.gpu_frame_ms; }),
      series(tr("CPU frame (begin_frame to begin_frame)"_t), colour_deferred_text[0],
             [](const gfx::frame_stats& s) { return s.cpu_frame_ms; })};
  marks.remember("plot:gpu time", draw_plot(axes, gpu));
}

}  // namespace xe::sandbox::ui
