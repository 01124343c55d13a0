#pragma once
// Reading helpers shared by the loaders of the lessons folder (lesson files, the glossary,
// the list of wiki sections). Each check throws bad_data with a reason that says where
// ("step 3: 'text' has no zh text"); read_document turns that, and any JSON exception, into
// one errc::parse error naming the file: "WHAT 'SOURCE': REASON".
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/fmt/fmt.h>

#include "common/result.h"
#include "text/text.h"

namespace xe::sandbox::lesson_json {

struct bad_data {
  std::string reason;
};

[[noreturn]] void fail(std::string reason);
// Every key of object is one of allowed.
void only_keys(const nlohmann::json& object, std::initializer_list<const char*> allowed, const std::string& where);
// object[key]; object must be an object that has key.
const nlohmann::json& require(const nlohmann::json& object, const char* key, const std::string& where);
// text with each {ui:KEY} (a control, panel or field by its catalogue key) in lang.
std::string with_ui_names(const std::string& text, language lang, const std::string& where);
// object[key] as a non-empty text for each language of the catalogue: {"zh": ..., "en": ...},
// each {ui:KEY} in it replaced by KEY's text in that language (with_ui_names).
// Appends the keys of the {ui:KEY}s in every text under value.
void ui_names_in(const nlohmann::json& value, std::vector<std::string>& keys);
localized read_text(const nlohmann::json& object, const char* key, const std::string& where);
// The catalogue's language codes, for messages: "zh, en".
std::string language_codes();
// value as a JSON Pointer.
nlohmann::json::json_pointer read_pointer(const nlohmann::json& value, const std::string& where);
// object[key] as a non-empty string without control characters.
std::string read_string(const nlohmann::json& object, const char* key, const std::string& where);
// value as an array of such strings (at least min_count of them).
std::vector<std::string> read_strings(const nlohmann::json& value, const std::string& where, size_t min_count = 0);

// read(doc), with every failure as "WHAT 'SOURCE': REASON" (errc::parse).
template <class T, class Read>
result<T> read_document(const nlohmann::json& doc, std::string_view what, std::string_view source, Read&& read) {
  try {
    return read(doc);
  } catch (const bad_data& e) {
    return make_error(errc::parse, fmt::format("{} '{}': {}", what, source, e.reason));
  } catch (const nlohmann::json::exception& e) {
    return make_error(errc::parse, fmt::format("{} '{}': {}", what, source, e.what()));
  }
}

}  // namespace xe::sandbox::lesson_json
