#pragma once
// The sections of the learning wiki, and of the notes that came with it, that lessons may
// cite (lessons/wiki-sections.json, docs/wiki-sections.schema.json): an id ("7.6" for a
// numbered wiki section, "changelog-2026-03-30" for a companion note) and a title in both
// languages. Lesson steps name them in their "wiki" field; load_lessons checks each one.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "io/json_input.h"
#include "text/text.h"

namespace xe::sandbox {

struct wiki_section {
  std::string id;
  localized title;
  bool numbered() const { return !id.empty() && id[0] >= '0' && id[0] <= '9'; }
};

struct wiki_sections {
  std::vector<wiki_section> sections;  // in the file's order
  std::string source;                  // the file, for messages
  const wiki_section* find(std::string_view id) const;
};

// Errors name the file and the entry: "wiki sections 'FILE': /sections/3: ...".
result<wiki_sections> parse_wiki_sections(std::string_view text, std::string_view source,
                                          const json_limits& limits = document_limits);
result<wiki_sections> load_wiki_sections(const std::filesystem::path& file);

}  // namespace xe::sandbox
