#include "inspector/plot.h"

#include "inspector/ui_text.h"

#include <algorithm>
#include <cmath>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox::ui {
namespace {

constexpr ImU32 colour_axis = IM_COL32(170, 170, 170, 255);
constexpr ImU32 colour_grid = IM_COL32(70, 70, 78, 255);
constexpr ImU32 colour_back = IM_COL32(24, 24, 28, 255);
constexpr ImU32 colour_label = IM_COL32(200, 200, 200, 255);
constexpr ImU32 colour_marked = IM_COL32(255, 255, 255, 110);

f64 nice_step(f64 range, u32 count) {
  const f64 raw = range / std::max(1u, count);
  const f64 power = std::pow(10.0, std::floor(std::log10(raw)));
  for (f64 m : {1.0, 2.0, 5.0, 10.0})
    if (raw <= m * power * (1 + 1e-9)) return m * power;
  return 10 * power;
}

}  // namespace

std::vector<f64> nice_ticks(f64 lo, f64 hi, u32 count) {
  std::vector<f64> out;
  if (!(hi > lo)) return out;
  const f64 step = nice_step(hi - lo, count);
  for (f64 v = std::ceil(lo / step - 1e-9) * step; v <= hi + step * 1e-9; v += step)
    out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
  return out;
}

