#include <spdlog/fmt/fmt.h>

#include "graphics/lab.h"
#include "inspector/panels.h"
#include "inspector/plot.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

// One column per frame slot: the fence value it waits for, when it is processed, and what
// waits in it (descriptor indices, COM objects).
void draw_deferred(const shown_frame& shown, const focus& focus, const highlights& glow, marks& marks) {
  const frame_record& r = *shown.record;
  const gfx::frame_stats& f = r.frame;
  if (gfx::lab::learner_release_code_running())  // for this engine's life: every frame shown
    ImGui::TextWrapped(
        "%s", tr("your code (Build it yourself) keeps these release queues; the Log lists what the engine refused"_t));
  if (!ImGui::BeginTable("deferred", gfx::frame_slot_count,
                         ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame))
    return;
  for (u32 s = 0; s < gfx::frame_slot_count; ++s)
    ImGui::TableSetupColumn(
        (s == f.frame_slot ? trf("frame slot {} (current)"_t, s) : trf("frame slot {}"_t, s)).c_str());
  ImGui::TableHeadersRow();
  ImGui::TableNextRow();
  for (u32 s = 0; s < gfx::frame_slot_count; ++s) {
    ImGui::TableSetColumnIndex(static_cast<int>(s));
    if (s == focus.slot) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(255, 255, 255, 40));
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_deferred_text[s]), "%s",
                       trf("fence value {}"_t, f.slot_fence_values[s]).c_str());
    ImGui::TextUnformatted(trf("GPU is at {}"_t, f.gpu_completed).c_str());
    const u32 wait = frames_until(f, s);
    ImGui::TextWrapped("%s", wait == 0   ? tr("processed at the next begin_frame"_t)
                             : wait == 1 ? tr("processed after 1 more frame"_t)
                                         : trf("processed after {} more frames"_t, wait).c_str());
    u32 queued = 0;
    for (const heap_record& h : r.heaps())
      for (u32 index : h.state->deferred[s]) {
        const std::string* owner = lookup(h.state->owners, index);
        const u64* freed = lookup(h.state->freed_frames, index);
        ImGui::Bullet();
        ImGui::TextWrapped("%s[%u]%s%s%s", h.info.name.c_str(), index, owner ? " " : "", owner ? owner->c_str() : "",
                           freed ? trf(", freed in frame {}"_t, *freed).c_str() : "");
        ++queued;
      }
    for (const gfx::object_info& o : r.objects->deferred_releases[s]) {
      ImGui::Bullet();
      ImGui::TextWrapped("%s (%s)", o.name.c_str(), o.type.c_str());
      ++queued;
    }
    if (queued == 0) ImGui::TextDisabled("%s", tr("empty"_t));
  }
  ImGui::EndTable();
  // What came back in the newest frames, fading over about a second.
  if (shown.newest()) {
    const auto returned = glow.returned_now();
    if (!returned.empty()) ImGui::TextUnformatted(tr("back on the free stack:"_t));
    for (const auto& [key, strength] : returned) {
      ImGui::SameLine();
      ImVec4 c = ImGui::ColorConvertU32ToFloat4(colour_free);
      c.x += (1 - c.x) * 0.4f, c.y += (1 - c.y) * 0.4f, c.z += (1 - c.z) * 0.4f;  // readable on the panel
      c.w = 0.25f + 0.75f * strength;
      ImGui::TextColored(c, "%s[%u]", key.first.c_str(), key.second);
    }
  }
  if (!shown.history) return;
  // Each slot's queue length over the history up to the shown frame: descriptors and COM
  // objects waiting for the slot's fence.
  const plot_window window = plot_window_of(shown);
  plot_axes axes;
  axes.title = tr("Deferred queue length per frame slot (descriptors + objects)"_t);
  axes.stairs = true;
  axes.marked = window.count - 1;
  std::vector<plot_series> slots(gfx::frame_slot_count);
  for (u32 s = 0; s < gfx::frame_slot_count; ++s) slots[s] = {trf("frame slot {}"_t, s), colour_deferred_text[s], {}};
  for (u32 k = 0; k < window.count; ++k) {
    const frame_record& at = shown.history->at(window.first + k);
    axes.frames.push_back(at.frame.frame_number);
    for (u32 s = 0; s < gfx::frame_slot_count; ++s) {
      size_t length = at.objects->deferred_releases[s].size();
      for (const heap_record& h : at.heaps()) length += h.info.deferred_counts[s];
      slots[s].values.push_back(static_cast<f32>(length));
    }
  }
  marks.remember("plot:deferred queues", draw_plot(axes, slots));
}

}  // namespace xe::sandbox::ui
