// The Fences tab's centre: the last frames as a GPUView-style timeline. The CPU lane shows
// each frame's wait in begin_frame (grey) and its recording (its slot's colour) ending in
// its Signal; the GPU lane each frame's execution; an arrow runs from a Signal to the GPU
// completing that value, and on to the wait that was released by it.
#include <algorithm>
#include <cmath>

#include <spdlog/fmt/fmt.h>

#include "inspector/frame_lanes.h"
#include "inspector/panels.h"
#include "inspector/plot.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {
namespace {

constexpr ImU32 colour_wait = IM_COL32(120, 120, 128, 255);
constexpr ImU32 colour_lane = IM_COL32(36, 36, 42, 255);
constexpr ImU32 colour_arrow = IM_COL32(255, 235, 59, 220);

void arrow_head(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 colour) {
  const f32 dx = to.x - from.x, dy = to.y - from.y, length = std::max(1.f, std::sqrt(dx * dx + dy * dy));
  const ImVec2 u{dx / length, dy / length};
  dl->AddTriangleFilled(to, ImVec2{to.x - 7 * u.x - 4 * u.y, to.y - 7 * u.y + 4 * u.x},
                        ImVec2{to.x - 7 * u.x + 4 * u.y, to.y - 7 * u.y - 4 * u.x}, colour);
}

}  // namespace

std::vector<gfx::frame_timing> timeline_timings(const shown_frame& shown) {
  if (!shown.record) return {};
  return shown.history ? shown.history->timeline_of(shown.at) : shown.record->timings;
}

