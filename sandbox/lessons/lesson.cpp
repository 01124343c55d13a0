#include "lessons/lesson.h"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include <spdlog/fmt/fmt.h>

#include "app/data_paths.h"
#include "io/json_input.h"

namespace xe::sandbox {

using nlohmann::json;

const char* to_string(language l) { return l == language::zh ? "zh" : "en"; }

namespace {

struct bad_lesson {
  std::string reason;
};

[[noreturn]] void fail(std::string reason) { throw bad_lesson{std::move(reason)}; }

void only_keys(const json& object, std::initializer_list<const char*> allowed, const std::string& where) {
  for (const auto& item : object.items()) {
    const std::string& key = item.key();
    if (std::none_of(allowed.begin(), allowed.end(), [&](const char* a) { return key == a; }))
      fail(fmt::format("{}: unknown key '{}'", where, brief_text(key, 40)));
  }
}

const json& require(const json& object, const char* key, const std::string& where) {
  if (!object.is_object()) fail(where + ": expected an object");
  auto it = object.find(key);
  if (it == object.end()) fail(fmt::format("{}: '{}' is required", where, key));
  return *it;
}

bilingual read_text(const json& object, const char* key, const std::string& where) {
  const json& t = require(object, key, where);
  const std::string here = fmt::format("{}: '{}'", where, key);
  if (!t.is_object()) fail(here + " must be an object {\"zh\": ..., \"en\": ...}");
  only_keys(t, {"zh", "en"}, here);
  bilingual out;
  for (const char* lang : {"zh", "en"}) {
    auto it = t.find(lang);
    if (it == t.end() || !it->is_string() || it->get_ref<const std::string&>().empty())
      fail(fmt::format("{} has no {} text (both languages are required)", here, lang));
    (lang[0] == 'z' ? out.zh : out.en) = it->get<std::string>();
  }
  return out;
}

json::json_pointer read_pointer(const json& value, const std::string& where) {
  if (!value.is_string()) fail(where + " must be a JSON Pointer string");
  try {
    return json::json_pointer{value.get<std::string>()};
  } catch (const json::exception& e) {
    fail(fmt::format("{} is not a JSON Pointer (\"{}\"): {}", where, brief_text(value.get<std::string>()), e.what()));
  }
}

lesson_step read_step(const json& s, u32 number) {
  const std::string where = fmt::format("step {}", number);
  if (!s.is_object()) fail(where + ": expected an object");
  only_keys(s, {"title", "text", "actions", "expect", "focus", "predict"}, where);
  lesson_step step;
  step.number = number;
  step.title = read_text(s, "title", where);
  step.text = read_text(s, "text", where);
  if (auto it = s.find("actions"); it != s.end()) {
    auto parsed = actions::parse_steps(*it);
    if (!parsed) fail(fmt::format("{} (\"{}\"): actions: {}", where, step.title.en, parsed.error_value().reason));
    step.actions = std::move(*parsed);
  }
  if (auto it = s.find("expect"); it != s.end()) {
    if (!it->is_array()) fail(where + ": 'expect' must be an array");
    for (const json& e : *it) {
      if (!e.is_object()) fail(where + ": each expectation is an object {\"path\", \"equals\" | \"contains\"}");
      for (const auto& item : e.items())
        if (std::find(actions::expect_keys().begin(), actions::expect_keys().end(), item.key()) ==
            actions::expect_keys().end())
          fail(fmt::format("{}: expect: unknown key '{}'", where, item.key()));
      auto parsed = actions::parse_expect(e);
      if (!parsed) fail(fmt::format("{}: expect: {}", where, parsed.error_value().reason));
      step.expect.push_back(std::move(*parsed));
    }
  }
  if (auto it = s.find("focus"); it != s.end()) {
    only_keys(*it, {"panel", "heap", "cells", "slot", "surface"}, where + ": focus");
    lesson_focus f;
    const json& panel = require(*it, "panel", where + ": focus");
    static const std::set<std::string> panels = {"Heaps", "Deferred", "Fences", "Surfaces",
                                                 "Resources", "Log", "Adapter", "Diff"};
    if (!panel.is_string() || !panels.count(panel.get<std::string>()))
      fail(fmt::format("{}: focus panel {} is not one of the inspector's panels", where, brief(panel)));
    f.panel = panel.get<std::string>();
    if (auto h = it->find("heap"); h != it->end() && h->is_string()) f.heap = h->get<std::string>();
    if (auto c = it->find("cells"); c != it->end()) {
      if (!c->is_array()) fail(where + ": focus cells must be an array of indices");
      for (const json& index : *c) {
        if (!index.is_number_unsigned() || index.get<u64>() > 0xFFFF'FFFEu)
          fail(where + ": focus cells must be indices (non-negative integers)");
        f.cells.push_back(index.get<u32>());
      }
    }
    const auto index_of = [&](const char* key, u32 limit) {
      auto v = it->find(key);
      if (v == it->end()) return invalid_id;
      if (!v->is_number_unsigned() || v->get<u64>() >= limit)
        fail(fmt::format("{}: focus {} must be an integer 0..{}", where, key, limit - 1));
      return v->get<u32>();
    };
    f.slot = index_of("slot", gfx::frame_buffer_count);
    f.surface = index_of("surface", 8);
    step.focus = std::move(f);
  }
  if (auto it = s.find("predict"); it != s.end()) {
    only_keys(*it, {"question", "choices", "answer"}, where + ": predict");
    prediction p;
    p.question = read_text(*it, "question", where + ": predict");
    const json& choices = require(*it, "choices", where + ": predict");
    if (!choices.is_array() || choices.size() < 2) fail(where + ": predict needs at least two choices");
    for (const json& c : choices) {
      if (c.is_object()) {
        only_keys(c, {"value", "label"}, where + ": predict choice");
        p.choices.push_back({require(c, "value", where + ": predict choice"),
                             read_text(c, "label", where + ": predict choice")});
      } else {
        p.choices.push_back({c, std::nullopt});
      }
    }
    const json& answer = require(*it, "answer", where + ": predict");
    if (answer.is_object()) {
      only_keys(answer, {"change_of", "value"}, where + ": predict answer");
      if (answer.size() != 1) fail(where + ": predict answer takes one of 'change_of' and 'value'");
      if (auto c = answer.find("change_of"); c != answer.end()) {
        p.from = prediction::source::change;
        p.answer_path = c->is_string() ? c->get<std::string>() : "";
        p.answer = read_pointer(*c, where + ": predict answer change_of");
      } else {
        p.from = prediction::source::fact;
        p.fact = answer.at("value");
        if (std::none_of(p.choices.begin(), p.choices.end(), [&](const choice& option) { return option.value == p.fact; }))
          fail(fmt::format("{}: predict answer {} is not among the choices", where, p.fact.dump()));
      }
    } else {
      p.answer_path = answer.is_string() ? answer.get<std::string>() : "";
      p.answer = read_pointer(answer, where + ": predict answer");
    }
    step.predict = std::move(p);
  }
  return step;
}

lesson read_lesson(const json& doc, std::string_view source) {
  if (!doc.is_object()) fail("a lesson is a JSON object");
  only_keys(doc, {"$schema", "id", "chapter", "title", "summary", "steps"}, "lesson");
  lesson out;
  const json& id = require(doc, "id", "lesson");
  if (!id.is_string() || id.get_ref<const std::string&>().empty()) fail("'id' must be a non-empty string");
  out.id = id.get<std::string>();
  const json& chapter = require(doc, "chapter", "lesson");
  if (!chapter.is_number_unsigned() || chapter.get<u64>() < 1 || chapter.get<u64>() > 99)
    fail("'chapter' must be an integer 1..99");
  out.chapter = chapter.get<u32>();
  out.title = read_text(doc, "title", "lesson");
  out.summary = read_text(doc, "summary", "lesson");
  const json& steps = require(doc, "steps", "lesson");
  if (!steps.is_array() || steps.empty()) fail("'steps' must be a non-empty array");
  u32 number = 0;
  for (const json& s : steps) out.steps.push_back(read_step(s, ++number));
  out.source = std::string{source};
  return out;
}

} // namespace

namespace {

result<lesson> lesson_from_json(const json& doc, std::string_view source) {
  try {
    return read_lesson(doc, source);
  } catch (const bad_lesson& e) {
    return make_error(errc::parse, fmt::format("lesson '{}': {}", source, e.reason));
  } catch (const json::exception& e) {
    return make_error(errc::parse, fmt::format("lesson '{}': {}", source, e.what()));
  }
}

} // namespace

result<lesson> parse_lesson(std::string_view text, std::string_view source, const json_limits& limits) {
  auto doc = parse_json(text, fmt::format("lesson '{}'", source), limits);
  if (!doc) return std::move(doc).error_value();
  return lesson_from_json(*doc, source);
}

result<lesson> load_lesson(const std::filesystem::path& file) {
  auto doc = read_json_file(file, "lesson", document_limits);
  if (!doc) return std::move(doc).error_value();
  auto l = lesson_from_json(*doc, file.string());
  if (l && l->id != file.stem().string())
    return make_error(errc::parse, fmt::format("lesson '{}': id '{}' must match the file name", file.string(), l->id));
  return l;
}

result<std::vector<lesson>> load_lessons(const std::filesystem::path& folder) {
  std::error_code ec;
  if (!std::filesystem::exists(folder, ec))
    return make_error(errc::io, fmt::format("lessons folder '{}' not found", folder.string()));
  if (!std::filesystem::is_directory(folder, ec))
    return make_error(errc::io, fmt::format("lessons folder '{}' is a file, not a folder", folder.string()));
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator{folder, ec})
    if (entry.path().extension() == ".json") files.push_back(entry.path());
  if (ec) return make_error(errc::io, fmt::format("cannot list lessons folder '{}': {}", folder.string(), ec.message()));
  std::sort(files.begin(), files.end());
  std::vector<lesson> lessons;
  for (const auto& file : files) {
    auto l = load_lesson(file);
    if (!l) return std::move(l).error_value();
    lessons.push_back(std::move(*l));
  }
  std::sort(lessons.begin(), lessons.end(), [](const lesson& a, const lesson& b) { return a.chapter < b.chapter; });
  for (size_t i = 1; i < lessons.size(); ++i)
    if (lessons[i].chapter == lessons[i - 1].chapter)
      return make_error(errc::parse, fmt::format("lessons '{}' and '{}' are both chapter {}", lessons[i - 1].source,
                                                 lessons[i].source, lessons[i].chapter));
  if (lessons.empty()) return make_error(errc::io, fmt::format("lessons folder '{}' has no lesson files", folder.string()));
  return lessons;
}

std::filesystem::path find_lessons_folder(const std::string& explicit_folder) {
  namespace fs = std::filesystem;
  if (!explicit_folder.empty()) return explicit_folder;
  std::error_code ec;
  if (fs::is_directory("lessons", ec)) return "lessons";
  if (fs::path installed = find_data("lessons"); !installed.empty()) return installed;
  return "lessons";
}

} // namespace xe::sandbox
