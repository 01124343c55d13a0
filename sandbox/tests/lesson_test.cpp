// Lesson files and settings without a device: parsing (every malformed class names the
// file and step), the real lessons folder, the new vocabulary, and the settings file.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <regex>
#include <set>

#include <spdlog/fmt/fmt.h>

#include "io/json_input.h"
#include "lessons/glossary.h"
#include "exercise/exercise.h"
#include "lessons/lesson.h"
#include "lessons/lesson_console.h"
#include "lessons/lesson_session.h"
#include "lessons/settings.h"
#include "lessons/wiki_sections.h"
#include "script/script.h"
#include "test_support.h"

namespace xe::sandbox {
namespace {

namespace fs = std::filesystem;

// A valid two-step lesson; tests break one part of it.
std::string lesson_text(const std::string& second_step) {
  return R"({"id": "07-demo", "chapter": 7,
    "title": {"zh": "标题", "en": "Title", "pt": "Title"}, "summary": {"zh": "摘要", "en": "Summary", "pt": "Summary"},
    "steps": [
      {"title": {"zh": "一", "en": "One", "pt": "One"}, "text": {"zh": "文本", "en": "Text", "pt": "Text"},
       "actions": [{"do": "advance_frames", "count": 1}],
       "expect": [{"path": "/frame/number", "equals": 1}],
       "focus": {"panel": "Heaps", "heap": "rtv", "cells": [0, 1]},
       "predict": {"question": {"zh": "问", "en": "Q", "pt": "Q"}, "choices": [0, {"value": 1, "label": {"zh": "一", "en": "one", "pt": "one"}}],
                   "answer": "/frame/slot"}},
      )" +
         second_step + "]}";
}
const std::string good_step =
    R"({"title": {"zh": "二", "en": "Two", "pt": "Two"}, "text": {"zh": "文本", "en": "Text", "pt": "Text"}})";
// The valid lesson with more members in its second step ("Two"), e.g. R"("wiki": ["7.6"])".
std::string lesson_with(const std::string& members) {
  return lesson_text(
      R"({"title": {"zh": "二", "en": "Two", "pt": "Two"}, "text": {"zh": "文本", "en": "Text", "pt": "Text"}, )" +
      members + "}");
}

std::string parse_error(const std::string& text) {
  auto l = parse_lesson(text, "lessons/07-demo.json");
  EXPECT_FALSE(l) << text;
  return l ? std::string{} : l.error_value().reason;
}

TEST(lesson_parse, reads_every_part) {
  auto l = parse_lesson(lesson_text(good_step), "lessons/07-demo.json");
  ASSERT_TRUE(l) << l.error_value().reason;
  EXPECT_EQ(l->chapter, 7u);
  ASSERT_EQ(l->steps.size(), 2u);
  const lesson_step& s = l->steps[0];
  EXPECT_EQ(s.title.in(zh()), "一");
  EXPECT_EQ(s.title.in(en()), "One");
  ASSERT_EQ(s.actions.size(), 1u);
  ASSERT_EQ(s.expect.size(), 1u);
  EXPECT_EQ(s.expect[0].value, 1);
  ASSERT_TRUE(s.focus);
  EXPECT_EQ(s.focus->cells, (std::vector<u32>{0, 1}));
  ASSERT_TRUE(s.predict);
  ASSERT_EQ(s.predict->choices.size(), 2u);
  EXPECT_FALSE(s.predict->choices[0].label);
  EXPECT_EQ(s.predict->choices[1].label->in(en()), "one");
}

// {ui:KEY} reads as the screen labels the control, in each language; a key the catalogue
// lacks, or a markup left open, names the step.
TEST(lesson_parse, ui_names_read_as_the_screen_shows_them) {
  auto l = parse_lesson(
      lesson_with(
          R"("exercise": {"task": {"zh": "按 {ui:Allocate}", "en": "Press {ui:Allocate}", "pt": "Press {ui:Allocate}"},
                                       "solution": [{"do": "advance_frames", "count": 1}]},
                                      "expect": [{"path": "/frame/number", "equals": 1}], "catches": ["free_index_at_once"])"),
      "lessons/07-demo.json");
  ASSERT_TRUE(l) << l.error_value().reason;
  const lesson_step& s = l->steps[1];
  EXPECT_EQ(s.exercise->task.in(en()), "Press Allocate");
  EXPECT_EQ(s.exercise->task.in(zh()), std::string{"按 "} + text(zh(), "Allocate"_t));
  EXPECT_NE(s.exercise->task.in(zh()), "按 Allocate");
  EXPECT_EQ(s.names, std::vector<std::string>{"Allocate"});
  std::string e = parse_error(lesson_text(R"({"title": {"zh": "二", "en": "Two", "pt": "Two"},
                                              "text": {"zh": "按 {ui:Teleport}", "en": "Press {ui:Teleport}", "pt": "Press {ui:Teleport}"}})"));
  EXPECT_MENTIONS(e, "step 2");
  EXPECT_MENTIONS(e, "{ui:Teleport} names no text of the catalogue");
  e = parse_error(lesson_text(
      R"({"title": {"zh": "二", "en": "Two", "pt": "Two"}, "text": {"zh": "按 {ui:Allocate", "en": "x", "pt": "x"}})"));
  EXPECT_MENTIONS(e, "without its '}'");
}

TEST(lesson_parse, bad_json_names_the_file) {
  const std::string e = parse_error(R"({"id": "07-demo", )");
  EXPECT_MENTIONS(e, "lessons/07-demo.json");
  EXPECT_MENTIONS(e, "not valid JSON");
}

TEST(lesson_parse, missing_language_names_file_and_step) {
  const std::string e =
      parse_error(lesson_text(R"({"title": {"zh": "二", "en": "Two", "pt": "Two"}, "text": {"en": "English only"}})"));
  EXPECT_MENTIONS(e, "lessons/07-demo.json");
  EXPECT_MENTIONS(e, "step 2");
  EXPECT_MENTIONS(e, "no zh text");
  EXPECT_MENTIONS(parse_error(lesson_text(
                      R"({"title": {"zh": "二", "en": "", "pt": ""}, "text": {"zh": "a", "en": "b", "pt": "b"}})")),
                  "no en text");
}

TEST(lesson_parse, unknown_action_names_file_step_and_action) {
  const std::string e = parse_error(lesson_with(R"("actions": [{"do": "teleport"}])"));
  EXPECT_MENTIONS(e, "lessons/07-demo.json");
  EXPECT_MENTIONS(e, "step 2 (\"Two\")");
  EXPECT_MENTIONS(e, "unknown action");
}

TEST(lesson_parse, bad_pointer_names_file_and_step) {
  const std::string e = parse_error(lesson_with(R"("expect": [{"path": "frame", "equals": 1}])"));
  EXPECT_MENTIONS(e, "lessons/07-demo.json");
  EXPECT_MENTIONS(e, "step 2");
  EXPECT_MENTIONS(e, "JSON Pointer");
  EXPECT_MENTIONS(parse_error(lesson_with(R"(
      "predict": {"question": {"zh": "问", "en": "Q", "pt": "Q"}, "choices": [1, 2], "answer": "x~2"})")),
                  "JSON Pointer");
}

TEST(lesson_parse, other_mistakes_are_named) {
  const auto with_step = [](const std::string& extra) { return parse_error(lesson_with(extra)); };
  EXPECT_MENTIONS(with_step(R"("focus": {"panel": "Nowhere"})"), "not one of the inspector's panels");
  EXPECT_MENTIONS(with_step(R"("focus": {"panel": "Deferred", "cells": [1]})"), "need panel Heaps and a heap");
  EXPECT_MENTIONS(with_step(R"("focus": {"panel": "Heaps", "heap": "rtv", "cells_before": "heaps"})"),
                  "focus cells_before is not a JSON Pointer");
  EXPECT_MENTIONS(
      with_step(R"("predict": {"question": {"zh": "问", "en": "Q", "pt": "Q"}, "choices": [1], "answer": "/a"})"),
      "at least two choices");
  EXPECT_MENTIONS(with_step(R"("expect": [{"path": "/a", "equals": 1, "contains": 1}])"), "exactly one of");
  EXPECT_MENTIONS(with_step(R"("colour": "red")"), "unknown key 'colour'");
  EXPECT_MENTIONS(with_step(R"("expect": [{"path": "/a", "equals": 1}], "catches": ["no_such_fault"])"),
                  "no engine fault 'no_such_fault'");
  EXPECT_MENTIONS(with_step(R"("catches": ["free_index_at_once"])"), "'catches' needs expectations");
  EXPECT_MENTIONS(
      parse_error(
          R"({"id": "x", "chapter": 0, "title": {"zh": "a", "en": "b", "pt": "b"}, "summary": {"zh": "a", "en": "b", "pt": "b"}, "steps": []})"),
      "'chapter' must be an integer 1..99");
  EXPECT_MENTIONS(parse_error("[1, 2]"), "a lesson is a JSON object");
}

TEST(lesson_parse, prediction_answers_from_a_change_or_a_fact) {
  auto l = parse_lesson(lesson_with(R"(
      "expect": [{"path": "/frame/number", "changed_by": 1}, {"path": "/frame/slot", "at_most": 2}],
      "predict": {"question": {"zh": "问", "en": "Q", "pt": "Q"}, "choices": [0, 1], "answer": {"change_of": "/frame/number"}})"),
                        "lessons/07-demo.json");
  ASSERT_TRUE(l) << l.error_value().reason;
  const lesson_step& s = l->steps[1];
  EXPECT_EQ(s.predict->from, prediction::source::change);
  EXPECT_EQ(s.predict->answer_path, "/frame/number");
  EXPECT_TRUE(s.expect[0].needs_before());
  auto fact = parse_lesson(lesson_with(R"(
      "predict": {"question": {"zh": "问", "en": "Q", "pt": "Q"}, "choices": ["x", "y"], "answer": {"value": "y"}})"),
                           "lessons/07-demo.json");
  ASSERT_TRUE(fact) << fact.error_value().reason;
  EXPECT_EQ(fact->steps[1].predict->from, prediction::source::fact);
  EXPECT_EQ(fact->steps[1].predict->fact, "y");
  const auto with_answer = [](const std::string& answer) {
    return parse_error(lesson_with(R"(
        "predict": {"question": {"zh": "问", "en": "Q", "pt": "Q"}, "choices": ["x", "y"], "answer": )" +
                                   answer + "}"));
  };
  EXPECT_MENTIONS(with_answer(R"({"value": "z"})"), "is not among the choices");
  EXPECT_MENTIONS(with_answer(R"({"value": "x", "change_of": "/a"})"), "one of 'change_of' and 'value'");
  EXPECT_MENTIONS(with_answer(R"({"guess": 1})"), "unknown key 'guess'");
  EXPECT_MENTIONS(with_answer(R"({"change_of": "a"})"), "JSON Pointer");
}

TEST(lesson_parse, file_name_must_match_id) {
  const scratch_dir dir{"xe-lesson-test"};
  std::ofstream{dir / "08-other.json"} << lesson_text(good_step);
  auto l = load_lesson(dir / "08-other.json");
  ASSERT_FALSE(l);
  EXPECT_MENTIONS(l.error_value().reason, "must match the file name");
}

// The shipped lessons: all load, chapters 1..14 in order (chapter 7 in two parts), both
// languages everywhere.
TEST(lessons_folder, every_chapter_loads_with_both_languages) {
  auto lessons = load_lessons(XE_SOURCE_DIR "/lessons");
  ASSERT_TRUE(lessons) << lessons.error_value().reason;
  ASSERT_EQ(lessons->size(), 15u);
  const std::vector<std::string> numbers{"01", "02", "03", "04", "05", "06", "07", "07b",
                                         "08", "09", "10", "11", "12", "13", "14"};
  for (u32 i = 0; i < lessons->size(); ++i) {
    const lesson& l = (*lessons)[i];
    EXPECT_EQ(l.number, numbers[i]);
    EXPECT_EQ(l.chapter, static_cast<u32>(std::stoul(numbers[i])));
    for (const lesson_step& s : l.steps)
      for (language lang : languages()) {
        EXPECT_FALSE(s.title.in(lang).empty()) << l.id << " step " << s.number << " " << lang.code();
        EXPECT_FALSE(s.text.in(lang).empty()) << l.id << " step " << s.number << " " << lang.code();
      }
    // Every other language's text really is that language, not a copy of the English.
    for (language lang : languages()) {
      if (lang == en()) continue;
      EXPECT_NE(l.steps[0].text.in(lang), l.steps[0].text.in(en())) << l.id << " " << lang.code();
    }
  }
  // "07" is the first part (a settings file or a habit from before the split still opens it).
  EXPECT_EQ(find_lesson(*lessons, "07"), 6u);
  EXPECT_EQ(find_lesson(*lessons, "07-descriptor-heaps"), 6u);
  EXPECT_EQ(find_lesson(*lessons, "07b"), 7u);
  EXPECT_EQ(find_lesson(*lessons, "08"), 8u);
  EXPECT_FALSE(find_lesson(*lessons, "0"));  // not a whole chapter number
  EXPECT_EQ(find_lesson(*lessons, "12"), 12u);
  EXPECT_EQ(find_lesson(*lessons, "14"), 14u);
  EXPECT_FALSE(find_lesson(*lessons, "15"));  // no such chapter (yet)
  // The split keeps the two parts close in size.
  const size_t first = (*lessons)[6].steps.size(), second = (*lessons)[7].steps.size();
  EXPECT_LE(std::max(first, second) - std::min(first, second), 2u) << first << " and " << second << " steps";
}

// No step takes away the window the learner reads the lesson in (surface 0): minimised, it
// would leave them nothing to press (a desktop without a taskbar looks crashed). A step about
// zero size minimises a window of its own.
TEST(lessons_folder, no_step_minimises_the_learners_window) {
  auto lessons = load_lessons(XE_SOURCE_DIR "/lessons");
  ASSERT_TRUE(lessons) << lessons.error_value().reason;
  for (const lesson& l : *lessons)
    for (const lesson_step& s : l.steps)
      for (const actions::step& a : s.actions) {
        const bool attempt = a.name == "attempt";
        const nlohmann::json& p = attempt ? a.params.at("action") : a.params;
        if ((attempt ? p.value("do", std::string{}) : a.name) != "resize" || p.value("slot", 0u) != 0u) continue;
        EXPECT_FALSE(p.value("width", 0u) == 0u || p.value("height", 0u) == 0u) << l.id << " step " << s.number;
      }
}

TEST(lessons_folder, a_chapter_that_does_not_match_its_id_or_a_repeated_number_is_named) {
  const scratch_dir dir{"xe-lesson-number-test"};
  std::string text = lesson_text(good_step);
  std::ofstream{dir / "07-demo.json"} << text;
  text.replace(text.find("\"07-demo\""), 9, "\"07b-demo\"");
  std::ofstream{dir / "07b-demo.json"} << text;
  ASSERT_TRUE(load_lessons(dir));
  text.replace(text.find("\"chapter\": 7"), 12, "\"chapter\": 8");
  std::ofstream{dir / "07b-demo.json"} << text;
  auto l = load_lessons(dir);
  ASSERT_FALSE(l);
  EXPECT_MENTIONS(l.error_value().reason, "chapter 8 does not match the id '07b-demo'");
}

// Every step says where it comes from: a wiki section (its title filled in from
// wiki-sections.json) and an engine file whose text holds the symbol's last name. When the
// engine is restructured, this names each reference the move broke.
TEST(lesson_refs, every_step_cites_a_wiki_section_and_engine_code_that_exist) {
  auto lessons = load_lessons(XE_SOURCE_DIR "/lessons");
  ASSERT_TRUE(lessons) << lessons.error_value().reason;
  size_t checked = 0;
  for (const lesson& l : *lessons)
    for (const lesson_step& s : l.steps) {
      EXPECT_FALSE(s.wiki.empty()) << l.id << " step " << s.number << " cites no wiki section";
      EXPECT_FALSE(s.code.empty()) << l.id << " step " << s.number << " names no engine code";
      for (const wiki_ref& w : s.wiki)
        EXPECT_FALSE(w.title.in(en()).empty() || w.title.in(zh()).empty()) << l.id << " " << w.section;
      for (const code_ref& c : s.code) {
        const auto why = check_code_ref(c, XE_SOURCE_DIR);
        EXPECT_FALSE(why) << l.id << " step " << s.number << ": " << why.value_or("");
        ++checked;
      }
    }
  EXPECT_GT(checked, 80u);
}

TEST(lesson_refs, a_missing_file_or_symbol_is_named) {
  const auto missing = check_code_ref({"engine/graphics/d3d12/no_such_file.cpp", "x::y"}, XE_SOURCE_DIR);
  ASSERT_TRUE(missing);
  EXPECT_MENTIONS(*missing, "no_such_file.cpp: no such file");
  const auto absent =
      check_code_ref({"engine/include/utilities/free_list.h", "utl::free_list::no_such_member"}, XE_SOURCE_DIR);
  ASSERT_TRUE(absent);
  EXPECT_MENTIONS(*absent, "'no_such_member' (from utl::free_list::no_such_member) does not occur");
  // A whole identifier: "remove" is in free_list.h, "remov" is only part of one.
  EXPECT_FALSE(check_code_ref({"engine/include/utilities/free_list.h", "utl::free_list::remove"}, XE_SOURCE_DIR));
  EXPECT_TRUE(check_code_ref({"engine/include/utilities/free_list.h", "utl::free_list::remov"}, XE_SOURCE_DIR));
}

TEST(lesson_refs, malformed_references_are_named) {
  EXPECT_MENTIONS(parse_error(lesson_with(R"("wiki": [])")), "step 2: wiki needs at least 1 entry");
  EXPECT_MENTIONS(parse_error(lesson_with(R"("wiki": [7.6])")), "step 2: wiki/0 must be a non-empty string");
  EXPECT_MENTIONS(parse_error(lesson_with(R"("code": [{"file": "../etc/passwd", "symbol": "x"}])")),
                  "must be a relative path inside the source tree");
  EXPECT_MENTIONS(parse_error(lesson_with(R"("code": [{"file": "engine/a.cpp", "symbol": "a b"}])")),
                  "must be a C++ name");
  EXPECT_MENTIONS(parse_error(lesson_with(R"("code": [{"file": "engine/a.cpp"}])")), "'symbol' is required");
  auto l =
      parse_lesson(lesson_with(R"("wiki": ["7.6"], "code": [{"file": "engine/a.cpp", "symbol": "a::b"}])"), "x.json");
  ASSERT_TRUE(l) << l.error_value().reason;
  EXPECT_EQ(l->steps[1].wiki[0].section, "7.6");
  EXPECT_EQ(l->steps[1].code[0].symbol, "a::b");
}

TEST(lesson_refs, a_wiki_section_not_in_the_list_fails_the_folder) {
  const scratch_dir dir{"xe-lesson-refs-test"};
  std::ofstream{dir / "wiki-sections.json"}
      << R"({"sections": [{"id": "7.6", "title": {"zh": "栈", "en": "Stack", "pt": "Stack"}}]})";
  std::ofstream{dir / "07-demo.json"} << lesson_with(R"("wiki": ["7.7"])");
  auto l = load_lessons(dir);
  ASSERT_FALSE(l);
  EXPECT_MENTIONS(l.error_value().reason, "07-demo.json': step 2: wiki section '7.7' is not in");
  std::ofstream{dir / "07-demo.json"} << lesson_with(R"("wiki": ["7.6"])");
  l = load_lessons(dir);
  ASSERT_TRUE(l) << l.error_value().reason;
  EXPECT_EQ(cite(l->front().steps[1].wiki[0], en()), "wiki 7.6 Stack");
  EXPECT_EQ(cite(l->front().steps[1].wiki[0], zh()), "wiki 7.6 栈");
  // A broken data file fails like a broken lesson, naming itself.
  std::ofstream{dir / "wiki-sections.json"} << R"({"sections": [{"id": "7.6", "title": {"zh": "栈"}}]})";
  l = load_lessons(dir);
  ASSERT_FALSE(l);
  EXPECT_MENTIONS(l.error_value().reason, "wiki-sections.json");
  EXPECT_MENTIONS(l.error_value().reason, "has no en text");
}

// "Your turn": an exercise step has no actions, checks the learner's work, and plays only a
// solution the Controls panel could make.
TEST(lesson_exercise, parses_and_refuses_what_the_controls_cannot_do) {
  const std::string task = R"("task": {"zh": "按", "en": "Press", "pt": "Press"})";
  const std::string expect = R"("expect": [{"path": "/frame/number", "changed_by": 1}])";
  auto l = parse_lesson(
      lesson_with(expect + R"(, "exercise": {)" + task + R"(, "solution": [{"do": "advance_frames", "count": 1}]})"),
      "x.json");
  ASSERT_TRUE(l) << l.error_value().reason;
  ASSERT_TRUE(l->steps[1].exercise);
  EXPECT_EQ(l->steps[1].exercise->task.in(en()), "Press");
  EXPECT_EQ(l->steps[1].exercise->solution[0].what->control_name(en()), "Step one frame");
  EXPECT_MENTIONS(
      parse_error(lesson_with(
          expect + R"(, "exercise": {)" + task +
          R"(, "solution": [{"do": "create_texture", "name": "t", "kind": "committed", "width": 4, "height": 4}]})")),
      "step 2: exercise: solution step 1 (create_texture): the Controls panel has no such control");
  EXPECT_MENTIONS(parse_error(lesson_with(expect + R"(, "exercise": {)" + task +
                                          R"(, "solution": [{"do": "allocate", "heap": "demo"}]})")),
                  "Allocate takes one descriptor from the learner heap");
  EXPECT_MENTIONS(
      parse_error(lesson_with(expect + R"(, "exercise": {)" + task +
                              R"(, "solution": [{"do": "resize", "slot": 0, "width": 800, "height": 600}]})")),
      "resize slot 0 to 960x540, 1280x720 or 0x0");
  EXPECT_MENTIONS(parse_error(lesson_with(R"("exercise": {)" + task + R"(, "solution": [{"do": "flush"}]})")),
                  "an exercise needs expectations");
  EXPECT_MENTIONS(parse_error(lesson_with(R"("actions": [{"do": "flush"}], )" + expect + R"(, "exercise": {)" + task +
                                          R"(, "solution": [{"do": "advance_frames", "count": 1}]})")),
                  "an exercise has no actions of its own");
  EXPECT_MENTIONS(
      parse_error(lesson_with(expect + R"(, "exercise": {"solution": [{"do": "advance_frames", "count": 1}]})")),
      "exercise: 'task' is required");
}

// Every lesson ends with one exercise, and its solution holds under the same checks (the
// lesson.* tests play them on the engine).
TEST(lesson_exercise, every_lesson_ends_with_one) {
  auto lessons = load_lessons(XE_SOURCE_DIR "/lessons");
  ASSERT_TRUE(lessons) << lessons.error_value().reason;
  for (const lesson& l : *lessons) {
    ASSERT_FALSE(l.steps.empty());
    EXPECT_TRUE(l.steps.back().exercise) << l.id << " does not end with an exercise";
    for (size_t i = 0; i + 1 < l.steps.size(); ++i) EXPECT_FALSE(l.steps[i].exercise) << l.id << " step " << i + 1;
  }
}

// The glossary: strict like the lessons, and it finds the terms a step's text uses.
const char* small_glossary = R"({"terms": [
  {"id": "fence", "term": {"zh": "围栏", "en": "fence", "pt": "fence"}, "also": {"code": ["ID3D12Fence"]},
   "definition": {"zh": "计数器。", "en": "A counter.", "pt": "A counter."}, "see": ["fence-value"]},
  {"id": "fence-value", "term": {"zh": "围栏值", "en": "fence value", "pt": "valor da fence"},
   "definition": {"zh": "一个数。", "en": "A number.", "pt": "A number."}},
  {"id": "rtv", "term": {"zh": "RTV", "en": "RTV", "pt": "RTV"}, "also": {"zh": ["渲染目标视图"], "code": ["RTV"]},
   "definition": {"zh": "视图。", "en": "A view of a render target.", "pt": "A view of a render target."}}]})";

