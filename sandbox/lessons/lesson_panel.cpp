#include "lessons/lesson_panel.h"

#include <algorithm>
#include <cfloat>
#include <sstream>

#include <imgui.h>
#include <spdlog/fmt/fmt.h>

#include "exercise/exercise.h"
#include "lessons/lesson_console.h"
#include "lessons/lesson_explain.h"
#include "inspector/panel_common.h"
#include "inspector/ui_text.h"
#include "lessons/line_breaks.h"

namespace xe::sandbox {
namespace {

std::string choice_text(const choice& c, language l) {
  return c.label ? c.label->in(l) : c.value.is_string() ? c.value.get<std::string>() : c.value.dump();
}

const ImVec4 colour_title{1.f, 0.85f, 0.4f, 1.f};
const ImVec4 colour_right{0.4f, 0.9f, 0.4f, 1.f};  // a right guess, a solved exercise
const ImVec4 colour_wrong{1.f, 0.5f, 0.4f, 1.f};   // the learner's code does not build or pass yet
const ImVec4 colour_error{1.f, 0.5f, 0.45f, 1.f};
const ImVec4 colour_note{0.55f, 0.8f, 1.f, 1.f};

// The term's name in the other languages, where it differs ("free list" beside "空闲链表").
std::string other_names(const glossary_term& t, language lang) {
  std::string out;
  for (language other : languages()) {
    const std::string& name = t.term.in(other);
    if (other == lang || name == t.term.in(lang) || out.find(name) != std::string::npos) continue;
    out += (out.empty() ? "" : " · ") + name;
  }
  return out;
}

// Lesson text wrapped by the rules of line_breaks.h (ImGui's own wrap breaks Chinese anywhere).
void text_wrapped(const std::string& text) {
  const auto measure = [](std::string_view s) { return ImGui::CalcTextSize(s.data(), s.data() + s.size()).x; };
  for (std::string_view line : break_lines(text, ImGui::GetContentRegionAvail().x, measure))
    ImGui::TextUnformatted(line.data(), line.data() + line.size());
}

// A file's path, broken after a '/' (or '\\') where it does not fit: a path has no spaces.
void path_wrapped(const std::string& path) {
  const f32 width = ImGui::GetContentRegionAvail().x;
  size_t start = 0, fits = 0;
  for (size_t i = 0; i < path.size(); ++i) {
    if (path[i] != '/' && path[i] != '\\' && i + 1 != path.size()) continue;
    const size_t end = i + 1;
    if (fits > start && ImGui::CalcTextSize(path.data() + start, path.data() + end).x > width) {
      ImGui::TextUnformatted(path.data() + start, path.data() + fits);
      start = fits;
    }
    fits = end;
  }
  if (start < path.size()) ImGui::TextUnformatted(path.data() + start, path.data() + path.size());
}

// What the step about to run (Next) does to the window the panels are in (surface 0), said before
// it happens: "" when it leaves the window alone.
std::string takes_over_window(const lesson_step& step, language lang) {
  for (const actions::step& a : step.actions) {
    const bool attempt = a.name == "attempt" && a.params.contains("action");
    const nlohmann::json& p = attempt ? a.params["action"] : a.params;
    const std::string name = attempt ? p.value("do", std::string{}) : a.name;
    if (p.value("slot", 0u) != 0u) continue;
    if (name == "toggle_fullscreen") return text(lang, "The next step switches this window to fullscreen or back."_t);
    if (name != "resize") continue;
    const u32 w = p.value("width", 0u), h = p.value("height", 0u);
    if (w == 0 || h == 0) return text(lang, "The next step minimises this window; restore it from the taskbar."_t);
    return textf(lang, "The next step resizes this window to {}x{}."_t, w, h);
  }
  return {};
}

}  // namespace

std::string lesson_panel::title(const lesson_view& view) { return ui::ui_label(view.lang, "Lesson"_t, "Lesson"); }

bool lesson_panel::button(const char* label, const char* id, bool enabled) {
  ImGui::BeginDisabled(!enabled);
  const bool pressed = ImGui::Button(fmt::format("{}###{}", label, id).c_str());
  ImGui::EndDisabled();
  remember(id);
  return pressed && enabled;
}

void lesson_panel::remember(const std::string& id) {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  _buttons[id] = ImVec4{min.x, min.y, max.x, max.y};
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) _hovered = id;
}

