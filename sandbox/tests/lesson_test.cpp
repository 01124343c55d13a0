// Lesson files and settings without a device: parsing (every malformed class names the
// file and step), the real lessons folder, the new vocabulary, and the settings file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "lessons/lesson.h"
#include "lessons/lesson_session.h"
#include "lessons/settings.h"
#include "script/script.h"

namespace xe::sandbox {
namespace {

namespace fs = std::filesystem;

#define EXPECT_MENTIONS(haystack, needle) \
  EXPECT_NE((haystack).find(needle), std::string::npos) << "'" << (haystack) << "' should mention '" << (needle) << "'"

// A valid two-step lesson; tests break one part of it.
std::string lesson_text(const std::string& second_step) {
  return R"({"id": "07-demo", "chapter": 7,
    "title": {"zh": "标题", "en": "Title"}, "summary": {"zh": "摘要", "en": "Summary"},
    "steps": [
      {"title": {"zh": "一", "en": "One"}, "text": {"zh": "文本", "en": "Text"},
       "actions": [{"do": "advance_frames", "count": 1}],
       "expect": [{"path": "/frame/number", "equals": 1}],
       "focus": {"panel": "Heaps", "heap": "rtv", "cells": [0, 1]},
       "predict": {"question": {"zh": "问", "en": "Q"}, "choices": [0, {"value": 1, "label": {"zh": "一", "en": "one"}}],
                   "answer": "/frame/index"}},
      )" + second_step + "]}";
}
const std::string good_step = R"({"title": {"zh": "二", "en": "Two"}, "text": {"zh": "文本", "en": "Text"}})";

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
  EXPECT_EQ(s.title.in(language::zh), "一");
  EXPECT_EQ(s.title.in(language::en), "One");
  ASSERT_EQ(s.actions.size(), 1u);
  ASSERT_EQ(s.expect.size(), 1u);
  EXPECT_EQ(s.expect[0].value, 1);
  ASSERT_TRUE(s.focus);
  EXPECT_EQ(s.focus->cells, (std::vector<u32>{0, 1}));
  ASSERT_TRUE(s.predict);
  ASSERT_EQ(s.predict->choices.size(), 2u);
  EXPECT_FALSE(s.predict->choices[0].label);
  EXPECT_EQ(s.predict->choices[1].label->in(language::en), "one");
}

TEST(lesson_parse, bad_json_names_the_file) {
  const std::string e = parse_error(R"({"id": "07-demo", )");
  EXPECT_MENTIONS(e, "lessons/07-demo.json");
  EXPECT_MENTIONS(e, "not valid JSON");
}

TEST(lesson_parse, missing_language_names_file_and_step) {
  const std::string e =
      parse_error(lesson_text(R"({"title": {"zh": "二", "en": "Two"}, "text": {"en": "English only"}})"));
  EXPECT_MENTIONS(e, "lessons/07-demo.json");
  EXPECT_MENTIONS(e, "step 2");
  EXPECT_MENTIONS(e, "no zh text");
  EXPECT_MENTIONS(parse_error(lesson_text(R"({"title": {"zh": "二", "en": ""}, "text": {"zh": "a", "en": "b"}})")),
                  "no en text");
}

TEST(lesson_parse, unknown_action_names_file_step_and_action) {
  const std::string e = parse_error(lesson_text(
      R"({"title": {"zh": "二", "en": "Two"}, "text": {"zh": "a", "en": "b"}, "actions": [{"do": "teleport"}]})"));
  EXPECT_MENTIONS(e, "lessons/07-demo.json");
  EXPECT_MENTIONS(e, "step 2 (\"Two\")");
  EXPECT_MENTIONS(e, "unknown action");
}

TEST(lesson_parse, bad_pointer_names_file_and_step) {
  const std::string e = parse_error(lesson_text(
      R"({"title": {"zh": "二", "en": "Two"}, "text": {"zh": "a", "en": "b"}, "expect": [{"path": "frame", "equals": 1}]})"));
  EXPECT_MENTIONS(e, "lessons/07-demo.json");
  EXPECT_MENTIONS(e, "step 2");
  EXPECT_MENTIONS(e, "JSON Pointer");
  EXPECT_MENTIONS(parse_error(lesson_text(R"({"title": {"zh": "二", "en": "Two"}, "text": {"zh": "a", "en": "b"},
      "predict": {"question": {"zh": "问", "en": "Q"}, "choices": [1, 2], "answer": "x~2"}})")),
                  "JSON Pointer");
}