TEST(glossary, finds_terms_by_every_spelling_longest_first) {
  auto g = parse_glossary(small_glossary, "g.json");
  ASSERT_TRUE(g) << g.error_value().reason;
  const auto ids = [&](std::string_view text, language lang) {
    std::vector<std::string> out;
    for (const glossary_term* t : g->terms_in(text, lang)) out.push_back(t->id);
    return out;
  };
  using v = std::vector<std::string>;
  EXPECT_EQ(ids("The Fence values rise; each fence is signalled.", en()), (v{"fence-value", "fence"}));
  EXPECT_EQ(ids("Two RTVs and an ID3D12Fence.", en()), (v{"rtv", "fence"}));
  EXPECT_EQ(ids("fences", en()), (v{"fence"}));  // a plural
  EXPECT_EQ(ids("fencepost", en()), (v{}));      // not a whole word
  EXPECT_EQ(ids("id3d12fence", en()), (v{}));    // code spellings match exact case only
  EXPECT_EQ(ids("围栏值先于渲染目标视图", zh()), (v{"fence-value", "rtv"}));
  // Portuguese plurals: "es", on the first word of a longer term.
  const language pt = language::from_code("pt").value();
  EXPECT_EQ(ids("Os valores da fence sobem; as fences também.", pt), (v{"fence-value", "fence"}));
  EXPECT_EQ(ids("valoresx da fence", pt), (v{"fence"}));  // not a whole word
  // Search: names first (those starting with the query before the rest), then definitions.
  std::vector<std::string> found;
  for (const glossary_term* t : g->search("fence", en())) found.push_back(t->id);
  EXPECT_EQ(found, (v{"fence", "fence-value"}));
  found.clear();
  for (const glossary_term* t : g->search("render target", en())) found.push_back(t->id);
  EXPECT_EQ(found, (v{"rtv"}));
  EXPECT_EQ(g->search("", zh()).size(), 3u);
  EXPECT_TRUE(g->search("no such thing", en()).empty());
}