// A part of the panel that scrolls on its own, as tall as its content (height: last pass's)
// up to the room the panel has left above `below` pixels of what follows it.
bool lesson_panel::begin_scrolling(const char* id, f32 height, f32 below) {
  const f32 room = (_height_limit > 0.f ? _height_limit - ImGui::GetCursorPosY() - ImGui::GetStyle().WindowPadding.y
                                        : ImGui::GetContentRegionAvail().y) -
                   below;
  const f32 least = std::min(height, 3 * ImGui::GetTextLineHeightWithSpacing());
  return ImGui::BeginChild(id, ImVec2{0.f, std::max(std::min(height, room), least)});
}

// Ends it, noting its content's height and where it lies: an area, not a button, so never the
// hovered one (window tests scroll it to reach what is below its fold).
void lesson_panel::end_scrolling(const char* id, f32& height) {
  height = ImGui::GetCursorPosY();
  ImGui::EndChild();
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  _buttons[id] = ImVec4{min.x, min.y, max.x, max.y};
}

void lesson_panel::show_term(std::string_view id) {
  _term = std::string{id};
  _open_glossary = true;
  _scroll_to_term = true;
}

void lesson_panel::draw(const lesson_view& view) {
  const language lang = view.lang;
  if (!view.terms) return draw_lesson(view);
  if (!ImGui::BeginTabBar("lesson-tabs")) return;
  const bool open_glossary = std::exchange(_open_glossary, false);
  const std::string lesson_tab = ui::ui_label(lang, "Lesson"_t, "tab-lesson"),
                    glossary_tab = ui::ui_label(lang, "Glossary"_t, "tab-glossary");
  const bool lesson_open = ImGui::BeginTabItem(lesson_tab.c_str());
  remember("tab-lesson");
  ui::name_item("Lesson"_t, lesson_tab);
  if (lesson_open) {
    draw_lesson(view);
    ImGui::EndTabItem();
  }
  const bool glossary_open =
      ImGui::BeginTabItem(glossary_tab.c_str(), nullptr, open_glossary ? ImGuiTabItemFlags_SetSelected : 0);
  remember("tab-glossary");
  ui::name_item("Glossary"_t, glossary_tab);
  if (glossary_open) {
    draw_glossary(view);
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
  _glossary_shown = glossary_open;
}

void lesson_panel::draw_lesson(const lesson_view& view) {
  const language lang = view.lang;
  const std::vector<lesson>& lessons = *view.lessons;
  const lesson& current = lessons[view.current];
  const auto label = [&](const lesson& l) {
    const bool done = view.completed && view.completed->count(l.id);
    return fmt::format("{} {:<3} {}", done ? "[x]" : "[ ]", l.number, l.title.in(lang));
  };
  ImGui::SetNextItemWidth(-80);
  // The list is as wide as its longest title (the combo itself is narrower than most).
  f32 widest = 0;
  for (const lesson& l : lessons) widest = std::max(widest, ImGui::CalcTextSize(label(l).c_str()).x);
  const ImGuiStyle& style = ImGui::GetStyle();
  const f32 twenty_rows =
      (ImGui::GetFontSize() + style.ItemSpacing.y) * 20 - style.ItemSpacing.y + 2 * style.WindowPadding.y;
  ImGui::SetNextWindowSizeConstraints(ImVec2{widest + 2 * style.WindowPadding.x + style.ScrollbarSize, 0.f},
                                      ImVec2{FLT_MAX, twenty_rows});
  const bool open = ImGui::BeginCombo("##chapter", label(current).c_str(), ImGuiComboFlags_HeightLarge);
  if (!open && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", label(current).c_str());
  if (open) {
    for (u32 i = 0; i < lessons.size(); ++i)
      if (ImGui::Selectable(label(lessons[i]).c_str(), i == view.current))
        _requests.push_back({lesson_command::open, i, lang});
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  // The next language, named in itself: the button a learner who cannot read this one finds.
  if (button(lang.next().name().c_str(), "language", true))
    _requests.push_back({lesson_command::set_language, 0, lang.next()});
  draw_buttons(view, current);
  ImGui::Separator();
  // The step's text scrolls between the buttons and what comes next (a task, a prediction,
  // a failure), which stay in view: a keyboard learner sees them without scrolling. Sized
  // from the last pass's heights (the panel settles a pass later).
  if (begin_scrolling("step-text", _text_height, _asks_height)) {
    const u32 key = (view.current << 16) | view.steps_done;
    if (std::exchange(_text_for, key) != key) ImGui::SetScrollY(0.f);  // a new step reads from its start
    draw_step(view, current);
  }
  end_scrolling("step-text", _text_height);
  const f32 top = ImGui::GetCursorPosY();
  draw_next(view, current);
  if (view.code)
    draw_code(view);
  else if (view.own_turn && !view.own_turn->empty() && !view.failure && view.steps_done == current.steps.size())
    draw_own_turn(view);
  _asks_height = ImGui::GetCursorPosY() - top;
}


// --exercise: the learner's file and what its last save gave, under the step (it stays in
// view). The grader's and the compiler's words are English; the labels follow the lesson.
void lesson_panel::draw_code(const lesson_view& view) {
  const language lang = view.lang;
  const learner_code_view& c = *view.code;
  ImGui::Separator();
  ImGui::TextColored(colour_title, "%s", textf(lang, "Your code: {}"_t, c.exercise).c_str());
  if (ImGui::IsItemHovered() && c.in_engine)
    ImGui::SetTooltip(
        "%s",
        text(lang,
             "Your code keeps this lesson's heaps. Save the file to rebuild, regrade and replay to this step."_t));
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  path_wrapped(c.file);
  if (!c.runs_in_engine)
    text_wrapped(text(
        lang, "Graded only: the engine keeps its own version in this lesson. Save the file to rebuild and regrade."_t));
  else if (!c.in_engine)
    text_wrapped(text(
        lang,
        "Not in the engine yet: the engine keeps its own version until your code runs the lesson without a crash, a hang or a refused start. Save the file to rebuild and regrade."_t));
  ImGui::PopStyleColor();
  using work = learner_code_view::work;
  if (c.now != work::watching) {  // the last result stays below until the new one comes
    const text_key doing = c.now == work::building  ? "Saved: building your file..."_t
                           : c.now == work::grading ? "Grading your code..."_t
                                                    : "Playing the lesson on your code in a process of its own..."_t;
    text_wrapped(text(lang, doing));
  }
  // The verdict, a compile error list, a sequence of calls or what the engine does
  // differently can be long: at most six lines, scrolled (sized from the last pass); all of
  // it is in the terminal.
  if (!c.headline.empty()) {
    const f32 most = 6.f * ImGui::GetTextLineHeightWithSpacing();
    if (ImGui::BeginChild("code-verdict", ImVec2{0.f, std::min(_code_height > 0.f ? _code_height : most, most)})) {
      ImGui::PushStyleColor(ImGuiCol_Text, c.passed ? colour_right : colour_wrong);
      text_wrapped(c.headline);
      ImGui::PopStyleColor();
      for (const std::string& d : c.details) text_wrapped(d);
      if (c.passed && c.engine_differs) {
        ImGui::TextColored(colour_title, "%s", text(lang, "What the engine's own version does differently:"_t));
        text_wrapped(text_in(*c.engine_differs, lang.code()));
      }
      _code_height = ImGui::GetCursorPosY();
    }
    ImGui::EndChild();
  }
  if (!c.timing.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped(c.timing);
    ImGui::PopStyleColor();
  }
}

// The end of a lesson that has exercises: write its parts yourself.
void lesson_panel::draw_own_turn(const lesson_view& view) {
  const language lang = view.lang;
  ImGui::Separator();
  ImGui::TextColored(colour_title, "%s", text(lang, "Build it yourself"_t));
  text_wrapped(text(
      lang,
      "Write this chapter's engine parts yourself: the sandbox copies a skeleton into your folder, builds and grades your file on every save, and shows your code at work."_t));
  for (const lesson_exercise& ex : *view.own_turn) {
    const std::string id = "your-turn:" + ex.id;
    if (button(text(lang, "Write it yourself"_t), id.c_str(), true)) {
      lesson_request r{lesson_command::your_turn, view.current, lang};
      r.exercise = ex.id;
      _requests.push_back(std::move(r));
    }
    ImGui::SameLine();
    const bool done = view.exercises_done && view.exercises_done->count(ex.id);
    ImGui::TextUnformatted(fmt::format("{} {}", done ? "[x]" : "[ ]", ex.id).c_str());
    ImGui::Indent();
    text_wrapped(text_in(ex.titles, lang.code()));
    ImGui::Unindent();
  }
}

// At the top, under the chapter list: they stay where they are whatever the step's text.
void lesson_panel::draw_buttons(const lesson_view& view, const lesson& l) {
  const language lang = view.lang;
  const u32 total = static_cast<u32>(l.steps.size());
  const bool failed = view.failure != nullptr;
  const auto command = [&](text_key key, const char* id, lesson_command c, bool enabled) {
    if (button(text(lang, key), id, enabled)) _requests.push_back({c, view.current, lang});
    ui::name_item(key, text(lang, key));
    ImGui::SameLine();
  };
  command("Back"_t, "back", lesson_command::back, view.steps_done > 0 || failed);
  const bool exercise = !failed && view.steps_done < total && l.steps[view.steps_done].exercise;
  if (failed)
    command("Retry"_t, "retry", lesson_command::retry, true);
  else if (exercise) {
    // Check first: with the Controls, it is what the learner presses next.
    command("Check"_t, "check", lesson_command::check, true);
    command("Show me"_t, "next", lesson_command::next, true);  // plays the solution
  } else {
    command("Next"_t, "next", lesson_command::next, view.steps_done < total);
  }
  command("Run to end"_t, "end", lesson_command::run_to_end, !failed && view.steps_done < total);
  command("Restart"_t, "restart", lesson_command::restart, true);
  ImGui::NewLine();
  // The keys, before the first step (the Controls' key line has them on hover later): the
  // step's text gets the lines.
  if (view.steps_done == 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped(text(lang, "\u2192/PgDn next · \u2190/PgUp back · Home restart · R retry"_t));
    ImGui::PopStyleColor();
  }
}

void lesson_panel::draw_step(const lesson_view& view, const lesson& l) {
  const language lang = view.lang;
  const u32 total = static_cast<u32>(l.steps.size());
  // Shown: the step last run (its text explains the state on screen), or the summary.
  if (view.steps_done == 0) {
    text_wrapped(l.summary.in(lang));
  } else {
    const lesson_step& step = l.steps[view.steps_done - 1];
    ImGui::Text("%s %u / %u", text(lang, "Step"_t), step.number, total);
    ImGui::PushStyleColor(ImGuiCol_Text, colour_title);
    text_wrapped(step.title.in(lang));
    ImGui::PopStyleColor();
    text_wrapped(step.text.in(lang));
    draw_measured(view, step);
    draw_references(step, lang);
    draw_step_terms(view, step);
    if (step.predict) draw_prediction(view, *step.predict, true);
  }
}

// Below the step's text: the exercise waiting, the next step's question, what went wrong.
void lesson_panel::draw_next(const lesson_view& view, const lesson& l) {
  const language lang = view.lang;
  if (!_verdict.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, _verdict_right ? colour_right : ImVec4{1.f, 0.75f, 0.3f, 1.f});
    text_wrapped(std::exchange(_verdict, {}));
    ImGui::PopStyleColor();
  }
  if (view.exercise_passed > 0) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour_right);
    text_wrapped(
        textf(lang, "Solved: the engine you changed holds all {} of the exercise's checks."_t, view.exercise_passed));
    ImGui::PopStyleColor();
  }
  const u32 total = static_cast<u32>(l.steps.size());
  if (!view.failure && view.steps_done < total)
    if (const std::string warning = takes_over_window(l.steps[view.steps_done], lang); !warning.empty()) {
      ImGui::Separator();
      ImGui::PushStyleColor(ImGuiCol_Text, colour_title);
      text_wrapped(warning);
      ImGui::PopStyleColor();
    }
  const bool asks = !view.failure && view.steps_done < total &&
                    (l.steps[view.steps_done].exercise || l.steps[view.steps_done].predict);
  if (asks && l.steps[view.steps_done].exercise) {
    draw_exercise(view, l.steps[view.steps_done]);
  }
  // The next step's question is asked before it runs.
  else if (asks) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    text_wrapped(fmt::format("{} {}", text(lang, "Next:"_t), l.steps[view.steps_done].title.in(lang)));
    ImGui::PopStyleColor();
    draw_prediction(view, *l.steps[view.steps_done].predict, false);
  }
  draw_status(view);
}