TEST(lesson_parse, other_mistakes_are_named) {
  const auto with_step = [](const std::string& extra) {
    return parse_error(lesson_text(R"({"title": {"zh": "二", "en": "Two"}, "text": {"zh": "a", "en": "b"}, )" + extra + "}"));
  };
  EXPECT_MENTIONS(with_step(R"("focus": {"panel": "Nowhere"})"), "not one of the inspector's panels");
  EXPECT_MENTIONS(with_step(R"("predict": {"question": {"zh": "问", "en": "Q"}, "choices": [1], "answer": "/a"})"),
                  "at least two choices");
  EXPECT_MENTIONS(with_step(R"("expect": [{"path": "/a", "equals": 1, "contains": 1}])"), "exactly one of");
  EXPECT_MENTIONS(with_step(R"("colour": "red")"), "unknown key 'colour'");
  EXPECT_MENTIONS(parse_error(R"({"id": "x", "chapter": 0, "title": {"zh": "a", "en": "b"}, "summary": {"zh": "a", "en": "b"}, "steps": []})"),
                  "'chapter' must be an integer 1..99");
  EXPECT_MENTIONS(parse_error("[1, 2]"), "a lesson is a JSON object");
}

TEST(lesson_parse, file_name_must_match_id) {
  const fs::path dir = fs::temp_directory_path() / "xe-lesson-test";
  fs::create_directories(dir);
  std::ofstream{dir / "08-other.json"} << lesson_text(good_step);
  auto l = load_lesson(dir / "08-other.json");
  ASSERT_FALSE(l);
  EXPECT_MENTIONS(l.error_value().reason, "must match the file name");
  fs::remove_all(dir);
}

// The shipped lessons: all load, chapters 1..11 in order, both languages everywhere.
TEST(lessons_folder, every_chapter_loads_with_both_languages) {
  auto lessons = load_lessons(XE_SOURCE_DIR "/lessons");
  ASSERT_TRUE(lessons) << lessons.error_value().reason;
  ASSERT_EQ(lessons->size(), 11u);
  for (u32 i = 0; i < lessons->size(); ++i) {
    const lesson& l = (*lessons)[i];
    EXPECT_EQ(l.chapter, i + 1);
    for (const lesson_step& s : l.steps)
      for (language lang : {language::zh, language::en}) {
        EXPECT_FALSE(s.title.in(lang).empty()) << l.id << " step " << s.number;
        EXPECT_FALSE(s.text.in(lang).empty()) << l.id << " step " << s.number;
      }
    // The Chinese text really is Chinese, not a copy of the English.
    EXPECT_NE(l.steps[0].text.zh, l.steps[0].text.en) << l.id;
  }
  EXPECT_EQ(find_lesson(*lessons, "07"), 6u);
  EXPECT_EQ(find_lesson(*lessons, "07-descriptor-heaps"), 6u);
  EXPECT_FALSE(find_lesson(*lessons, "0"));   // not a whole chapter number
  EXPECT_FALSE(find_lesson(*lessons, "12"));
}

TEST(lesson_vocabulary, new_actions_parse_and_reject_nesting) {
  auto s = parse_script(R"({"steps": [
    {"do": "expect_error", "action": {"do": "free", "heap": "h", "index": 1}, "contains": "already", "as": "df"},
    {"do": "attempt", "action": {"do": "toggle_fullscreen", "slot": 0}, "as": "fs"},
    {"do": "check_view_format", "resource": "R32_FLOAT", "view": "R8G8B8A8_UNORM", "as": "v"},
    {"do": "expect", "path": "/objects", "contains": {"name": "frame fence"}}]})",
                        "t.json");
  ASSERT_TRUE(s) << s.error_value().reason;
  EXPECT_TRUE(std::holds_alternative<actions::expect_error>(s->steps[0].what));
  EXPECT_TRUE(std::holds_alternative<actions::attempt>(s->steps[1].what));
  EXPECT_TRUE(std::get<actions::expect>(s->steps[3].what).contains);
  auto nested = parse_script(R"({"steps": [{"do": "attempt", "as": "a",
      "action": {"do": "expect_error", "action": {"do": "flush"}}}]})", "t.json");
  ASSERT_FALSE(nested);
  EXPECT_MENTIONS(nested.error_value().reason, "cannot itself be");
  auto unnamed = parse_script(R"({"steps": [{"do": "attempt", "action": {"do": "flush"}}]})", "t.json");
  ASSERT_FALSE(unnamed);
}