TEST(glossary, mistakes_are_named_with_the_entry) {
  const auto error = [](const std::string& text) {
    auto g = parse_glossary(text, "lessons/glossary.json");
    EXPECT_FALSE(g) << text;
    return g ? std::string{} : g.error_value().reason;
  };
  const std::string def = R"("definition": {"zh": "义", "en": "D", "pt": "D"})";
  EXPECT_MENTIONS(
      error(R"({"terms": [{"id": "a", "term": {"zh": "甲", "en": "a", "pt": "a"}, )" + def + R"(, "see": ["b"]}]})"),
      "term 'a': 'see' names 'b', which is not in the glossary");
  EXPECT_MENTIONS(error(R"({"terms": [{"id": "a", "term": {"zh": "甲", "en": "a", "pt": "a"}, )" + def +
                        R"(}, {"id": "b", "term": {"zh": "乙", "en": "A", "pt": "A"}, )" + def + "}]}"),
                  "terms 'a' and 'b' are both spelt 'a'");
  EXPECT_MENTIONS(error(R"({"terms": [{"id": "A b", "term": {"zh": "甲", "en": "a", "pt": "a"}, )" + def + "}]}"),
                  "lessons/glossary.json': /terms/0: id 'A b' must be lower-case words");
  EXPECT_MENTIONS(error(R"({"terms": [{"id": "a", "term": {"zh": "甲"}, )" + def + "}]}"),
                  "/terms/0 ('a'): 'term' has no en text");
  EXPECT_MENTIONS(
      error(R"({"terms": [{"id": "a", "term": {"zh": "甲", "en": "a", "pt": "a"}, "typo": 1, )" + def + "}]}"),
      "unknown key 'typo'");
  EXPECT_MENTIONS(error(R"({"terms": []})"), "/terms must be a non-empty array");
}

