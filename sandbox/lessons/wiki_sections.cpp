#include "lessons/wiki_sections.h"

#include <regex>
#include <set>

#include "lessons/lesson_json.h"

namespace xe::sandbox {

using nlohmann::json;
using namespace lesson_json;

const wiki_section* wiki_sections::find(std::string_view id) const {
  for (const wiki_section& s : sections)
    if (s.id == id) return &s;
  return nullptr;
}

namespace {

wiki_sections read_sections(const json& doc) {
  if (!doc.is_object()) fail("a section list is a JSON object {\"sections\": [...]}");
  only_keys(doc, {"$schema", "sections"}, "/");
  const json& list = require(doc, "sections", "/");
  if (!list.is_array() || list.empty()) fail("/sections must be a non-empty array");
  // "7", "7.6", or a lower-case name for a note that is not a numbered section.
  static const std::regex id_pattern{R"(^([0-9]+(\.[0-9]+)*|[a-z][a-z0-9-]*)$)"};
  wiki_sections out;
  std::set<std::string> seen;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string where = fmt::format("/sections/{}", i);
    const json& entry = list[i];
    if (!entry.is_object()) fail(where + ": expected an object {\"id\", \"title\"}");
    only_keys(entry, {"id", "title"}, where);
    wiki_section s;
    s.id = read_string(entry, "id", where);
    if (!std::regex_match(s.id, id_pattern))
      fail(fmt::format("{}: id '{}' is neither a section number (7.6) nor a lower-case name", where,
                       brief_text(s.id, 40)));
    if (!seen.insert(s.id).second) fail(fmt::format("{}: section '{}' is listed twice", where, s.id));
    s.title = read_text(entry, "title", where);
    out.sections.push_back(std::move(s));
  }
  return out;
}

}  // namespace

result<wiki_sections> parse_wiki_sections(std::string_view text, std::string_view source, const json_limits& limits) {
  XE_TRY_ASSIGN(auto doc, parse_json(text, fmt::format("wiki sections '{}'", source), limits));
  auto read = read_document<wiki_sections>(doc, "wiki sections", source, read_sections);
  if (read) read->source = std::string{source};
  return read;
}

result<wiki_sections> load_wiki_sections(const std::filesystem::path& file) {
  XE_TRY_ASSIGN(auto doc, read_json_file(file, "wiki sections", document_limits));
  auto read = read_document<wiki_sections>(doc, "wiki sections", file.string(), read_sections);
  if (read) read->source = file.string();
  return read;
}

}  // namespace xe::sandbox
