#include <algorithm>

#include <imgui_internal.h>

#include "inspector/panels.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

void draw_resources(const shown_frame& shown, focus& focus, marks& marks) {
  const frame_record& r = *shown.record;
  // Every column as wide as its widest cell, never cut: narrower panels (1280x720 gives the
  // inspector about 580 pixels) scroll sideways, the names staying in view.
  constexpr ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                    ImGuiTableFlags_ScrollX | ImGuiTableFlags_SizingFixedFit |
                                    ImGuiTableFlags_Resizable;
  // As tall as its rows, up to 24 of them (the panel sizes itself to its content), and the
  // sideways scroll bar.
  const f32 rows = static_cast<f32>(std::min<size_t>(r.objects->resources.size(), 24) + 1);
  const f32 height = rows * ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ScrollbarSize + 4.f;
  if (!ImGui::BeginTable("resources", 7, flags, ImVec2{0.f, height})) return;
  // state: the D3D12 state its last recorded barrier left it in (next to the name: what
  // lessons 13 and 14 read, in view however narrow the panel); lifetime: live or waiting.
  constexpr text_key names[] = {"name"_t, "state"_t, "kind"_t, "size"_t, "format"_t, "bytes"_t, "lifetime"_t};
  for (text_key name : names) ImGui::TableSetupColumn(ui_label(name).c_str());
  ImGui::TableSetupScrollFreeze(1, 1);
  const f32 header_y = ImGui::GetCursorScreenPos().y;
  ImGui::TableHeadersRow();
  for (const gfx::resource_info& res : r.objects->resources) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    if (!focus.resource.empty() && res.name == focus.resource) {
      ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg1, IM_COL32(255, 235, 59, 70));  // colour_changed, faint
      if (std::exchange(focus.scroll_to_row, false)) ImGui::SetScrollHereY(0.5f);
      const ImVec2 at = ImGui::GetCursorScreenPos();
      marks.remember("resource row", ImVec4{at.x, at.y, at.x + 1.f, at.y + ImGui::GetTextLineHeight()});
    }
    ImGui::TextUnformatted(res.name.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", res.name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(res.state.c_str());
    if (ImGui::IsItemHovered() && !res.state.empty()) ImGui::SetTooltip("D3D12_RESOURCE_STATE_%s", res.state.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%s %s", gfx::to_string(res.kind), res.type.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%ux%u", res.width, res.height);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(res.format.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(res.bytes));
    ImGui::TableNextColumn();
    if (res.pending_release)
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_deferred_text[res.release_slot % gfx::frame_slot_count]),
                         "%s", trf("release waits in frame slot {}"_t, res.release_slot).c_str());
    else
      ImGui::TextUnformatted(tr("live"_t));
  }
  // Where each column lies (screen x, scrolled), for tests: as wide as its widest cell.
  if (const ImGuiTable* table = ImGui::GetCurrentTable())
    for (int i = 0; i < table->ColumnsCount && i < 7; ++i) {
      marks.remember(std::string{"resources column:"} + std::string{names[i].english},
                     ImVec4{table->Columns[i].MinX, 0.f, table->Columns[i].MaxX, 0.f});
      name_item(names[i], ui_label(names[i]),
                ImVec4{table->Columns[i].MinX, header_y, table->Columns[i].MaxX,
                       header_y + ImGui::TableGetHeaderRowHeight()});
    }
  ImGui::EndTable();
}

}  // namespace xe::sandbox::ui