std::string tick_label(f64 value, f64 step) {
  if (std::abs(value) >= 10'000 && step >= 1000) return fmt::format("{:g}k", value / 1000);
  const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
  return fmt::format("{:.{}f}", value, decimals);
}

ImVec4 draw_plot(const plot_axes& axes, std::span<const plot_series> series) {
  ImGui::TextUnformatted(axes.title.c_str());
  const size_t n = axes.frames.size();
  f32 y_max = axes.y_max;
  if (y_max <= axes.y_min) {
    for (const plot_series& s : series)
      for (f32 v : s.values) y_max = std::max(y_max, v);
    y_max = std::max(y_max, axes.y_min + (axes.stairs ? 1.f : 1e-3f));
    const std::vector<f64> ticks = nice_ticks(axes.y_min, y_max, 4);
    const f64 step = ticks.size() > 1 ? ticks[1] - ticks[0] : y_max - axes.y_min;
    y_max = static_cast<f32>(std::ceil(y_max / step - 1e-6) * step);  // up to a tick
  }
  const std::vector<f64> y_ticks = nice_ticks(axes.y_min, y_max, 4);
  const f64 y_step = y_ticks.size() > 1 ? y_ticks[1] - y_ticks[0] : 1.0;
  f32 label_w = 0;
  for (f64 t : y_ticks) label_w = std::max(label_w, ImGui::CalcTextSize((tick_label(t, y_step) + axes.unit).c_str()).x);

  const f32 line_h = ImGui::GetTextLineHeight();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const f32 width = ImGui::GetContentRegionAvail().x;
  // Whole pixels (AddLine adds the half pixel): one-pixel axis lines stay on one row, crisp.
  const auto centre = [](f32 v) { return std::floor(v); };
  const ImVec2 min{centre(origin.x + label_w + 6), centre(origin.y + line_h / 2)};
  const ImVec2 max{centre(origin.x + width - 4), centre(origin.y + line_h / 2 + axes.height)};
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(min, max, colour_back);
  const f32 inset = 3.f;  // a series at y_min runs just above the x axis, not on it
  const auto y_of = [&](f64 v) {
    return max.y - inset -
           static_cast<f32>((std::clamp(v, static_cast<f64>(axes.y_min), static_cast<f64>(y_max)) - axes.y_min) /
                            (y_max - axes.y_min)) *
               (max.y - inset - min.y);
  };
  // Stairs hold each value until the next sample: the last one is drawn as a short level at
  // the right (else a value reached at the shown frame would be a rise on the plot's edge).
  const f32 tail = axes.stairs && n > 1 ? std::min(12.f, (max.x - min.x) / static_cast<f32>(n)) : 0.f;
  const auto x_of = [&](size_t i) {
    return n > 1 ? min.x + static_cast<f32>(i) / static_cast<f32>(n - 1) * (max.x - tail - min.x) : (min.x + max.x) / 2;
  };
  for (f64 t : y_ticks) {  // grid lines and labels on the y axis
    const f32 y = y_of(t);
    dl->AddLine(ImVec2{min.x, y}, ImVec2{max.x, y}, colour_grid);
    dl->AddLine(ImVec2{min.x - 4, y}, ImVec2{min.x, y}, colour_axis);
    const std::string label = tick_label(t, y_step) + axes.unit;
    dl->AddText(ImVec2{min.x - 6 - ImGui::CalcTextSize(label.c_str()).x, y - line_h / 2}, colour_label, label.c_str());
  }
  // x axis: frame numbers at round values, placed at the first sample of that frame.
  if (n > 0) {
    const f64 first = static_cast<f64>(axes.frames.front()), last = static_cast<f64>(axes.frames.back());
    const u32 fit = std::max(2u, static_cast<u32>((max.x - min.x) / 70));
    std::vector<f64> x_ticks = last > first ? nice_ticks(first, last, fit) : std::vector<f64>{first};
    const f64 x_step = x_ticks.size() > 1 ? std::max(1.0, x_ticks[1] - x_ticks[0]) : 1.0;
    for (f64 t : x_ticks) {
      if (t != std::floor(t)) continue;
      const auto it = std::lower_bound(axes.frames.begin(), axes.frames.end(), static_cast<u64>(t));
      if (it == axes.frames.end()) continue;
      const f32 x = x_of(static_cast<size_t>(it - axes.frames.begin()));
      dl->AddLine(ImVec2{x, max.y}, ImVec2{x, max.y + 4}, colour_axis);
      const std::string label = tick_label(t, x_step);
      const f32 w = ImGui::CalcTextSize(label.c_str()).x;
      dl->AddText(ImVec2{std::clamp(x - w / 2, min.x, max.x - w), max.y + 5}, colour_label, label.c_str());
    }
  }
  if (axes.marked < n)
    dl->AddLine(ImVec2{x_of(axes.marked), min.y}, ImVec2{x_of(axes.marked), max.y}, colour_marked, 1.5f);

  dl->PushClipRect(min, max, true);
  for (const plot_series& s : series) {
    const size_t count = std::min(n, s.values.size());
    if (count == 1) dl->AddCircleFilled(ImVec2{x_of(0), y_of(s.values[0])}, 2.5f, s.colour);
    for (size_t i = 1; i < count; ++i) {
      const ImVec2 a{x_of(i - 1), y_of(s.values[i - 1])}, b{x_of(i), y_of(s.values[i])};
      if (axes.stairs) {
        dl->AddLine(a, ImVec2{b.x, a.y}, s.colour, 2.f);
        dl->AddLine(ImVec2{b.x, a.y}, b, s.colour, 2.f);
      } else {
        dl->AddLine(a, b, s.colour, 2.f);
      }
    }
    if (tail > 0.f && count == n && count > 1) {
      const f32 y = y_of(s.values[count - 1]);
      dl->AddLine(ImVec2{x_of(count - 1), y}, ImVec2{max.x, y}, s.colour, 2.f);
    }
  }
  dl->PopClipRect();
  dl->AddLine(ImVec2{min.x, min.y}, ImVec2{min.x, max.y}, colour_axis);  // axes over everything
  dl->AddLine(ImVec2{min.x, max.y}, ImVec2{max.x, max.y}, colour_axis);
  ImGui::Dummy(ImVec2{width, line_h / 2 + axes.height + line_h + 6});
  // The x axis' unit, then the legend, wrapping where the panel ends.
  ImGui::TextDisabled("%s", tr("x: frame"_t));
  const f32 right = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  for (const plot_series& s : series) {
    const f32 item = 14.f + ImGui::GetStyle().ItemSpacing.x * 2 + ImGui::CalcTextSize(s.label.c_str()).x;
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + item > right) ImGui::NewLine();
    ImGui::ColorButton(s.label.c_str(), ImGui::ColorConvertU32ToFloat4(s.colour), ImGuiColorEditFlags_NoTooltip,
                       ImVec2{10, 10});
    ImGui::SameLine();
    ImGui::TextUnformatted(s.label.c_str());
  }
  return ImVec4{min.x, min.y, max.x, max.y};
}

}  // namespace xe::sandbox::ui