// What the step's actions measured on this device, as the console prints it (the numbers the
// text speaks of: pixels resolved, messages captured, indices handed out).
void lesson_panel::draw_measured(const lesson_view& view, const lesson_step& step) {
  if (!view.records || view.records->empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, colour_note);
  for (const actions::step& a : step.exercise ? step.exercise->solution : step.actions) {
    const auto it = view.records->find(std::string{a.what->records_as()});
    if (it == view.records->end()) continue;
    std::istringstream lines{a.what->report(*it, view.lang)};
    for (std::string line; std::getline(lines, line);) {
      const size_t from = line.find_first_not_of(' ');
      if (from == std::string::npos) continue;
      line.erase(0, from);
      // The console's "≈" (measured here) has no glyph in the panel's font: a plain bullet.
      if (constexpr std::string_view approx{"\u2248"}; line.starts_with(approx))
        line.replace(0, approx.size(), "\u00b7");
      ImGui::TextWrapped("%s", line.c_str());
    }
  }
  ImGui::PopStyleColor();
}

// One small line: the wiki sections and the engine code the step is about.
void lesson_panel::draw_references(const lesson_step& step, language lang) {
  const std::string refs = lesson_console::references(step, lang);
  if (refs.empty()) return;
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  ImGui::TextWrapped("%s", refs.c_str());
  ImGui::PopStyleColor();
}