// The shipped glossary covers what the lessons talk about, and every step that names one
// of these terms lists it under its text.
TEST(glossary, the_shipped_glossary_has_the_lessons_terms) {
  auto sections = load_wiki_sections(XE_SOURCE_DIR "/lessons/wiki-sections.json");
  ASSERT_TRUE(sections) << sections.error_value().reason;
  auto g = load_glossary(XE_SOURCE_DIR "/lessons/glossary.json", &*sections);
  ASSERT_TRUE(g) << g.error_value().reason;
  for (const char* id : {"free-stack",
                         "frame-slot",
                         "fence-value",
                         "deferred-release",
                         "descriptor-heap",
                         "rtv",
                         "dsv",
                         "srv",
                         "uav",
                         "root-signature",
                         "pso",
                         "resource-barrier",
                         "swap-chain",
                         "flip-model",
                         "back-buffer",
                         "command-allocator",
                         "command-list",
                         "command-queue",
                         "shader-visible",
                         "adapter",
                         "warp"})
    EXPECT_TRUE(g->find(id)) << id;
  auto lessons = load_lessons(XE_SOURCE_DIR "/lessons");
  ASSERT_TRUE(lessons) << lessons.error_value().reason;
  std::set<std::string> used;
  for (const lesson& l : *lessons)
    for (const lesson_step& s : l.steps)
      for (language lang : languages())
        for (const glossary_term* t : g->terms_in(s.title.in(lang) + "\n" + s.text.in(lang), lang)) used.insert(t->id);
  // Most terms occur in the lessons in some language; a glossary of unused words would drift.
  EXPECT_GE(used.size(), g->terms.size() * 3 / 4) << used.size() << " of " << g->terms.size() << " terms are used";
}

