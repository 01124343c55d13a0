#include "lessons/lesson_panel.h"

#include <algorithm>

#include <imgui.h>
#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {
namespace {

// Panel chrome in both languages; lesson text comes from the lesson files.
const char* ui(language l, const char* zh, const char* en) { return l == language::zh ? zh : en; }

std::string choice_text(const choice& c, language l) {
  return c.label ? c.label->in(l) : c.value.is_string() ? c.value.get<std::string>() : c.value.dump();
}

} // namespace

void lesson_panel::draw(const lesson_view& view) {
  const ImGuiIO& io = ImGui::GetIO();
  // Between the inspector's Controls (x 10..350) and its main window (600 wide at the right).
  const float inspector_x = io.DisplaySize.x - std::min(600.f, std::max(300.f, io.DisplaySize.x - 370)) - 10;
  const float width = std::max(260.f, inspector_x - 370);
  ImGui::SetNextWindowPos(ImVec2{360, 10}, ImGuiCond_FirstUseEver);
  ImGui::SetNextWindowSize(ImVec2{width, std::min(io.DisplaySize.y - 20, 520.f)}, ImGuiCond_FirstUseEver);
  const language lang = view.lang;
  if (!ImGui::Begin(ui(lang, "课程###Lesson", "Lesson###Lesson"))) {
    ImGui::End();
    return;
  }
  const std::vector<lesson>& lessons = *view.lessons;
  const lesson& current = lessons[view.current];
  const auto label = [&](const lesson& l) {
    const bool done = view.completed && view.completed->count(l.id);
    return fmt::format("{} {:02}  {}", done ? "[x]" : "[ ]", l.chapter, l.title.in(lang));
  };
  ImGui::SetNextItemWidth(-70);
  if (ImGui::BeginCombo("##chapter", label(current).c_str())) {
    for (u32 i = 0; i < lessons.size(); ++i)
      if (ImGui::Selectable(label(lessons[i]).c_str(), i == view.current))
        _requests.push_back({lesson_command::open, i, lang});
    ImGui::EndCombo();
  }
  ImGui::SameLine();
  if (ImGui::SmallButton(lang == language::zh ? "English" : "中文"))
    _requests.push_back({lesson_command::set_language, 0, lang == language::zh ? language::en : language::zh});
  ImGui::Separator();
  draw_step(view, current);
  ImGui::End();
}

void lesson_panel::draw_step(const lesson_view& view, const lesson& l) {
  const language lang = view.lang;
  const u32 total = static_cast<u32>(l.steps.size());
  // Shown: the step last run (its text explains the state on screen), or the summary.
  if (view.steps_done == 0) {
    ImGui::TextWrapped("%s", l.summary.in(lang).c_str());
  } else {
    const lesson_step& step = l.steps[view.steps_done - 1];
    ImGui::Text("%s %u / %u", ui(lang, "步骤", "Step"), step.number, total);
    ImGui::TextColored(ImVec4{1.f, 0.85f, 0.4f, 1.f}, "%s", step.title.in(lang).c_str());
    ImGui::TextWrapped("%s", step.text.in(lang).c_str());
    if (step.predict) draw_prediction(view, *step.predict, true);
  }
  // The next step's question is asked before it runs.
  if (view.steps_done < total && l.steps[view.steps_done].predict) {
    ImGui::Separator();
    ImGui::TextDisabled("%s %s", ui(lang, "下一步:", "Next:"), l.steps[view.steps_done].title.in(lang).c_str());
    draw_prediction(view, *l.steps[view.steps_done].predict, false);
  }
  if (!view.error.empty()) {
    ImGui::Separator();
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{1.f, 0.45f, 0.4f, 1.f});
    ImGui::TextWrapped("%s", view.error.c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Separator();
  const auto command = [&](const char* text, lesson_command c, bool enabled) {
    ImGui::BeginDisabled(!enabled);
    if (ImGui::Button(text)) _requests.push_back({c, view.current, lang});
    ImGui::EndDisabled();
    ImGui::SameLine();
  };
  command(ui(lang, "上一步###back", "Back###back"), lesson_command::back, view.steps_done > 0 || !view.error.empty());
  command(ui(lang, "下一步###next", "Next###next"), lesson_command::next, view.steps_done < total);
  command(ui(lang, "运行到底###end", "Run to end###end"), lesson_command::run_to_end, view.steps_done < total);
  command(ui(lang, "重新开始###restart", "Restart###restart"), lesson_command::restart, true);
  ImGui::NewLine();
}

void lesson_panel::draw_prediction(const lesson_view& view, const prediction& p, bool answered) {
  const language lang = view.lang;
  const u32 key = (view.current << 16) | (view.steps_done + (answered ? 0 : 1));
  if (key != _guess_for && !answered) {
    _guess_for = key;
    _guess = -1;
  }
  ImGui::TextWrapped("%s %s", ui(lang, "预测:", "Predict:"), p.question.in(lang).c_str());
  for (size_t i = 0; i < p.choices.size(); ++i) {
    const std::string text = choice_text(p.choices[i], lang);
    if (!answered) {
      ImGui::RadioButton(fmt::format("{}##guess{}", text, i).c_str(), &_guess, static_cast<int>(i));
      continue;
    }
    const bool right = view.answer && p.choices[i].value == *view.answer;
    const bool picked = _guess_for == key && _guess == static_cast<int>(i);
    ImGui::TextColored(right ? ImVec4{0.4f, 0.9f, 0.4f, 1.f} : ImVec4{0.7f, 0.7f, 0.7f, 1.f}, "%s %s%s",
                       right ? "=>" : "  ", text.c_str(), picked ? ui(lang, "  (你的预测)", "  (your guess)") : "");
  }
}

} // namespace xe::sandbox