// The glossary terms the step's title and text name, each a button opening its entry.
void lesson_panel::draw_step_terms(const lesson_view& view, const lesson_step& step) {
  if (!view.terms) return;
  const language lang = view.lang;
  const auto terms = view.terms->terms_in(step.title.in(lang) + "\n" + step.text.in(lang), lang);
  if (terms.empty()) return;
  ImGui::TextDisabled("%s", text(lang, "Terms:"_t));
  for (const glossary_term* t : terms) {
    const std::string label = t->term.in(lang);
    const f32 width = ImGui::CalcTextSize(label.c_str()).x + 2 * ImGui::GetStyle().FramePadding.x;
    const f32 right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
    if (right < ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
    if (ImGui::SmallButton(fmt::format("{}##term-{}", label, t->id).c_str())) show_term(t->id);
    remember("term:" + t->id);
  }
}

// Search field, the matching terms, and the chosen entry.
void lesson_panel::draw_glossary(const lesson_view& view) {
  const language lang = view.lang;
  const glossary& g = *view.terms;
  ImGui::SetNextItemWidth(-1);
  ImGui::InputTextWithHint("##glossary-search", text(lang, "search (in any language)"_t), _search, sizeof(_search));
  remember("glossary-search");
  const auto found = g.search(_search, lang);
  if (_searched != _search) {  // a new search shows its best match
    _searched = _search;
    if (!found.empty()) _term = found.front()->id;
  }
  if (_term.empty() || !g.find(_term)) _term = found.empty() ? g.terms.front().id : found.front()->id;
  ImGui::TextDisabled("%s", textf(lang, "{} of {} terms"_t, found.size(), g.terms.size()).c_str());
  const f32 line = ImGui::GetTextLineHeightWithSpacing();
  if (ImGui::BeginChild("glossary-list", ImVec2{0.f, line * 8.f + 4.f}, true)) {
    for (const glossary_term* t : found) {
      const std::string others = other_names(*t, lang);
      const std::string label = others.empty() ? t->term.in(lang) : fmt::format("{} · {}", t->term.in(lang), others);
      const bool chosen = t->id == _term;
      if (ImGui::Selectable(fmt::format("{}##entry-{}", label, t->id).c_str(), chosen)) _term = t->id;
      if (chosen && std::exchange(_scroll_to_term, false)) ImGui::SetScrollHereY(0.3f);
    }
    if (found.empty()) ImGui::TextDisabled("%s", text(lang, "no term matches"_t));
  }
  ImGui::EndChild();
  // The entry scrolls under the list, so the tabs and the search stay in view.
  if (begin_scrolling("glossary-entry", _entry_height, 0.f))
    if (const glossary_term* t = g.find(_term)) draw_entry(view, *t);
  end_scrolling("glossary-entry", _entry_height);
}

void lesson_panel::draw_entry(const lesson_view& view, const glossary_term& t) {
  const language lang = view.lang;
  ImGui::TextColored(colour_title, "%s", t.term.in(lang).c_str());
  if (const std::string others = other_names(t, lang); !others.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", others.c_str());
  }
  ImGui::TextWrapped("%s", t.definition.in(lang).c_str());
  std::string also;
  for (const std::string& s : t.also_in(lang)) also += (also.empty() ? "" : ", ") + s;
  for (const std::string& s : t.code) also += (also.empty() ? "" : ", ") + s;
  std::string cites;
  if (!also.empty()) cites = fmt::format("{} {}\n", text(lang, "Also:"_t), also);
  if (!t.wiki.empty()) {
    for (const std::string& id : t.wiki) {
      const wiki_section* s = view.sections ? view.sections->find(id) : nullptr;
      cites += (id == t.wiki.front() ? "" : " · ") + (s ? cite(wiki_ref{id, s->title}, lang) : "wiki " + id);
    }
  }
  if (!cites.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", cites.c_str());
    ImGui::PopStyleColor();
  }
  if (t.see.empty()) return;
  ImGui::TextDisabled("%s", text(lang, "See:"_t));
  for (const std::string& id : t.see) {
    const glossary_term* related = view.terms->find(id);
    if (!related) continue;
    ImGui::SameLine();
    if (ImGui::SmallButton(fmt::format("{}##see-{}", related->term.in(lang), id).c_str())) {
      _term = id;
      _scroll_to_term = true;
    }
    remember("see:" + id);
  }
}

// "Your turn": the task. Check and what it found are with the buttons at the top.
void lesson_panel::draw_exercise(const lesson_view& view, const lesson_step& step) {
  const language lang = view.lang;
  ImGui::Separator();
  ImGui::PushStyleColor(ImGuiCol_Text, colour_title);
  text_wrapped(step.title.in(lang));
  ImGui::PopStyleColor();
  text_wrapped(step.exercise->task.in(lang));
  // What the last Check found, under the task (which stays in view below the step's text).
  if (view.feedback) {
    ImGui::PushStyleColor(ImGuiCol_Text, colour_note);
    text_wrapped(fmt::format("{} {}", text(lang, "Not yet:"_t), explain_failure(*view.feedback, lang)));
    ImGui::PopStyleColor();
    // What they did, beside the task's list: the step they missed or added shows.
    std::string did;
    if (view.exercise_did)
      for (const auto& change : *view.exercise_did)
        did += (did.empty() ? "" : ", ") +
               (change.times > 1 ? fmt::format("{} ×{}", change.what.in(lang), change.times) : change.what.in(lang));
    text_wrapped(did.empty() ? std::string{text(lang, "You have not changed the engine since the exercise began."_t)}
                             : textf(lang, "Since the exercise began you did: {}."_t, did));
  }
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  text_wrapped(text(lang, "Use the Controls panel, then Check above; Show me does it for you."_t));
  ImGui::PopStyleColor();
  if (view.exercise_touched) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(
        "%s",
        text(lang,
             "(You changed the engine; Show me first goes back to where the exercise began, on a fresh engine.)"_t));
    ImGui::PopStyleColor();
  }
}

