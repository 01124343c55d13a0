#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"

namespace xe::sandbox::ui {

std::string describe_order(u64 then, u64 now) {
  if (then < now)
    return fmt::format("The snapshot is older, by {} frame{}: the changes below happened since it was written.",
                       now - then, now - then == 1 ? "" : "s");
  if (then > now)
    return fmt::format("The snapshot is newer, by {} frame{} (or from another run): the changes below go back in time.",
                       then - now, then - now == 1 ? "" : "s");
  return fmt::format("Both are frame {}: any change below was made without a frame in between.", now);
}

// Which side is older decides how the changes read: from the older state to the newer one.
void draw_diff(const shown_frame& shown, const loaded_snapshot* against, std::string_view against_path) {
  if (!against || !shown.record) {
    ImGui::TextWrapped(
        "Load a snapshot to compare against (Controls, 'Diff against'): the changes from it to the "
        "frame shown appear here.");
    return;
  }
  const u64 then = against->record.frame.frame_number, now = shown.record->frame.frame_number;
  ImGui::TextWrapped("From %.*s (frame %llu) to the frame shown (frame %llu).", static_cast<int>(against_path.size()),
                     against_path.data(), static_cast<unsigned long long>(then), static_cast<unsigned long long>(now));
  const std::string order = describe_order(then, now);
  if (then > now) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{1.f, 0.8f, 0.3f, 1.f});
  ImGui::TextWrapped("%s", order.c_str());
  if (then > now) ImGui::PopStyleColor();
  ImGui::Separator();
  const record_diff changes = diff(against->record, *shown.record);
  if (changes.empty()) ImGui::TextDisabled("no changes");
  for (const std::string& line : changes.describe()) ImGui::BulletText("%s", line.c_str());
}

}  // namespace xe::sandbox::ui
