#pragma once
// The text catalogue: every sentence the sandbox shows a learner, in every language of
// assets/text/ (one JSON file per language, built into the program).
//
// English is the source language. A text's key is its English form, written in the code as
// a "..."_t literal; each other language's file maps keys to translations. Formatted texts use
// fmt's fields, and a translation may reorder them ({1} before {0}). tools/text_catalogue.py
// finds every key in the sources and lists what a language lacks, what no code uses any more
// and fields that do not match (test text.catalogue). Adding a language is adding a file.
//
// Lesson prose lives in the lesson files, one field per language (localized), read with the
// same list of languages. Command-line diagnostics and the log stay English: they quote code,
// paths and D3D12 names.
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <spdlog/fmt/fmt.h>

#include "common/types.h"

namespace xe::sandbox {

// A text's key: its English form. Only a string literal makes one ("Back"_t), so the key
// is NUL-terminated and tools/text_catalogue.py can find it in the source.
struct text_key {
  std::string_view english;
};
inline namespace text_literals {
consteval text_key operator""_t(const char* s, size_t n) { return text_key{{s, n}}; }
}  // namespace text_literals

// One language of the catalogue, by its place in languages().
class language {
public:
  language() = default;                                             // the default language
  static std::optional<language> from_code(std::string_view code);  // "zh", "en", ...
  // The catalogue's language of a locale name ("pt_BR.UTF-8", "pt-BR", "zh_CN"); none for
  // "C", "POSIX" or a language the catalogue lacks.
  static std::optional<language> from_locale(std::string_view locale);
  // What a first run shows: the system's UI language when the catalogue has it, else the
  // default.
  static language system_default();
  static language english();  // the source language: always in the catalogue
  u8 index() const { return _index; }
  const std::string& code() const;
  const std::string& name() const;  // in itself: "中文", "English"
  bool cjk() const;                 // words run together: spellings match anywhere, the font needs its glyphs
  language next() const;            // the following language, wrapping round: the language button
  friend bool operator==(language a, language b) { return a._index == b._index; }

private:
  explicit language(u8 index) : _index{index} {}
  u8 _index{0};
  friend std::span<const language> languages();
};
// The user's UI language preferences as locale names, most wanted first (the platform's:
// sandbox/text/system_locale_*.cpp).
std::vector<std::string> system_ui_locales();

// Every language of the catalogue, in the order the language button cycles through.
std::span<const language> languages();

// key's text in lang (a key the language lacks reads in English). Valid for the process.
const char* text(language lang, text_key key);
// A key that is data (a lesson's {ui:KEY}): whether every language of the catalogue has it,
// and its text in lang.
bool is_text_key(std::string_view key);
std::string text_of(language lang, std::string_view key);
// The same with fmt fields filled in; a translation whose fields do not fit its arguments
// falls back to the English form.
std::string vtextf(language lang, text_key key, fmt::format_args args);
template <typename... Args>
std::string textf(language lang, text_key key, const Args&... args) {
  return vtextf(lang, key, fmt::make_format_args(args...));
}

// A text in every language: lesson prose (read from lesson files) or a catalogue text made
// once for all languages (localize).
struct localized {
  std::vector<std::string> texts;  // by language index
  const std::string& in(language lang) const;
};
localized localize(text_key key);
template <typename... Args>
localized localize(text_key key, const Args&... args) {
  localized out;
  for (language lang : languages()) out.texts.push_back(textf(lang, key, args...));
  return out;
}

// Every text of the catalogue in lang, concatenated: the characters the font must hold.
std::string catalogue_characters(language lang);

}  // namespace xe::sandbox
