#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"

namespace xe::sandbox::ui {

// One column per frame slot: the fence value it waits for, when it is processed, and what
// waits in it (descriptor indices, COM objects).
void draw_deferred(const shown_frame& shown, const focus& focus) {
  const frame_record& r = *shown.record;
  const gfx::frame_stats& f = r.frame;
  if (!ImGui::BeginTable("deferred", gfx::frame_buffer_count, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame))
    return;
  for (u32 s = 0; s < gfx::frame_buffer_count; ++s)
    ImGui::TableSetupColumn(fmt::format("slot {}{}", s, s == f.frame_index ? " (current)" : "").c_str());
  ImGui::TableHeadersRow();
  ImGui::TableNextRow();
  for (u32 s = 0; s < gfx::frame_buffer_count; ++s) {
    ImGui::TableSetColumnIndex(static_cast<int>(s));
    if (s == focus.slot) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(255, 255, 255, 40));
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_deferred_text[s]), "fence value %llu",
                       static_cast<unsigned long long>(f.slot_fence_values[s]));
    ImGui::Text("GPU is at %llu", static_cast<unsigned long long>(f.gpu_completed));
    const u32 wait = frames_until(f, s);
    ImGui::TextWrapped("processed %s", wait == 0   ? "at the next begin_frame"
                                       : wait == 1 ? "after 1 more frame"
                                                   : fmt::format("after {} more frames", wait).c_str());
    for (const heap_record& h : r.heaps)
      for (u32 index : h.state->deferred[s]) ImGui::BulletText("%s[%u]", h.info.name.c_str(), index);
    for (const gfx::object_info& o : r.objects->deferred_releases[s])
      ImGui::BulletText("%s (%s)", o.name.c_str(), o.type.c_str());
  }
  ImGui::EndTable();
}

} // namespace xe::sandbox::ui
