#pragma once
// The lesson panel (Dear ImGui): chapter list, the step in the chosen language, the
// prediction (choices before Next, the engine's answer after), and the stepping buttons.
#include <vector>

#include "lessons/lesson_session.h"

namespace xe::sandbox {

class lesson_panel {
public:
  // Between ImGui::NewFrame and ImGui::Render.
  void draw(const lesson_view& view);
  std::vector<lesson_request> take_requests() { return std::exchange(_requests, {}); }

private:
  void draw_step(const lesson_view& view, const lesson& l);
  void draw_prediction(const lesson_view& view, const prediction& p, bool answered);

  std::vector<lesson_request> _requests;
  int _guess{-1};          // the learner's pick for the step about to run
  u32 _guess_for{~0u};     // (lesson index << 16) | step the pick belongs to
};

} // namespace xe::sandbox
