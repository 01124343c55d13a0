#include "lessons/lesson.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <regex>
#include <set>

#include <spdlog/fmt/fmt.h>

#include "common/fault.h"
#include "io/data_paths.h"
#include "io/files.h"
#include "io/json_input.h"
#include "lessons/glossary.h"
#include "lessons/lesson_json.h"
#include "lessons/settings.h"
#include "lessons/wiki_sections.h"
#include "graphics/stats.h"

namespace xe::sandbox {

using nlohmann::json;
using namespace lesson_json;

namespace {

lesson_step read_step(const json& s, u32 number) {
  const std::string where = fmt::format("step {}", number);
  if (!s.is_object()) fail(where + ": expected an object");
  only_keys(s, {"title", "text", "actions", "expect", "focus", "predict", "wiki", "code", "exercise", "catches"},
            where);
  lesson_step step;
  step.number = number;
  step.title = read_text(s, "title", where);
  step.text = read_text(s, "text", where);
  for (const char* shown : {"title", "text", "predict", "exercise"})
    if (auto it = s.find(shown); it != s.end()) ui_names_in(*it, step.names);
  if (auto it = s.find("actions"); it != s.end()) {
    auto parsed = actions::parse_steps(*it);
    if (!parsed)
      fail(fmt::format("{} (\"{}\"): actions: {}", where, step.title.in(language::english()),
                       parsed.error_value().reason));
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
    only_keys(*it, {"panel", "heap", "cells", "cells_before", "slot", "surface", "resource"}, where + ": focus");
    lesson_focus f;
    const json& panel = require(*it, "panel", where + ": focus");
    static const std::set<std::string> panels = {"Heaps",     "Deferred", "Fences",  "Surfaces",
                                                 "Resources", "Log",      "Adapter", "Diff"};
    if (!panel.is_string() || !panels.count(panel.get<std::string>()))
      fail(fmt::format("{}: focus panel {} is not one of the inspector's panels", where, brief(panel)));
    f.panel = panel.get<std::string>();
    if (auto h = it->find("heap"); h != it->end() && h->is_string()) f.heap = h->get<std::string>();
    if (auto r = it->find("resource"); r != it->end()) {
      if (!r->is_string() || r->get_ref<const std::string&>().empty())
        fail(where + ": focus resource must be a resource's name");
      f.resource = r->get<std::string>();
    }
    if (auto c = it->find("cells"); c != it->end()) {
      if (!c->is_array()) fail(where + ": focus cells must be an array of indices");
      for (const json& index : *c) {
        if (!index.is_number_unsigned() || index.get<u64>() > 0xFFFF'FFFEu)
          fail(where + ": focus cells must be indices (non-negative integers)");
        f.cells.push_back(index.get<u32>());
      }
    }
    if (auto c = it->find("cells_before"); c != it->end()) {
      f.cells_before_at = read_pointer(*c, where + ": focus cells_before");
      f.cells_before = c->get<std::string>();
    }
    if ((!f.cells.empty() || !f.cells_before.empty()) && (f.panel != "Heaps" || f.heap.empty()))
      fail(where + ": focus cells outline a heap's cells: they need panel Heaps and a heap");
    const auto index_of = [&](const char* key, u32 limit) {
      auto v = it->find(key);
      if (v == it->end()) return invalid_id;
      if (!v->is_number_unsigned() || v->get<u64>() >= limit)
        fail(fmt::format("{}: focus {} must be an integer 0..{}", where, key, limit - 1));
      return v->get<u32>();
    };
    f.slot = index_of("slot", gfx::frame_slot_count);
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
        p.choices.push_back(
            {require(c, "value", where + ": predict choice"), read_text(c, "label", where + ": predict choice")});
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
        if (std::none_of(p.choices.begin(), p.choices.end(),
                         [&](const choice& option) { return option.value == p.fact; }))
          fail(fmt::format("{}: predict answer {} is not among the choices", where, p.fact.dump()));
      }
    } else {
      p.answer_path = answer.is_string() ? answer.get<std::string>() : "";
      p.answer = read_pointer(answer, where + ": predict answer");
    }
    step.predict = std::move(p);
  }
  if (auto it = s.find("wiki"); it != s.end())
    for (std::string& id : read_strings(*it, where + ": wiki", 1)) step.wiki.push_back({std::move(id), {}});
  if (auto it = s.find("code"); it != s.end()) {
    if (!it->is_array() || it->empty()) fail(where + ": 'code' must be a non-empty array of {\"file\", \"symbol\"}");
    for (size_t i = 0; i < it->size(); ++i) {
      const std::string here = fmt::format("{}: code/{}", where, i);
      const json& ref = (*it)[i];
      if (!ref.is_object()) fail(here + ": expected an object {\"file\", \"symbol\"}");
      only_keys(ref, {"file", "symbol"}, here);
      code_ref c{read_string(ref, "file", here), read_string(ref, "symbol", here)};
      static const std::regex file_pattern{R"(^[A-Za-z0-9_.-]+(/[A-Za-z0-9_.-]+)*$)"};
      if (!std::regex_match(c.file, file_pattern) || c.file.find("..") != std::string::npos)
        fail(fmt::format("{}: file '{}' must be a relative path inside the source tree", here, brief_text(c.file, 60)));
      static const std::regex symbol_pattern{R"(^[A-Za-z_~][A-Za-z0-9_]*(::[A-Za-z_~][A-Za-z0-9_]*)*$)"};
      if (!std::regex_match(c.symbol, symbol_pattern))
        fail(fmt::format("{}: symbol '{}' must be a C++ name such as utl::free_list::remove", here,
                         brief_text(c.symbol, 60)));
      step.code.push_back(std::move(c));
    }
  }
  if (auto it = s.find("exercise"); it != s.end()) {
    const std::string here = where + ": exercise";
    if (!it->is_object()) fail(here + ": expected an object {\"task\", \"solution\"}");
    only_keys(*it, {"task", "solution"}, here);
    if (!step.actions.empty())
      fail(here + ": an exercise has no actions of its own (the learner acts; 'solution' is played)");
    if (step.expect.empty()) fail(here + ": an exercise needs expectations to check the learner's work");
    if (step.predict) fail(here + ": an exercise asks no prediction (the learner acts instead)");
    sandbox::exercise e;
    e.task = read_text(*it, "task", here);
    auto solution = actions::parse_steps(require(*it, "solution", here));
    if (!solution) fail(fmt::format("{}: solution: {}", here, solution.error_value().reason));
    if (solution->empty()) fail(here + ": 'solution' must not be empty");
    for (const actions::step& a : *solution)
      if (auto why = a.what->not_a_control())
        fail(fmt::format("{}: solution step {} ({}): {}", here, a.number, a.name, *why));
    e.solution = std::move(*solution);
    step.exercise = std::move(e);
  }
  if (auto it = s.find("catches"); it != s.end()) {
    if (step.expect.empty())
      fail(where + ": 'catches' needs expectations: a step that only shows something checks nothing");
    for (std::string& name : read_strings(*it, where + ": catches", 1)) {
      if (fault::from_name(name) == fault::id::none)
        fail(fmt::format("{}: catches: no engine fault '{}' (common/fault.h lists them)", where, brief_text(name, 60)));
      step.catches.push_back(std::move(name));
    }
  }
  return step;
}

lesson read_lesson(const json& doc, std::string_view source) {
  if (!doc.is_object()) fail("a lesson is a JSON object");
  only_keys(doc, {"$schema", "id", "chapter", "title", "summary", "steps"}, "lesson");
  lesson out;
  const json& id = require(doc, "id", "lesson");
  if (!id.is_string() || id.get_ref<const std::string&>().empty() ||
      id.get_ref<const std::string&>().size() > max_lesson_id_bytes)
    fail(fmt::format("'id' must be a non-empty string of at most {} bytes", max_lesson_id_bytes));
  out.id = id.get<std::string>();
  out.number = out.id.substr(0, out.id.find('-'));
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

}  // namespace

namespace {

result<lesson> lesson_from_json(const json& doc, std::string_view source) {
  return read_document<lesson>(doc, "lesson", source, [&](const json& d) { return read_lesson(d, source); });
}

}  // namespace

result<lesson> parse_lesson(std::string_view text, std::string_view source, const json_limits& limits) {
  XE_TRY_ASSIGN(auto doc, parse_json(text, fmt::format("lesson '{}'", source), limits));
  return lesson_from_json(doc, source);
}

result<lesson> load_lesson(const std::filesystem::path& file) {
  XE_TRY_ASSIGN(auto doc, read_json_file(file, "lesson", document_limits));
  auto l = lesson_from_json(doc, file.string());
  if (l && l->id != file.stem().string())
    return make_error(errc::parse, fmt::format("lesson '{}': id '{}' must match the file name", file.string(), l->id));
  return l;
}

bool is_lesson_file(const std::filesystem::path& file) {
  static const std::regex name{R"(^[0-9]{2}[a-z]?-[a-z0-9-]+\.json$)"};
  return std::regex_match(file.filename().string(), name);
}

result<std::vector<lesson>> load_lessons(const std::filesystem::path& folder) {
  std::error_code ec;
  if (!std::filesystem::exists(folder, ec))
    return make_error(errc::io, fmt::format("lessons folder '{}' not found", folder.string()));
  if (!std::filesystem::is_directory(folder, ec))
    return make_error(errc::io, fmt::format("lessons folder '{}' is a file, not a folder", folder.string()));
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator{folder, ec})
    if (entry.path().extension() == ".json" && is_lesson_file(entry.path())) files.push_back(entry.path());
  if (ec)
    return make_error(errc::io, fmt::format("cannot list lessons folder '{}': {}", folder.string(), ec.message()));
  // The data files beside the lessons: a bad one is as fatal as a bad lesson.
  std::optional<wiki_sections> sections;
  if (const auto file = folder / wiki_sections_file; std::filesystem::exists(file, ec)) {
    XE_TRY_ASSIGN(auto loaded, load_wiki_sections(file));
    sections = std::move(loaded);
  }
  if (const auto file = folder / glossary_file; std::filesystem::exists(file, ec)) {
    XE_TRY_ASSIGN(auto loaded, load_glossary(file, sections ? &*sections : nullptr));
  }
  std::sort(files.begin(), files.end());  // by id: 07 before 07b before 08
  std::vector<lesson> lessons;
  for (const auto& file : files) {
    XE_TRY_ASSIGN(auto l, load_lesson(file));
    const std::string digits = l.number.substr(0, 2);
    if (digits != fmt::format("{:02}", l.chapter))
      return make_error(errc::parse,
                        fmt::format("lesson '{}': chapter {} does not match the id '{}'", l.source, l.chapter, l.id));
    for (lesson_step& step : l.steps)
      for (wiki_ref& ref : step.wiki) {
        const wiki_section* s = sections ? sections->find(ref.section) : nullptr;
        if (!s)
          return make_error(
              errc::parse,
              fmt::format("lesson '{}': step {}: wiki section '{}' is not in {}", l.source, step.number, ref.section,
                          sections ? sections->source : (folder / wiki_sections_file).string()));
        ref.title = s->title;
      }
    if (!lessons.empty() && lessons.back().number == l.number)
      return make_error(errc::parse, fmt::format("lessons '{}' and '{}' are both number {}", lessons.back().source,
                                                 l.source, l.number));
    lessons.push_back(std::move(l));
  }
  if (lessons.empty())
    return make_error(errc::io, fmt::format("lessons folder '{}' has no lesson files", folder.string()));
  return lessons;
}