void draw_frame_timeline(const shown_frame& shown, const gfx::gpu_clock_info& clock, marks& marks) {
  const frame_lanes lanes = build_frame_lanes(timeline_timings(shown));
  ImGui::TextWrapped(
      "%s", tr("Frames in flight: what the CPU did (top) and what the GPU ran (bottom), newest at the right"_t));
  if (lanes.cpu.empty()) {
    ImGui::TextDisabled("%s", tr("no frame has run yet"_t));
    return;
  }
  // Which clock the GPU lane is on, in words: a learner must know when it is an estimate.
  if (lanes.source == gfx::gpu_time_source::fence_observed) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(colour_allocated));
    ImGui::TextWrapped(
        "%s",
        trf("GPU lane estimated: no usable timestamp queries here ({}); each span ends when the CPU saw its fence complete"_t,
            clock.method)
            .c_str());
    ImGui::PopStyleColor();
  } else if (clock.timestamps) {
    // In the learner's language from the numbers; the engine's own account on hover.
    hint(trf("GPU lane: timestamp queries ({} ticks/s), placed on the CPU's clock to within {:.0f} us"_t,
             clock.frequency, clock.calibration_error_us));
    if (ImGui::IsItemHovered() && !clock.method.empty()) ImGui::SetTooltip("%s", clock.method.c_str());
  }

  ImDrawList* dl = ImGui::GetWindowDrawList();
  const f32 label_w = 40.f, lane_h = 22.f, gap = 16.f, axis_h = 16.f;
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const f32 width = std::max(200.f, ImGui::GetContentRegionAvail().x);
  const f32 x0 = origin.x + label_w, x1 = origin.x + width - 4.f;
  const f32 span = static_cast<f32>(std::max(lanes.span_ms, 0.001));
  const auto x_of = [&](f64 ms) { return x0 + static_cast<f32>(ms) / span * (x1 - x0); };
  const f32 cpu_y = origin.y, gpu_y = origin.y + lane_h + gap, axis_y = gpu_y + lane_h + 2.f;
  dl->AddText(ImVec2{origin.x, cpu_y + 6}, colour_text, "CPU");
  dl->AddText(ImVec2{origin.x, gpu_y + 6}, colour_text, "GPU");
  dl->AddRectFilled(ImVec2{x0, cpu_y}, ImVec2{x1, cpu_y + lane_h}, colour_lane);
  dl->AddRectFilled(ImVec2{x0, gpu_y}, ImVec2{x1, gpu_y + lane_h}, colour_lane);

  const ImVec2 mouse = ImGui::GetIO().MousePos;
  std::string hovered;
  const auto draw_span = [&](const lane_span& s, f32 y) {
    const f32 a = x_of(s.begin_ms), b = std::max(x_of(s.end_ms), a + 1.f);
    const bool wait = s.what == lane_span::kind::wait, present = s.what == lane_span::kind::present;
    const f32 top = wait ? y + 8.f : y + 2.f, bottom = wait ? y + lane_h - 8.f : y + lane_h - 2.f;
    const ImU32 slot_colour = colour_deferred[s.slot % gfx::frame_slot_count];
    if (present) {  // the slot's colour, hatched: the CPU is blocked, not recording
      dl->AddRect(ImVec2{a, top}, ImVec2{b, bottom}, slot_colour);
      dl->PushClipRect(ImVec2{a, top}, ImVec2{b, bottom}, true);
      for (f32 x = a - (bottom - top); x < b; x += 6.f)
        dl->AddLine(ImVec2{x, bottom}, ImVec2{x + (bottom - top), top}, slot_colour, 2.f);
      dl->PopClipRect();
    } else {
      dl->AddRectFilled(ImVec2{a, top}, ImVec2{b, bottom}, wait ? colour_wait : slot_colour);
    }
    if (s.what != lane_span::kind::wait && !present && b - a > 34.f) {
      const std::string label = fmt::format("F{}", s.frame);
      dl->AddText(ImVec2{a + 3.f, y + 6.f}, colour_text, label.c_str());
    }
    if (mouse.x >= a && mouse.x <= b && mouse.y >= top && mouse.y <= bottom) {
      const f64 d = s.end_ms - s.begin_ms;
      switch (s.what) {
        case lane_span::kind::wait:
          hovered = trf("frame {} (frame slot {}): begin_frame waited {:.3f} ms for fence value {}"_t, s.frame, s.slot,
                        d, s.value);
          break;
        case lane_span::kind::record:
          hovered = trf("frame {} (frame slot {}): recorded and submitted in {:.3f} ms"_t, s.frame, s.slot, d);
          break;
        case lane_span::kind::present:
          hovered = trf(
              "frame {} (frame slot {}): {:.3f} ms in Present before Signal({}); a long one means the swap chain held the CPU back (lavapipe's X11 present waits for the frame's rendering)"_t,
              s.frame, s.slot, d, s.value);
          break;
        case lane_span::kind::gpu:
          hovered = trf("frame {} (frame slot {}): ran {:.3f} ms on the GPU; completes fence value {}"_t, s.frame,
                        s.slot, d, s.value);
          break;
      }
    }
  };
  for (const lane_span& s : lanes.cpu) draw_span(s, cpu_y);
  for (const lane_span& s : lanes.gpu) draw_span(s, gpu_y);
  // Signals: a tick at the end of each recording, with its value where it has room.
  f32 signal_free_from = x0 - 100.f;
  for (const lane_span& s : lanes.cpu) {
    if (s.what != lane_span::kind::present || !s.value) continue;
    const f32 x = x_of(s.end_ms);
    dl->AddLine(ImVec2{x, cpu_y - 2.f}, ImVec2{x, cpu_y + lane_h + 2.f}, colour_text, 2.f);
    const std::string value = fmt::format("S{}", s.value);
    // Kept inside the lanes at the right edge, where the newest Signal is.
    const f32 w = ImGui::CalcTextSize(value.c_str()).x, at = std::min(x + 2.f, x1 - w);
    if (at < signal_free_from) continue;
    dl->AddText(ImVec2{at, cpu_y + lane_h}, colour_changed, value.c_str());
    signal_free_from = at + w + 4.f;
  }
  // Signal -> the GPU completing it -> the wait it released.
  for (const fence_arrow& a : lanes.arrows) {
    const ImVec2 signal{x_of(a.signal_ms), cpu_y + lane_h}, done{x_of(a.done_ms), gpu_y},
        released{x_of(a.wait_end_ms), cpu_y + lane_h - 8.f};
    dl->AddLine(signal, ImVec2{done.x, done.y}, IM_COL32(255, 235, 59, 90), 1.f);
    dl->AddLine(done, released, colour_arrow, 1.5f);
    arrow_head(dl, done, released, colour_arrow);
  }
  // Idle gaps cut out (frames seconds apart while a lesson holds the engine): a band across
  // both lanes, with how long nothing ran.
  for (const lane_break& b : lanes.breaks) {
    const f32 a = x_of(b.at_ms), z = std::max(x_of(b.at_ms + b.shown_ms), a + 6.f);
    dl->AddRectFilled(ImVec2{a, cpu_y - 2.f}, ImVec2{z, gpu_y + lane_h + 2.f}, IM_COL32(20, 20, 24, 255));
    for (const f32 x : {a, z})
      for (f32 y = cpu_y - 2.f; y < gpu_y + lane_h; y += 6.f)
        dl->AddLine(ImVec2{x - 2.f, y}, ImVec2{x + 2.f, y + 3.f}, colour_slot_free);
    const std::string idle =
        b.idle_ms >= 1000.0 ? fmt::format("{:.1f} s", b.idle_ms / 1000.0) : fmt::format("{:.0f} ms", b.idle_ms);
    // On the GPU lane, on a dark ground (it may be wider than the band), clear of the Signals'.
    const f32 w = ImGui::CalcTextSize(idle.c_str()).x, tx = (a + z - w) / 2;
    if (w + 4.f <= z - a || lanes.breaks.size() <= 4) {
      dl->AddRectFilled(ImVec2{tx - 2.f, gpu_y + 3.f}, ImVec2{tx + w + 2.f, gpu_y + lane_h - 3.f},
                        IM_COL32(20, 20, 24, 255));
      dl->AddText(ImVec2{tx, gpu_y + 4.f}, IM_COL32(180, 180, 186, 255), idle.c_str());
    }
  }
  // The axis: ms before the newest time shown; with idle gaps cut, that would lie, so the
  // frames are named where they begin instead (as many as fit).
  dl->AddLine(ImVec2{x0, axis_y}, ImVec2{x1, axis_y}, colour_slot_free);
  const auto axis_label = [&](f32 x, const std::string& label) {
    dl->AddLine(ImVec2{x, axis_y}, ImVec2{x, axis_y + 4.f}, colour_slot_free);
    const f32 w = ImGui::CalcTextSize(label.c_str()).x;  // whole, inside the lanes' ends
    dl->AddText(ImVec2{std::clamp(x - w / 2, origin.x, x1 - w), axis_y + 3.f}, IM_COL32(180, 180, 186, 255),
                label.c_str());
  };
  if (lanes.breaks.empty()) {
    for (f64 tick : nice_ticks(0.0, lanes.span_ms, 8))
      axis_label(x_of(lanes.span_ms - tick),
                 tick == 0.0 ? tr("now"_t) : "-" + tick_label(tick, lanes.span_ms / 8) + " ms");
  } else {
    f32 free_from = x0 - 100.f;
    for (const lane_span& s : lanes.cpu) {
      if (s.what != lane_span::kind::wait) continue;
      const std::string label = fmt::format("F{}", s.frame);
      const f32 x = x_of(s.begin_ms), w = ImGui::CalcTextSize(label.c_str()).x;
      if (x - w / 2 < free_from) continue;
      axis_label(x, label);
      free_from = x + w / 2 + 8.f;
    }
  }
  const ImVec2 end{origin.x + width, axis_y + axis_h + 2.f};
  ImGui::Dummy(ImVec2{width, end.y - origin.y});
  marks.remember("frame timeline", ImVec4{x0, cpu_y, x1, axis_y});
  if (!hovered.empty()) ImGui::SetTooltip("%s", hovered.c_str());
  const gfx::frame_stats& f = shown.record->frame;
  hint(tr(
      "grey: waiting in begin_frame; solid: recording, in the colour of the frame's slot; hatched: in Present; S: Signal; arrows: the value completing on the GPU releases the wait that needed it"_t));
  // The engine reads a frame's GPU times in a later begin_frame (or a flush) that finds its
  // fence value complete; a held engine has not run that yet.
  if (const u64 newest = lanes.cpu.back().frame, on_gpu = lanes.gpu.empty() ? 0 : lanes.gpu.back().frame + 1;
      on_gpu <= newest)
    hint(
        on_gpu == newest
            ? trf("F{} has no GPU span yet: its GPU times are read by a later begin_frame (or flush) that finds it complete."_t,
                  newest)
            : trf("F{}-F{} have no GPU span yet: their GPU times are read by a later begin_frame (or flush) that finds them complete."_t,
                  on_gpu, newest));
  if (!lanes.breaks.empty())
    hint(tr(
        "dark bands: time when nothing ran (the engine waited for the next step), cut short; the axis names each frame where it begins"_t));
  if (lanes.ahead > 0)
    ImGui::TextWrapped(
        "%s", trf("The CPU ran ahead: {} of these frames began recording while the GPU still ran the one before."_t,
                  lanes.ahead)
                  .c_str());
  else
    ImGui::TextWrapped(
        "%s",
        lanes.longest_present_ms > 1.0
            ? tr("The CPU never ran ahead here: each frame began after the GPU finished the one before (Present held it back)."_t)
            : tr("The CPU never ran ahead here: each frame began after the GPU finished the one before."_t));
  if (lanes.ahead == 0 && f.frames_in_flight > 1)
    hint(trf("Frames in flight {} is how far the CPU may run ahead, not how far it must."_t, f.frames_in_flight));
  // begin_frame to begin_frame: while a lesson holds the engine, that spans the learner's
  // reading too; the idle part is said apart.
  const f64 idle_ms = lanes.newest_idle_ms;
  ImGui::TextWrapped(
      "%s",
      (idle_ms > 0.0
           ? trf("CPU frame {:.3f} ms ({:.1f} s of it idle, the lesson holding the engine), GPU frame {:.3f} ms (frame {})"_t,
                 static_cast<f64>(f.cpu_frame_ms), idle_ms / 1000.0, static_cast<f64>(f.gpu_frame_ms), f.gpu_frame)
           : trf("CPU frame {:.3f} ms, GPU frame {:.3f} ms (frame {})"_t, static_cast<f64>(f.cpu_frame_ms),
                 static_cast<f64>(f.gpu_frame_ms), f.gpu_frame))
          .c_str());
}

}  // namespace xe::sandbox::ui
