#pragma once
// The glossary: every term the lessons use, in both languages (lessons/glossary.json,
// docs/glossary.schema.json, docs/glossary.md is generated from it). A step's text names
// its terms by their ordinary spelling; terms_in finds them, so the lesson files need no
// markup and a term added to the glossary is found in every step that already uses it.
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "io/json_input.h"
#include "text/text.h"

namespace xe::sandbox {

struct wiki_sections;

struct glossary_term {
  std::string id;                              // "free-stack"
  localized term;                              // its name in each language
  std::vector<std::vector<std::string>> also;  // other spellings, by language index ("空闲栈", "free stack")
  std::vector<std::string> code;  // spellings that read the same in every language ("_free_handles", "RTV"): exact case
  const std::vector<std::string>& also_in(language lang) const;
  localized definition;
  std::vector<std::string> see;   // related terms, by id
  std::vector<std::string> wiki;  // wiki sections, by id
};

struct glossary {
  std::vector<glossary_term> terms;  // in the file's order (by topic)
  std::string source;

  const glossary_term* find(std::string_view id) const;
  // The terms text names, in the order of their first mention. Where two spellings overlap
  // ("fence value" and "fence") the longer wins. A language with spaces between words matches
  // whole words, any case, and a plural s; a CJK language matches anywhere; code spellings
  // match whole identifiers, exact case.
  std::vector<const glossary_term*> terms_in(std::string_view text, language lang) const;
  // Terms whose name or spellings (any language) contain query, any case, those starting
  // with it first; then those whose definition in lang contains it. Empty query: every term.
  std::vector<const glossary_term*> search(std::string_view query, language lang) const;
};

// Errors name the file and the entry: "glossary 'FILE': /terms/3 ('fence'): ...". With
// sections, each term's wiki references must name one of them.
result<glossary> parse_glossary(std::string_view text, std::string_view source, const wiki_sections* sections = nullptr,
                                const json_limits& limits = document_limits);
result<glossary> load_glossary(const std::filesystem::path& file, const wiki_sections* sections = nullptr);

}  // namespace xe::sandbox