// What must read the same in both languages: numbers, and code (identifiers with an
// underscore, '::', a digit or an inner capital, such as free_list, utl::free_list,
// ID3D12Device, GetCurrentBackBufferIndex, RTV). Plain words and Chinese text are ignored.
struct code_and_numbers {
  std::set<std::string> code;
  std::set<std::string> numbers;
};

code_and_numbers code_and_numbers_of(const std::string& text) {
  static const std::regex token{R"([A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)*|[0-9]+(?:\.[0-9]+)?)"};
  code_and_numbers out;
  for (auto it = std::sregex_iterator{text.begin(), text.end(), token}; it != std::sregex_iterator{}; ++it) {
    std::string t = it->str();
    // An acronym's plural is the same code: RTVs, GPUs.
    if (t.size() > 2 && t.back() == 's' && std::all_of(t.begin(), t.end() - 1, [](char c) {
          return std::isupper(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c));
        }))
      t.pop_back();
    if (std::isdigit(static_cast<unsigned char>(t[0]))) {
      out.numbers.insert(t);
      continue;
    }
    const bool inner_capital =
        std::any_of(t.begin() + 1, t.end(), [](char c) { return std::isupper(static_cast<unsigned char>(c)); });
    const bool code =
        t.find('_') != std::string::npos || t.find("::") != std::string::npos ||
        std::any_of(t.begin(), t.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }) ||
        inner_capital;
    if (code) out.code.insert(t);
  }
  return out;
}

std::string joined(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& e : s) out += (out.empty() ? "" : " ") + e;
  return out;
}

TEST(lesson_text, code_tokens_and_numbers_are_found) {
  const auto found =
      code_and_numbers_of("The GPUs read utl::free_list via ID3D12Device at 1280×720, 0.5 ms; The Present");
  EXPECT_EQ(joined(found.code), "GPU ID3D12Device utl::free_list");
  EXPECT_EQ(joined(found.numbers), "0.5 1280 720");
  EXPECT_EQ(joined(code_and_numbers_of("第 3 帧读取 _free_handles[_size]，GPU 等待").code), "GPU _free_handles _size");
}

// Every text in the shipped lessons names the same code and the same numbers in every
// language as in English, so the languages cannot drift apart in what they claim.
TEST(lesson_text, every_language_names_the_same_code_and_numbers_as_english) {
  auto lessons = load_lessons(XE_SOURCE_DIR "/lessons");
  ASSERT_TRUE(lessons) << lessons.error_value().reason;
  u32 pairs = 0;
  const auto compare = [&](const lesson& l, const std::string& where, const localized& b) {
    ++pairs;
    const auto source = code_and_numbers_of(b.in(en()));
    for (language lang : languages()) {
      if (lang == en()) continue;
      const auto other = code_and_numbers_of(b.in(lang));
      EXPECT_EQ(joined(other.code), joined(source.code)) << l.id << " " << where << ": code differs\n " << lang.code()
                                                         << ": " << b.in(lang) << "\n en: " << b.in(en());
      EXPECT_EQ(joined(other.numbers), joined(source.numbers))
          << l.id << " " << where << ": numbers differ\n " << lang.code() << ": " << b.in(lang)
          << "\n en: " << b.in(en());
    }
  };
  for (const lesson& l : *lessons) {
    compare(l, "title", l.title);
    compare(l, "summary", l.summary);
    for (const lesson_step& s : l.steps) {
      const std::string where = "step " + std::to_string(s.number);
      compare(l, where + " title", s.title);
      compare(l, where + " text", s.text);
      if (s.exercise) compare(l, where + " task", s.exercise->task);
      if (!s.predict) continue;
      compare(l, where + " question", s.predict->question);
      for (const choice& c : s.predict->choices)
        if (c.label) compare(l, where + " choice " + c.value.dump(), *c.label);
    }
  }
  EXPECT_GT(pairs, 100u);
}

