#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

// The surfaces' utl::free_list: one card per slot, the free chain drawn as arrows.
void draw_surfaces(const shown_frame& shown, const focus& focus, const highlights& glow) {
  const gfx::surfaces_info& s = shown.record->surfaces();
  const bool none = s.next_free == invalid_id;
  if (s.learner)  // the chain is the learner's free_list's, not the engine's utl::free_list
    ImGui::TextUnformatted((none ? trf("your free_list: {} surface slots, next free: none"_t, s.capacity)
                                 : trf("your free_list: {} surface slots, next free: {}"_t, s.capacity, s.next_free))
                               .c_str());
  else
    ImGui::TextUnformatted(
        (none ? trf("utl::free_list<d3d12_surface>: {} surface slots, next free: none"_t, s.capacity)
              : trf("utl::free_list<d3d12_surface>: {} surface slots, next free: {}"_t, s.capacity, s.next_free))
            .c_str());
  if (s.learner) {  // the learner's free_list chose the slots: what the engine refused of it
    ImGui::PushStyleColor(ImGuiCol_Text, s.faults ? colour_changed : ImGui::GetColorU32(ImGuiCol_Text));
    ImGui::TextWrapped(
        "%s", s.faults ? trf("your code: {} answer(s) refused by the engine (the last on hover)"_t, s.faults).c_str()
                       : tr("your code (Build it yourself) chooses these slots and keeps the chain"_t));
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered() && !s.last_fault.empty()) ImGui::SetTooltip("%s", s.last_fault.c_str());
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  origin.x += 44;  // room for the head of the free chain
  origin.y += 34;  // and for the arrows
  const f32 w = 118, h = 92, gap = 14, row_height = h + 34;
  // As many cards a row as fit: every slot stays in sight however narrow the panel.
  const size_t per_row =
      std::max<size_t>(1, static_cast<size_t>((ImGui::GetContentRegionAvail().x - 44 + gap) / (w + gap)));
  const size_t rows = std::max<size_t>(1, (s.slots.size() + per_row - 1) / per_row);
  std::vector<ImVec2> tops(s.slots.size());
  // A surface created or rebuilt: live, its border glows and fades over about a second; an
  // earlier frame shown outlines the surfaces its own events rebuilt.
  std::vector<f32> rebuilt(s.slots.size(), 0.f);
  if (shown.newest()) {
    for (size_t i = 0; i < rebuilt.size(); ++i) rebuilt[i] = glow.rebuilt(static_cast<u32>(i));
  } else if (shown.history) {
    for (const recorded_event& e : shown.history->new_events(shown.at))
      if ((e.type == gfx::event_type::surface_resized || e.type == gfx::event_type::surface_created) &&
          e.surface < rebuilt.size())
        rebuilt[e.surface] = 1.f;
  }
  for (size_t i = 0; i < s.slots.size(); ++i) {
    const gfx::surface_info& slot = s.slots[i];
    const ImVec2 min{origin.x + static_cast<f32>(i % per_row) * (w + gap),
                     origin.y + static_cast<f32>(i / per_row) * row_height};
    const ImVec2 max{min.x + w, min.y + h};
    tops[i] = ImVec2{min.x + w / 2, min.y};
    dl->AddRectFilled(min, max, slot.live ? colour_slot_live : colour_slot_free, 4.f);
    if (rebuilt[i] > 0.f)
      dl->AddRect(ImVec2{min.x - 1, min.y - 1}, ImVec2{max.x + 1, max.y + 1},
                  (colour_changed & 0x00ffffffu) | (static_cast<ImU32>(255 * rebuilt[i]) << IM_COL32_A_SHIFT), 4.f, 0,
                  3.f);
    if (i == focus.surface)
      dl->AddRect(ImVec2{min.x - 3, min.y - 3}, ImVec2{max.x + 3, max.y + 3}, colour_focus, 4.f, 0, 2.f);
    std::string text = trf("slot {} (gen {})"_t, i, slot.generation) + "\n";
    if (slot.live) {
      text += fmt::format("{} {}x{}",
                          slot.kind == "window"      ? tr("window"_t)
                          : slot.kind == "offscreen" ? tr("offscreen"_t)
                                                     : slot.kind,
                          slot.width, slot.height);
      if (slot.fullscreen) text += std::string{"\n"} + tr("fullscreen"_t);
      text +=
          "\n" + trf("{} buffers, now {}"_t, slot.back_buffers, shown.record->back_buffer_index(static_cast<u32>(i)));
      text += "\nRTV";
      for (u32 rtv : slot.rtv_indices) text += " " + std::to_string(rtv);
      if (slot.dsv_index != invalid_id) text += fmt::format("\nDSV {}", slot.dsv_index);
    } else {
      text += std::string{tr("free"_t)} + "\n" +
              (slot.next_free == invalid_id ? std::string{tr("next: end"_t)} : trf("next: {}"_t, slot.next_free));
    }
    dl->AddText(ImVec2{min.x + 5, min.y + 4}, colour_text, text.c_str());
    if (slot.live && ImGui::IsMouseHoveringRect(min, max)) {
      const gfx::viewport_info& v = slot.viewport;
      const gfx::scissor_info& r = slot.scissor;
      std::string tip =
          trf("viewport {}x{} at ({}, {}), depth {} to {}"_t, v.width, v.height, v.x, v.y, v.min_depth, v.max_depth) +
          "\n" + trf("scissor ({}, {}) to ({}, {})"_t, r.left, r.top, r.right, r.bottom);
      if (const gfx::depth_buffer_info& d = slot.depth; !d.format.empty())
        tip += "\n" + trf("depth buffer {} (DSV {}), {}; optimised clear value {}, cleared to {}"_t, d.format,
                          d.view_format, d.state, d.optimized_clear, d.clears_to);
      if (const gfx::back_buffer_desc_info& b = slot.buffer; !b.format.empty())
        tip += "\n" + trf("back buffers {}, SampleDesc {}/{}, {}, presented by {}"_t, b.format, b.samples,
                          b.sample_quality, b.render_target ? "ALLOW_RENDER_TARGET" : "no ALLOW_RENDER_TARGET",
                          b.presentation);
      ImGui::SetTooltip("%s", tip.c_str());
    }
  }
  // The free chain: head -> slot -> next -> ...
  if (s.next_free != invalid_id && s.next_free < tops.size()) {
    const ImVec2 head{origin.x - 40, origin.y - 22};
    dl->AddText(ImVec2{head.x, head.y - 8}, colour_changed, tr("head"_t));
    arrow(dl, ImVec2{head.x + 16, head.y + 8}, tops[s.next_free], colour_changed);
    for (size_t i = 0; i < s.slots.size(); ++i) {
      const u32 next = s.slots[i].next_free;
      if (!s.slots[i].live && next != invalid_id && next < tops.size()) arrow(dl, tops[i], tops[next], colour_changed);
    }
  }
  const size_t columns = std::min(per_row, std::max<size_t>(1, s.slots.size()));
  ImGui::Dummy(ImVec2{static_cast<f32>(columns) * (w + gap) + 44, static_cast<f32>(rows) * row_height + 6});
}

}  // namespace xe::sandbox::ui
