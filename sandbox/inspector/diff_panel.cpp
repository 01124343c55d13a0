#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

std::string describe_order(u64 then, u64 now) {
  if (then + 1 == now)
    return tr("The snapshot is older, by 1 frame: the changes below happened since it was written."_t);
  if (then < now)
    return trf("The snapshot is older, by {} frames: the changes below happened since it was written."_t, now - then);
  if (then == now + 1)
    return tr("The snapshot is newer, by 1 frame (or from another run): the changes below go back in time."_t);
  if (then > now)
    return trf("The snapshot is newer, by {} frames (or from another run): the changes below go back in time."_t,
               then - now);
  return trf("Both are frame {}: any change below was made without a frame in between."_t, now);
}

// Which side is older decides how the changes read: from the older state to the newer one.
void draw_diff(const shown_frame& shown, const loaded_snapshot* against, std::string_view against_path) {
  if (!against || !shown.record) {
    ImGui::TextWrapped(
        "%s",
        trf("Load a snapshot to compare against (Controls, '{}'): the changes from it to the frame shown appear here."_t,
            tr("Diff against"_t))
            .c_str());
    return;
  }
  const u64 then = against->record.frame.frame_number, now = shown.record->frame.frame_number;
  ImGui::TextWrapped("%s", trf("From {} (frame {}) to the frame shown (frame {})."_t, against_path, then, now).c_str());
  const std::string order = describe_order(then, now);
  if (then > now) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{1.f, 0.8f, 0.3f, 1.f});
  ImGui::TextWrapped("%s", order.c_str());
  if (then > now) ImGui::PopStyleColor();
  ImGui::Separator();
  const record_diff changes = diff(against->record, *shown.record);
  if (changes.empty()) ImGui::TextDisabled("%s", tr("no changes"_t));
  for (const std::string& line : changes.describe(ui_language())) ImGui::BulletText("%s", line.c_str());
}

}  // namespace xe::sandbox::ui
