#include "lessons/lesson_json.h"

#include <algorithm>

#include "io/json_input.h"

namespace xe::sandbox {

namespace lesson_json {

using nlohmann::json;

void fail(std::string reason) { throw bad_data{std::move(reason)}; }

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

std::string language_codes() {
  std::string codes;
  for (language lang : languages()) codes += (codes.empty() ? "" : ", ") + lang.code();
  return codes;
}

localized read_text(const json& object, const char* key, const std::string& where) {
  const json& t = require(object, key, where);
  const std::string here = fmt::format("{}: '{}'", where, key);
  if (!t.is_object())
    fail(fmt::format("{} must be an object with a text for each language ({})", here, language_codes()));
  for (const auto& item : t.items())
    if (!language::from_code(item.key()))
      fail(fmt::format("{}: '{}' is not a language of the catalogue ({})", here, brief_text(item.key(), 40),
                       language_codes()));
  localized out;
  for (language lang : languages()) {
    auto it = t.find(lang.code());
    if (it == t.end() || !it->is_string() || it->get_ref<const std::string&>().empty())
      fail(fmt::format("{} has no {} text (every language is required: {})", here, lang.code(), language_codes()));
    out.texts.push_back(with_ui_names(it->get<std::string>(), lang, fmt::format("{} ({})", here, lang.code())));
  }
  return out;
}

void ui_names_in(const json& value, std::vector<std::string>& keys) {
  if (value.is_structured()) {
    for (const json& item : value) ui_names_in(item, keys);
    return;
  }
  if (!value.is_string()) return;
  const std::string& text = value.get_ref<const std::string&>();
  for (size_t at = 0; (at = text.find("{ui:", at)) != std::string::npos;) {
    const size_t close = text.find('}', at);
    if (close == std::string::npos) return;  // read_text says why
    std::string key = text.substr(at + 4, close - at - 4);
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(std::move(key));
    at = close + 1;
  }
}

// {ui:KEY} names a control, panel or field by its catalogue key: the learner reads it as the
// screen shows it, in the language shown.
std::string with_ui_names(const std::string& text, language lang, const std::string& where) {
  constexpr std::string_view open = "{ui:";
  std::string out;
  size_t at = 0;
  for (size_t found; (found = text.find(open, at)) != std::string::npos;) {
    const size_t close = text.find('}', found);
    if (close == std::string::npos) fail(fmt::format("{}: '{{ui:' without its '}}'", where));
    const std::string_view key = std::string_view{text}.substr(found + open.size(), close - found - open.size());
    if (!is_text_key(key))
      fail(fmt::format("{}: {{ui:{}}} names no text of the catalogue (assets/text/)", where, brief_text(key, 40)));
    out.append(text, at, found - at);
    out += text_of(lang, key);
    at = close + 1;
  }
  out.append(text, at);
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

namespace {

std::string checked_string(const json& value, const std::string& where) {
  if (!value.is_string() || value.get_ref<const std::string&>().empty())
    fail(fmt::format("{} must be a non-empty string, got {}", where, brief(value)));
  const std::string& s = value.get_ref<const std::string&>();
  if (has_control_characters(s)) fail(fmt::format("{} must not hold control characters", where));
  return s;
}

}  // namespace

std::string read_string(const json& object, const char* key, const std::string& where) {
  return checked_string(require(object, key, where), fmt::format("{}: '{}'", where, key));
}

std::vector<std::string> read_strings(const json& value, const std::string& where, size_t min_count) {
  if (!value.is_array()) fail(fmt::format("{} must be an array of strings, got {}", where, brief(value)));
  if (value.size() < min_count)
    fail(fmt::format("{} needs at least {} entr{}", where, min_count, min_count == 1 ? "y" : "ies"));
  std::vector<std::string> out;
  for (size_t i = 0; i < value.size(); ++i) out.push_back(checked_string(value[i], fmt::format("{}/{}", where, i)));
  return out;
}

}  // namespace lesson_json
}  // namespace xe::sandbox
