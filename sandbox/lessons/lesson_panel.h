#pragma once
// The lesson panel (Dear ImGui): chapter list, the step in the chosen language, the
// prediction (choices before Next, the engine's answer after), a failed step explained in
// the step's terms with a Retry, and the stepping buttons with their keys.
#include <map>
#include <string>
#include <vector>

#include <imgui.h>

#include "lessons/lesson_session.h"

namespace xe::sandbox {

class lesson_panel {
public:
  // The window title in the view's language; the ID after ### stays the same.
  static const char* title(const lesson_view& view);
  // The panel's contents, inside a window the overlay opened.
  void draw(const lesson_view& view);
  std::vector<lesson_request> take_requests() { return std::exchange(_requests, {}); }
  void begin_pass() { _buttons.clear(); }
  // Buttons drawn in the last pass, by their ID ("next", "back", ...), in screen pixels.
  const std::map<std::string, ImVec4, std::less<>>& buttons() const { return _buttons; }

private:
  void draw_buttons(const lesson_view& view, const lesson& l);
  void draw_step(const lesson_view& view, const lesson& l);
  void draw_prediction(const lesson_view& view, const prediction& p, bool answered);
  void draw_status(const lesson_view& view);
  void draw_references(const lesson_step& step, language lang);
  bool button(const char* label, const char* id, bool enabled);

  std::vector<lesson_request> _requests;
  std::map<std::string, ImVec4, std::less<>> _buttons;
  int _guess{-1};          // the learner's pick for the step about to run
  u32 _guess_for{~0u};     // (lesson index << 16) | step the pick belongs to
};

} // namespace xe::sandbox