// What a headless lesson prints: the prediction before the step, the chosen label, the
// text and the state after it; engine warnings, but not the failures a step expected.
TEST(lesson_console, prints_the_label_the_text_and_the_state_in_that_order) {
  auto l = parse_lesson(R"({"id": "07-demo", "chapter": 7,
    "title": {"zh": "标题", "en": "Title", "pt": "Title"}, "summary": {"zh": "摘要", "en": "Summary", "pt": "Summary"},
    "steps": [{"title": {"zh": "释放", "en": "Free", "pt": "Free"}, "text": {"zh": "正文", "en": "The text.", "pt": "The text."},
      "actions": [{"do": "expect_error", "action": {"do": "free", "heap": "demo", "index": 1}, "as": "twice"}],
      "focus": {"panel": "Heaps", "heap": "demo"},
      "predict": {"question": {"zh": "问", "en": "Which?", "pt": "Which?"},
                  "choices": [{"value": true, "label": {"zh": "是", "en": "Yes", "pt": "Yes"}}, {"value": false, "label": {"zh": "否", "en": "No", "pt": "No"}}],
                  "answer": "/checks/twice/failed"}}]})",
                        "lessons/07-demo.json");
  ASSERT_TRUE(l) << l.error_value().reason;
  const lesson_step& step = l->steps[0];
  const std::string intro = lesson_console::step_intro(*l, step, en());
  EXPECT_MENTIONS(intro, "-- 1/1 Free");
  EXPECT_MENTIONS(intro, "(a) Yes (b) No");
  EXPECT_EQ(intro.find("The text."), std::string::npos) << "the text comes after the step, as in the panel";

  const nlohmann::json state = {
      {"frame", {{"number", 4}, {"slot", 0}, {"next_slot", 1}}},
      {"heaps",
       {{"demo",
         {{"size", 2},
          {"capacity", 5},
          {"free_stack", {0, 1, 2, 3, 4}},
          {"deferred", {{1}, nlohmann::json::array(), nlohmann::json::array()}}}}}},
      {"checks", {{"twice", {{"failed", true}, {"action", "free"}, {"message", "index 1 is already waiting"}}}}}};
  const std::vector<lesson_console::log_line> log = {
      {spdlog::level::err, "descriptor heap 'demo': index 1 is already waiting"},
      {spdlog::level::info, "expected failure of free: index 1 is already waiting"},
      {spdlog::level::warn, "something the step did not expect"}};
  const std::string report = lesson_console::step_report(step, step_outcome{1, true}, state, log, en());
  EXPECT_MENTIONS(report, "= (a) Yes");
  EXPECT_EQ(report.find("= true"), std::string::npos) << "the label, never the raw value";
  EXPECT_MENTIONS(report, "The text.");
  EXPECT_MENTIONS(report, "free refused, as expected: index 1 is already waiting");
  EXPECT_MENTIONS(report, "frames: 0-3 ended | frees now wait in slot 0 | frame 4 records into slot 1");
  EXPECT_MENTIONS(report,
                  "heap demo: _size 2 of 5 | free stack [0 1 | 2 3 4] | deferred slot 0 [1] slot 1 [] slot 2 []");
  EXPECT_MENTIONS(report, "engine log (warning): something the step did not expect");
  EXPECT_EQ(report.find("(error)"), std::string::npos) << "an expected failure is not printed as an error";
  EXPECT_LT(report.find("= (a) Yes"), report.find("The text."));
  EXPECT_LT(report.find("The text."), report.find("heap demo"));
  EXPECT_MENTIONS(lesson_console::step_report(step, step_outcome{1, true}, state, log, zh()), "= (a) 是");
}

TEST(lesson_vocabulary, new_actions_parse_and_reject_nesting) {
  auto s = parse_script(R"({"steps": [
    {"do": "expect_error", "action": {"do": "free", "heap": "h", "index": 1}, "contains": "already", "as": "df"},
    {"do": "attempt", "action": {"do": "toggle_fullscreen", "slot": 0}, "as": "fs"},
    {"do": "check_view_format", "resource": "R32_FLOAT", "view": "R8G8B8A8_UNORM", "as": "v"},
    {"do": "expect", "path": "/objects", "contains": {"name": "frame fence"}}]})",
                        "t.json");
  ASSERT_TRUE(s) << s.error_value().reason;
  EXPECT_EQ(s->steps[0].name, "expect_error");
  EXPECT_EQ(s->steps[0].params["action"], (nlohmann::json{{"do", "free"}, {"heap", "h"}, {"index", 1}}));
  EXPECT_EQ(s->steps[1].name, "attempt");
  EXPECT_EQ(s->steps[1].what->records_as(), "fs");
  EXPECT_EQ(s->steps[3].params["contains"], (nlohmann::json{{"name", "frame fence"}}));
  auto nested = parse_script(R"({"steps": [{"do": "attempt", "as": "a",
      "action": {"do": "expect_error", "action": {"do": "flush"}}}]})",
                             "t.json");
  ASSERT_FALSE(nested);
  EXPECT_MENTIONS(nested.error_value().reason, "cannot itself be");
  auto unnamed = parse_script(R"({"steps": [{"do": "attempt", "action": {"do": "flush"}}]})", "t.json");
  ASSERT_FALSE(unnamed);
}

// equals_at, in_order and lacks: each one is shown failing on the state that breaks it.
TEST(lesson_vocabulary, equals_at_in_order_and_lacks) {
  const nlohmann::json state = {
      {"size", 32},
      {"name", "llvmpipe (LLVM 15)"},
      {"device", {{"size", 32}, {"other", 48}}},
      {"events", {{{"type", "done"}, {"name", "first"}}, {{"type", "done"}, {"name", "second"}}}}};
  const auto check = [&](nlohmann::json e) {
    auto parsed = actions::parse_expect(e);
    EXPECT_TRUE(parsed) << e.dump();
    return parsed ? actions::check_expect(state, *parsed) : std::optional<std::string>{"unparsed"};
  };
  EXPECT_FALSE(check({{"path", "/size"}, {"equals_at", "/device/size"}}));
  EXPECT_TRUE(check({{"path", "/size"}, {"equals_at", "/device/other"}}));
  EXPECT_TRUE(check({{"path", "/size"}, {"equals_at", "/device/missing"}}));
  const nlohmann::json first = {{"name", "first"}}, second = {{"name", "second"}};
  EXPECT_FALSE(check({{"path", "/events"}, {"in_order", {first, second}}}));
  EXPECT_TRUE(check({{"path", "/events"}, {"in_order", {second, first}}}));
  EXPECT_TRUE(check({{"path", "/events"}, {"in_order", {first, first}}}));  // one element matches once
  EXPECT_FALSE(check({{"path", "/events"}, {"lacks", {{"type", "queued"}}}}));
  EXPECT_TRUE(check({{"path", "/events"}, {"lacks", {{"name", "second"}}}}));
  EXPECT_FALSE(actions::parse_expect({{"path", "/events"}, {"in_order", {first}}}));  // needs two
  EXPECT_FALSE(check({{"path", "/name"}, {"lacks", "radeon"}}));                      // a string: no such substring
  EXPECT_TRUE(check({{"path", "/name"}, {"lacks", "LLVM"}}));
  // equals_at compares within one state: scripts (no step, no state before it) may use it.
  EXPECT_TRUE(actions::parse_expect({{"path", "/size"}, {"equals_at", "/device/size"}}, false));
}

