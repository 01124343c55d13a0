#include "inspector/panels.h"

namespace xe::sandbox::ui {

void draw_diff(const shown_frame& shown, const loaded_snapshot* against) {
  if (!against || !shown.record) {
    ImGui::TextWrapped("Load a snapshot to compare against (Controls, 'Diff against'): the changes from it to the "
                       "frame shown appear here.");
    return;
  }
  for (const std::string& line : diff(against->record, *shown.record).describe()) ImGui::BulletText("%s", line.c_str());
}

} // namespace xe::sandbox::ui