TEST(lesson_vocabulary, contains_matches_substrings_elements_and_subsets) {
  const nlohmann::json state = {{"name", "llvmpipe (LLVM 15)"},
                                {"list", {1, 2, 3}},
                                {"objects", {{{"name", "a"}, {"type", "T"}}, {{"name", "b"}, {"type", "U"}}}}};
  const auto check = [&](const char* path, nlohmann::json value) {
    return actions::check_expect(state, {path, nlohmann::json::json_pointer{path}, std::move(value), true});
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
  void SetUp() override {
    // One folder per test: CTest runs the cases as parallel processes.
    _dir = fs::temp_directory_path() /
           (std::string{"xe-settings-test-"} + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(_dir);
    _file = _dir / "nested" / "settings.json";
  }
  void TearDown() override { fs::remove_all(_dir); }
  fs::path _dir, _file;
};

TEST_F(settings_test, round_trips_and_creates_folders) {
  learner_settings s;
  s.lang = language::en;
  s.lesson = "07-descriptor-heaps";
  s.step = 4;
  s.completed = {"01-what-is-d3d12"};
  ASSERT_TRUE(save_settings(_file, s));
  std::string message;
  const learner_settings back = load_settings(_file, &message);
  EXPECT_TRUE(message.empty());
  EXPECT_EQ(back.lang, language::en);
  EXPECT_EQ(back.lesson, "07-descriptor-heaps");
  EXPECT_EQ(back.step, 4u);
  EXPECT_EQ(back.completed, s.completed);
  EXPECT_FALSE(fs::exists(_file.string() + ".tmp"));
}

TEST_F(settings_test, corrupt_file_is_reset_with_a_message) {
  fs::create_directories(_file.parent_path());
  for (const char* text : {"{not json", R"({"version": 1, "language": "fr"})", R"({"version": 9})", "[]"}) {
    std::ofstream{_file} << text;
    std::string message;
    const learner_settings s = load_settings(_file, &message);
    EXPECT_MENTIONS(message, "settings were reset");
    EXPECT_EQ(s.lang, language::zh);
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
      {R"({"version": 1, "version": 1})", "duplicate key \"version\""},
      {"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "nests deeper than 64"},
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

// Two instances on one file: neither loses the lessons the other finished, and a language
// one of them chose survives the other's later save.
TEST_F(settings_test, two_instances_merge_instead_of_overwriting) {
  settings_store a{_file}, b{_file};
  learner_settings sa = a.load(nullptr), sb = b.load(nullptr);
  sa.completed.insert("01-what-is-d3d12");
  sa.lang = language::en;
  a.save(sa);
  sb.completed.insert("02-adapters");
  sb.lesson = "02-adapters";
  sb.step = 3;
  b.save(sb);
  sa.completed.insert("03-initialisation");
  a.save(sa);
  const learner_settings on_disk = load_settings(_file, nullptr);
  EXPECT_EQ(on_disk.completed, (std::set<std::string>{"01-what-is-d3d12", "02-adapters", "03-initialisation"}));
  EXPECT_EQ(on_disk.lang, language::en);      // a chose it, b never changed it
  EXPECT_EQ(on_disk.lesson, "02-adapters");   // b moved, a never did
  EXPECT_EQ(on_disk.step, 3u);
}

TEST_F(settings_test, unwritable_path_is_an_error) {
  fs::create_directories(_dir);
  std::ofstream{_dir / "file"} << "x";
  auto r = save_settings(_dir / "file" / "settings.json", learner_settings{});
  EXPECT_FALSE(r);
}

} // namespace
} // namespace xe::sandbox