// "on": a claim for one kind of surface 0 is checked there and not made on the other kind.
TEST(lesson_vocabulary, on_makes_a_claim_for_one_kind_of_surface) {
  const auto state_on = [](const char* kind) {
    return nlohmann::json{{"surfaces", {{"slots", {{{"kind", kind}}}}}}, {"deferred", 3}};
  };
  const auto parsed = actions::parse_expect({{"path", "/deferred"}, {"equals", 0}, {"on", "window"}});
  ASSERT_TRUE(parsed);
  EXPECT_TRUE(actions::check_expect(state_on("window"), *parsed)) << "checked on a window, and wrong there";
  EXPECT_FALSE(actions::check_expect(state_on("offscreen"), *parsed)) << "not made offscreen";
  EXPECT_FALSE(actions::applies(state_on("offscreen"), *parsed));
  EXPECT_FALSE(actions::applies(nlohmann::json::object(), *parsed)) << "no surface 0: no kind to match";
  const auto offscreen = actions::parse_expect({{"path", "/deferred"}, {"equals", 0}, {"on", "offscreen"}});
  ASSERT_TRUE(offscreen);
  EXPECT_TRUE(actions::check_expect(state_on("offscreen"), *offscreen));
  EXPECT_MENTIONS(actions::parse_expect({{"path", "/d"}, {"equals", 0}, {"on", "fullscreen"}}).error_value().reason,
                  "'on' takes \"window\" or \"offscreen\"");
  EXPECT_MENTIONS(actions::parse_expect({{"path", "/d"}, {"equals", 0}, {"on", "window"}}, false).error_value().reason,
                  "'on' is for lessons");
}

TEST(lesson_vocabulary, contains_matches_substrings_elements_and_subsets) {
  const nlohmann::json state = {{"name", "llvmpipe (LLVM 15)"},
                                {"list", {1, 2, 3}},
                                {"objects", {{{"name", "a"}, {"type", "T"}}, {{"name", "b"}, {"type", "U"}}}}};
  const auto check = [&](const char* path, nlohmann::json value) {
    actions::expect e;
    e.path = path;
    e.pointer = nlohmann::json::json_pointer{path};
    e.value = std::move(value);
    e.contains = true;
    return actions::check_expect(state, e);
  };
  EXPECT_FALSE(check("/name", "LLVM"));
  EXPECT_TRUE(check("/name", "radeon"));
  EXPECT_FALSE(check("/list", 2));
  EXPECT_TRUE(check("/list", 4));
  EXPECT_FALSE(check("/objects", {{"name", "b"}}));
  EXPECT_TRUE(check("/objects", {{"name", "b"}, {"type", "T"}}));
  EXPECT_MENTIONS(*check("/missing", 1), "does not exist");
}

class settings_test : public ::testing::Test {
protected:
  scratch_dir _dir{"xe-settings-test"};
  fs::path _file{_dir / "nested" / "settings.json"};  // saving creates "nested"
};

// A locale names the catalogue's language by its first part, in any case and either spelling.
TEST(language, a_locale_names_its_language) {
  const language pt = language::from_code("pt").value();
  EXPECT_EQ(language::from_locale("pt_BR.UTF-8"), pt);
  EXPECT_EQ(language::from_locale("pt-BR"), pt);  // Windows' spelling
  EXPECT_EQ(language::from_locale("PT"), pt);
  EXPECT_EQ(language::from_locale("zh_CN.UTF-8@pinyin"), zh());
  EXPECT_EQ(language::from_locale("en_GB"), en());
  for (const char* none : {"C", "C.UTF-8", "POSIX", "fr_FR.UTF-8", "", "_BR"})
    EXPECT_FALSE(language::from_locale(none)) << none;
}

#ifndef _WIN32
// A first run (no settings file) shows the system's language; a saved choice wins over it.
TEST_F(settings_test, a_first_run_follows_the_system_language) {
  struct saved_env {  // the variables as they were, put back
    std::vector<std::pair<std::string, std::optional<std::string>>> was;
    void set(const char* name, const char* value) {
      const char* old = std::getenv(name);
      was.emplace_back(name, old ? std::optional<std::string>{old} : std::nullopt);
      value ? setenv(name, value, 1) : unsetenv(name);
    }
    ~saved_env() {
      for (auto it = was.rbegin(); it != was.rend(); ++it)
        it->second ? setenv(it->first.c_str(), it->second->c_str(), 1) : unsetenv(it->first.c_str());
    }
  } env;
  env.set("LANGUAGE", nullptr);
  env.set("LC_MESSAGES", nullptr);
  env.set("LANG", "en_US.UTF-8");
  env.set("LC_ALL", "pt_BR.UTF-8");  // LC_ALL before LANG
  const language pt = language::from_code("pt").value();
  EXPECT_EQ(load_settings(_file, nullptr).lang, pt);
  env.set("LANGUAGE", "fr:zh_CN");  // gettext's list: the first the catalogue has
  EXPECT_EQ(language::system_default(), zh());
  env.set("LANGUAGE", nullptr);
  env.set("LC_ALL", "C.UTF-8");  // no language: the default
  EXPECT_EQ(language::system_default(), language{});
  env.set("LC_ALL", "pt_BR.UTF-8");
  learner_settings chosen;
  chosen.lang = en();
  ASSERT_TRUE(save_settings(_file, chosen));
  EXPECT_EQ(load_settings(_file, nullptr).lang, en());  // the learner's choice, not the system's
}
#endif

TEST_F(settings_test, round_trips_and_creates_folders) {
  learner_settings s;
  s.lang = en();
  s.lesson = "07-descriptor-heaps";
  s.step = 4;
  s.completed = {"01-what-is-d3d12"};
  s.exercises = {"07-free-stack"};
  ASSERT_TRUE(save_settings(_file, s));
  std::string message;
  const learner_settings back = load_settings(_file, &message);
  EXPECT_TRUE(message.empty());
  EXPECT_EQ(back.lang, en());
  EXPECT_EQ(back.lesson, "07-descriptor-heaps");
  EXPECT_EQ(back.step, 4u);
  EXPECT_EQ(back.completed, s.completed);
  EXPECT_EQ(back.exercises, s.exercises);
  EXPECT_FALSE(fs::exists(_file.string() + ".tmp"));
}

TEST_F(settings_test, corrupt_file_is_reset_with_a_message) {
  fs::create_directories(_file.parent_path());
  for (const char* text : {"{not json", R"({"version": 1, "language": "fr"})", R"({"version": 9})", "[]"}) {
    std::ofstream{_file} << text;
    std::string message;
    const learner_settings s = load_settings(_file, &message);
    EXPECT_MENTIONS(message, "settings were reset");
    EXPECT_EQ(s.lang, zh());
    EXPECT_TRUE(s.lesson.empty());
  }
  std::string message;
  load_settings(_dir / "absent.json", &message);
  EXPECT_TRUE(message.empty());  // a first run is not an error
}

