#include <algorithm>

#include "inspector/panels.h"

namespace xe::sandbox::ui {

shown_frame timeline::shown(const history_ring& history) const {
  if (history.empty()) return {};
  const u32 at = _paused ? std::min(_scrub, history.size() - 1) : history.size() - 1;
  return {&history.at(at), at > 0 ? &history.at(at - 1) : nullptr, &history, at};
}

void timeline::draw(const history_ring& history, marks& marks) {
  if (history.empty()) return;
  ImGui::Checkbox("Pause view", &_paused);
  ImGui::SameLine();
  if (!_paused) _scrub = history.size() - 1;
  int scrub = static_cast<int>(std::min(_scrub, history.size() - 1));
  ImGui::SetNextItemWidth(-80);
  if (ImGui::SliderInt("##frame", &scrub, 0, static_cast<int>(history.size()) - 1, "history %d")) {
    _paused = true;
    _scrub = static_cast<u32>(scrub);
  }
  ImGui::SameLine();
  if (marks.button("<") && _scrub > 0) {
    _paused = true;
    --_scrub;
  }
  ImGui::SameLine();
  if (marks.button(">") && _scrub + 1 < history.size()) {
    _paused = true;
    ++_scrub;
  }
  const frame_record* r = shown(history).record;
  ImGui::Text("%s frame %llu (slot %u)   history: %u frames, %.1f KiB", _paused ? "Paused at" : "Live:",
              static_cast<unsigned long long>(r->frame.frame_number), r->frame.frame_index, history.size(),
              static_cast<f64>(history.calculate_bytes()) / 1024.0);
}

} // namespace xe::sandbox::ui
