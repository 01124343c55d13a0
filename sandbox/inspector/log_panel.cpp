#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

// The shown frame's engine events, then the process log (engine, Vulkan validation, and
// what the inspector's actions did).
void draw_log(const shown_frame& shown, spdlog::sinks::ringbuffer_sink_mt& log) {
  ImGui::TextDisabled("%s", tr("events of the frame shown"_t));
  for (const recorded_event& e : shown.record->events) {
    std::string line = gfx::to_string(e.type);
    if (!e.heap.empty()) line += fmt::format(" {}[{}]", e.heap, e.index);
    if (!e.name.empty()) line += " " + e.name.str();
    if (e.slot != invalid_id) line += fmt::format(" slot {}", e.slot);
    if (e.type == gfx::event_type::fence_signaled || e.type == gfx::event_type::fence_waited)
      line += fmt::format(" value {}", e.value);
    if (!e.detail.empty()) line += ": " + e.detail.str();
    ImGui::TextWrapped("%s", line.c_str());  // whole, however narrow the panel
  }
  ImGui::Separator();
  ImGui::TextDisabled("%s", tr("log (engine, Vulkan validation)"_t));
  for (const std::string& line : log.last_formatted(120)) ImGui::TextWrapped("%s", line.c_str());
}

}  // namespace xe::sandbox::ui