// Wrong JSON types never throw: each is reset with a message naming the JSON path.
TEST_F(settings_test, wrong_types_are_reset_naming_the_json_path) {
  fs::create_directories(_file.parent_path());
  const std::pair<const char*, const char*> cases[] = {
      {R"({"version": 1, "language": 5})", "/language"},
      {R"({"version": 1, "language": null})", "/language"},
      {R"({"version": 1, "language": ["en"]})", "/language"},
      {R"({"version": "1"})", "/version"},
      {R"({"language": "en"})", "/version"},
      {R"({"version": 1, "step": -3})", "/step"},
      {R"({"version": 1, "lesson": {}})", "/lesson"},
      {R"({"version": 1, "completed": "01"})", "/completed"},
      {R"({"version": 1, "completed": ["01", 2]})", "/completed/1"},
      {R"({"version": 1, "exercises": {"07-free-stack": true}})", "/exercises"},
      {R"({"version": 1, "exercises": ["07-free-stack", null]})", "/exercises/1"},
      {R"({"version": 1, "version": 1})", "duplicate key \"version\""},
      {"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
       "nests deeper than 64"},
  };
  for (const auto& [text, path] : cases) {
    std::ofstream{_file} << text;
    std::string message;
    const learner_settings s = load_settings(_file, &message);
    EXPECT_MENTIONS(message, path);
    EXPECT_MENTIONS(message, "settings were reset");
    EXPECT_EQ(s, learner_settings{});
  }
}

// Issue 33: a 3.9 MB compact file was read, re-indented past the 4 MiB cap on save, and the
// next run reset it. Whatever progress the app holds, what it writes reads back whole.
TEST_F(settings_test, what_is_written_always_reads_back) {
  learner_settings s;
  s.lesson = std::string(max_lesson_id_bytes, '\x01');  // escaped: six bytes each in JSON
  for (size_t i = 0; s.completed.size() < 3 * max_completed_lessons; ++i)
    s.completed.insert(fmt::format("{:0>{}}", i, max_lesson_id_bytes - 1) + '\x02');
  s.completed.insert(std::string(max_lesson_id_bytes + 1, 'x'));
  for (size_t i = 0; s.exercises.size() < 3 * max_passed_exercises; ++i)
    s.exercises.insert(fmt::format("{:0>{}}", i, max_lesson_id_bytes - 1) + '\x02');
  ASSERT_TRUE(save_settings(_file, s));
  EXPECT_LT(fs::file_size(_file), document_limits.max_bytes);
  std::string message;
  const learner_settings back = load_settings(_file, &message);
  EXPECT_EQ(message, "");
  EXPECT_EQ(back.lesson, s.lesson);
  EXPECT_EQ(back.completed.size(), max_completed_lessons);
  EXPECT_EQ(back.completed.count(std::string(max_lesson_id_bytes + 1, 'x')), 0u);
  EXPECT_EQ(back.exercises.size(), max_passed_exercises);
  // A file larger than the app would write is refused as a whole, with the reason.
  fs::create_directories(_file.parent_path());
  nlohmann::json many = {{"version", 1}, {"completed", nlohmann::json::array()}};
  for (size_t i = 0; i <= max_completed_lessons; ++i) many["completed"].push_back(std::to_string(i));
  std::ofstream{_file} << many.dump();
  load_settings(_file, &message);
  EXPECT_MENTIONS(message, "/completed holds 1001 lesson ids, more than 1000");
}

// Two instances on one file: neither loses the lessons the other finished, and a language
// one of them chose survives the other's later save.
TEST_F(settings_test, two_instances_merge_instead_of_overwriting) {
  settings_store a{_file}, b{_file};
  learner_settings sa = a.load(nullptr), sb = b.load(nullptr);
  sa.completed.insert("01-what-is-d3d12");
  sa.lang = en();
  a.save(sa);
  sb.completed.insert("02-adapters");
  sb.exercises.insert("09-free-list");
  sb.lesson = "02-adapters";
  sb.step = 3;
  b.save(sb);
  sa.completed.insert("03-initialisation");
  sa.exercises.insert("07-free-stack");
  a.save(sa);
  const learner_settings on_disk = load_settings(_file, nullptr);
  EXPECT_EQ(on_disk.completed, (std::set<std::string>{"01-what-is-d3d12", "02-adapters", "03-initialisation"}));
  EXPECT_EQ(on_disk.exercises, (std::set<std::string>{"07-free-stack", "09-free-list"}));
  EXPECT_EQ(on_disk.lang, en());             // a chose it, b never changed it
  EXPECT_EQ(on_disk.lesson, "02-adapters");  // b moved, a never did
  EXPECT_EQ(on_disk.step, 3u);
}

TEST_F(settings_test, unwritable_path_is_an_error) {
  fs::create_directories(_dir);
  std::ofstream{_dir / "file"} << "x";
  auto r = save_settings(_dir / "file" / "settings.json", learner_settings{});
  EXPECT_FALSE(r);
}

}  // namespace
}  // namespace xe::sandbox

namespace xe::sandbox {
namespace {

// --exercise names: an id, a unique prefix, or a lesson's number for its first exercise;
// anything else is refused with the list (exercise/exercise.h).
TEST(exercise_catalogue, names_resolve_or_are_refused_with_the_list) {
  auto cat = load_exercises(std::string{XE_SOURCE_DIR} + "/lessons");
  ASSERT_TRUE(cat) << cat.error_value().reason;
  ASSERT_GE(cat->exercises.size(), 5u);
  EXPECT_EQ((*cat->find("07-deferred-free"))->id, "07-deferred-free");
  EXPECT_EQ((*cat->find("07"))->id, "07-free-stack");
  EXPECT_EQ((*cat->find("07-d"))->id, "07-deferred-free");
  EXPECT_EQ((*cat->find("12"))->id, "12-deferred-release");
  auto both = cat->find("0");
  ASSERT_FALSE(both);
  EXPECT_NE(both.error_value().reason.find("names more than one exercise"), std::string::npos);
  auto none = cat->find("99");
  ASSERT_FALSE(none);
  EXPECT_NE(none.error_value().reason.find("no exercise 99; there are:\n  06-frame-ring"), std::string::npos)
      << none.error_value().reason;
  for (const exercise_info& ex : cat->exercises) {
    EXPECT_TRUE(std::filesystem::is_regular_file(ex.home / ex.file)) << ex.id;
    EXPECT_TRUE(std::filesystem::is_regular_file(ex.home / ex.header)) << ex.id;
    EXPECT_TRUE(std::filesystem::is_regular_file(ex.home / "solution.cpp")) << ex.id;
    EXPECT_TRUE(std::filesystem::is_regular_file(ex.home / "grader.cpp")) << ex.id;
    // What the engine does differently is said in each of the lessons' languages.
    for (const char* code : {"en", "zh", "pt"}) {
      EXPECT_TRUE(ex.titles.count(code)) << ex.id << " " << code;
      EXPECT_TRUE(ex.engine_differs.count(code)) << ex.id << " " << code;
    }
  }
}

}  // namespace
}  // namespace xe::sandbox