// What happened to the engine besides the step: a failure, a replay, a change the learner made.
void lesson_panel::draw_status(const lesson_view& view) {
  const language lang = view.lang;
  if (view.failure) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, colour_error);
    ImGui::TextWrapped("%s %u: %s", text(lang, "Step"_t), view.failure->step,
                       explain_failure(*view.failure, lang).c_str());
    ImGui::PopStyleColor();
    ImGui::TextWrapped("%s",
                       text(lang, "Retry replays the earlier steps on a fresh engine, then runs this one again."_t));
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", view.failure->reason.c_str());
    ImGui::PopStyleColor();
  } else if (!view.error.empty()) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, colour_error);
    ImGui::TextWrapped("%s", view.error.c_str());
    ImGui::PopStyleColor();
  }
  if (view.engine_changed) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, colour_note);
    if (view.steps_done == 0)
      text_wrapped(textf(
          lang, "The engine changed since the lesson started ({}). Next first starts it again on a fresh engine."_t,
          view.engine_changed->in(lang)));
    else
      text_wrapped(textf(lang,
                         "The engine changed after step {0} ({1}). Next first replays steps 1–{0} on a fresh engine."_t,
                         view.steps_done, view.engine_changed->in(lang)));
    ImGui::PopStyleColor();
  } else if (view.replayed && *view.replayed > 0) {
    const u32 n = *view.replayed;
    ImGui::PushStyleColor(ImGuiCol_Text, colour_note);
    if (view.recorded)  // shown while the replay runs
      text_wrapped(n == 1 ? text(lang, "(step 1 is being replayed on a fresh engine)"_t)
                          : textf(lang, "(steps 1–{} are being replayed on a fresh engine)"_t, n));
    else
      text_wrapped(n == 1 ? text(lang, "(step 1 was replayed on a fresh engine)"_t)
                          : textf(lang, "(steps 1–{} were replayed on a fresh engine)"_t, n));
    ImGui::PopStyleColor();
  }
}

