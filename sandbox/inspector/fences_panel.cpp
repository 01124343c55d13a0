#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"

namespace xe::sandbox::ui {

// The shown frame's fence values, then the history up to it: the CPU's signalled value
// against the GPU's completed one, and the CPU's wait in each begin_frame.
void draw_fences(const shown_frame& shown, std::vector<f32>& scratch) {
  const gfx::frame_stats& f = shown.record->frame;
  ImGui::Text("CPU value %llu, GPU completed %llu, frames in flight %u", static_cast<unsigned long long>(f.cpu_fence_value),
              static_cast<unsigned long long>(f.gpu_completed), f.frames_in_flight);
  std::string slots;
  for (u64 v : f.slot_fence_values) slots += fmt::format("{}{}", slots.empty() ? "" : ", ", v);
  ImGui::Text("slot values [%s], last wait %.3f ms", slots.c_str(), static_cast<f64>(f.last_wait_ms));
  if (!shown.history) {
    ImGui::TextDisabled("a loaded snapshot has no history to plot");
    return;
  }
  const history_ring& history = *shown.history;

  // The CPU's signalled value (orange) against the GPU's completed value (green) over the
  // history up to the shown frame: the gap between them is how far the CPU runs ahead.
  const u32 n = std::min(shown.at + 1, 300u);
  const u32 first = shown.at + 1 - n;
  const u64 low = history.at(first).frame.gpu_completed;
  const u64 high = std::max<u64>(f.cpu_fence_value, low + 1);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const f32 w = ImGui::GetContentRegionAvail().x, h = 120;
  dl->AddRectFilled(origin, ImVec2{origin.x + w, origin.y + h}, IM_COL32(30, 30, 30, 255));
  const auto y = [&](u64 v) {
    return origin.y + h - 2 - static_cast<f32>(std::min(v, high) - std::min(v, low)) / static_cast<f32>(high - low) * (h - 4);
  };
  for (u32 k = 1; k < n; ++k) {
    const gfx::frame_stats& a = history.at(first + k - 1).frame;
    const gfx::frame_stats& b = history.at(first + k).frame;
    const f32 x0 = origin.x + static_cast<f32>(k - 1) * w / static_cast<f32>(n), x1 = origin.x + static_cast<f32>(k) * w / static_cast<f32>(n);
    dl->AddLine(ImVec2{x0, y(a.cpu_fence_value)}, ImVec2{x1, y(b.cpu_fence_value)}, colour_allocated, 2.f);
    dl->AddLine(ImVec2{x0, y(a.gpu_completed)}, ImVec2{x1, y(b.gpu_completed)}, colour_free, 2.f);
  }
  ImGui::Dummy(ImVec2{w, h});
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_allocated), "CPU signalled");
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_free), "GPU completed");
  ImGui::SameLine();
  ImGui::Text("(last %u frames)", n);

  scratch.resize(n);
  f32 worst = 0;
  for (u32 k = 0; k < n; ++k) worst = std::max(worst, scratch[k] = history.at(first + k).frame.last_wait_ms);
  ImGui::PlotHistogram("##wait", scratch.data(), static_cast<int>(n), 0,
                       fmt::format("CPU wait in begin_frame (ms), max {:.2f}", worst).c_str(), 0.f,
                       std::max(worst, 0.001f), ImVec2{w, 80});
}

} // namespace xe::sandbox::ui
