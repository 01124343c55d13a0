#pragma once
// The lesson panel (Dear ImGui): chapter list, the step in the chosen language, the
// prediction (choices before Next, the engine's answer after), a failed step explained in
// the step's terms with a Retry, and the stepping buttons with their keys. A second tab
// holds the glossary, searchable; the terms a step names are listed under it and open
// their entry there.
#include <map>
#include <string>
#include <vector>

#include <imgui.h>

#include "lessons/lesson_session.h"

namespace xe::sandbox {

class lesson_panel {
public:
  // The window title in the view's language; the ID after ### stays the same.
  static std::string title(const lesson_view& view);
  // The panel's contents, inside a window the overlay opened. A window that sizes itself to
  // its content passes its greatest height (0: the space left in it).
  void draw(const lesson_view& view);
  void set_height_limit(f32 height) { _height_limit = height; }
  std::vector<lesson_request> take_requests() { return std::exchange(_requests, {}); }
  bool has_requests() const { return !_requests.empty(); }
  void begin_pass() {
    _buttons.clear();
    _hovered.clear();
  }
  // The glossary entry on screen (its id), or empty while the Lesson tab is shown.
  std::string shown_term() const { return _glossary_shown ? _term : std::string{}; }
  // Opens the Glossary tab at a term (by id) on the next pass.
  void show_term(std::string_view id);
  // Buttons drawn in the last pass, by their ID ("next", "back", "tab-glossary",
  // "term:free-stack", "glossary-search", ...), in screen pixels.
  const std::map<std::string, ImVec4, std::less<>>& buttons() const { return _buttons; }
  const std::string& hovered_button() const { return _hovered; }  // as marks::hovered()

private:
  void draw_lesson(const lesson_view& view);
  void draw_buttons(const lesson_view& view, const lesson& l);
  void draw_step(const lesson_view& view, const lesson& l);
  void draw_prediction(const lesson_view& view, const prediction& p, bool answered);
  void draw_status(const lesson_view& view);
  void draw_measured(const lesson_view& view, const lesson_step& step);
  void draw_references(const lesson_step& step, language lang);
  void draw_step_terms(const lesson_view& view, const lesson_step& step);
  void draw_exercise(const lesson_view& view, const lesson_step& step);
  void draw_next(const lesson_view& view, const lesson& l);
  void draw_code(const lesson_view& view);
  void draw_own_turn(const lesson_view& view);
  bool begin_scrolling(const char* id, f32 height, f32 below);
  void end_scrolling(const char* id, f32& height);
  void draw_glossary(const lesson_view& view);
  void draw_entry(const lesson_view& view, const glossary_term& t);
  void remember(const std::string& id);  // the last item's rectangle, as a button's
  bool button(const char* label, const char* id, bool enabled);

  std::vector<lesson_request> _requests;
  std::map<std::string, ImVec4, std::less<>> _buttons;
  std::string _hovered;
  f32 _height_limit{0.f};  // set_height_limit(); 0: the space left where the panel is drawn
  f32 _text_height{0.f};   // the step text's full height, last pass
  f32 _asks_height{0.f};   // what follows it, last pass
  f32 _entry_height{0.f};  // the glossary entry's full height, last pass
  f32 _code_height{0.f};   // the learner's code's verdict and details, last pass
  u32 _text_for{~0u};      // (lesson index << 16) | steps done whose text is shown
  std::string _verdict;    // this pass: the answered prediction's verdict, drawn under the text
  bool _verdict_right{false};
  std::map<u32, int> _guesses;  // the learner's pick, by (lesson index << 16) | step number
  std::string _term;            // the glossary entry shown
  bool _glossary_shown{false};
  bool _open_glossary{false};   // select the Glossary tab on the next pass
  bool _scroll_to_term{false};  // bring _term into the list's view
  char _search[64]{};
  std::string _searched;  // the search the list was last drawn for
};

}  // namespace xe::sandbox