void lesson_panel::draw_prediction(const lesson_view& view, const prediction& p, bool answered) {
  const language lang = view.lang;
  // Each step's pick is kept on its own: the answered question and the next one are drawn
  // in the same pass.
  const u32 key = (view.current << 16) | (view.steps_done + (answered ? 0 : 1));
  int& guess = _guesses.try_emplace(key, -1).first->second;
  text_wrapped(fmt::format("{} {}", text(lang, "Predict:"_t), p.question.in(lang)));
  // Short choices side by side (a line, not five); long ones each wrapped beside its marker.
  // The text is clickable too.
  f32 row = 0.f;
  for (const choice& c : p.choices)
    row += ImGui::CalcTextSize(choice_text(c, lang).c_str()).x + ImGui::GetFrameHeight() +
           3 * ImGui::GetStyle().ItemSpacing.x;
  const bool one_row = !answered && row <= ImGui::GetContentRegionAvail().x;
  const auto wrapped_beside = [](const std::string& choice) {
    ImGui::SameLine();
    ImGui::BeginGroup();
    text_wrapped(choice);
    ImGui::EndGroup();
  };
  std::optional<size_t> picked, right;
  for (size_t i = 0; i < p.choices.size(); ++i) {
    const std::string choice = choice_text(p.choices[i], lang);
    if (!answered) {
      if (one_row && i > 0) ImGui::SameLine(0.f, 2 * ImGui::GetStyle().ItemSpacing.x);
      ImGui::RadioButton(fmt::format("##guess{}", i).c_str(), &guess, static_cast<int>(i));
      wrapped_beside(choice);
      // The choice's text picks it too (a group reports no hover of its own: test its rectangle).
      if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()) &&
          ImGui::IsMouseClicked(ImGuiMouseButton_Left))
        guess = static_cast<int>(i);
      continue;
    }
    if (view.answer && p.choices[i].value == *view.answer) right = i;
    if (guess == static_cast<int>(i)) picked = i;
    ImGui::PushStyleColor(ImGuiCol_Text, right == i ? colour_right : ImVec4{0.7f, 0.7f, 0.7f, 1.f});
    ImGui::TextUnformatted(right == i ? "=>" : "  ");
    wrapped_beside(picked == i ? choice + text(lang, "  (your guess)"_t) : choice);
    ImGui::PopStyleColor();
  }
  // The learner's guess, answered: right, or what it was against what the engine showed.
  // Said under the step's text, where it stays in view (draw_next), not in the text's scroll.
  if (answered && picked) {
    _verdict_right = picked == right;
    _verdict =
        picked == right ? std::string{text(lang, "Your guess was right; the text above says why."_t)}
        : right         ? textf(lang, "You guessed \"{}\"; the answer is \"{}\": the text above says why."_t,
                                choice_text(p.choices[*picked], lang), choice_text(p.choices[*right], lang))
                : std::string{text(lang, "The engine gave none of the choices; the text above says what it showed."_t)};
  }
}

}  // namespace xe::sandbox