std::string cite(const wiki_ref& ref, language l) {
  const bool numbered = !ref.section.empty() && ref.section[0] >= '0' && ref.section[0] <= '9';
  const std::string& title = ref.title.in(l);
  if (!numbered) return title.empty() ? ref.section : title;
  return title.empty() ? "wiki " + ref.section : fmt::format("wiki {} {}", ref.section, title);
}

std::optional<std::string> check_code_ref(const code_ref& ref, const std::filesystem::path& root) {
  const std::filesystem::path file = root / ref.file;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) return fmt::format("{}: no such file", ref.file);
  auto read = read_regular_file(file, 4u << 20, "source file");
  if (!read) return fmt::format("{}: cannot be read ({})", ref.file, read.error_value().reason);
  const std::string& text = *read;
  const size_t colon = ref.symbol.rfind("::");
  const std::string name = colon == std::string::npos ? ref.symbol : ref.symbol.substr(colon + 2);
  const auto identifier = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(name); at != std::string::npos; at = text.find(name, at + 1)) {
    const size_t end = at + name.size();
    if ((at == 0 || !identifier(text[at - 1])) && (end == text.size() || !identifier(text[end]))) return std::nullopt;
  }
  return fmt::format("{}: '{}' (from {}) does not occur in it", ref.file, name, ref.symbol);
}

std::filesystem::path find_lessons_folder(const std::string& explicit_folder) {
  namespace fs = std::filesystem;
  if (!explicit_folder.empty()) return explicit_folder;
  std::error_code ec;
  if (fs::is_directory("lessons", ec)) return "lessons";
  if (fs::path installed = find_data("lessons"); !installed.empty()) return installed;
  return "lessons";
}

}  // namespace xe::sandbox
