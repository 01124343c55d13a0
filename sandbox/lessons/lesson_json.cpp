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
    out.texts.push_back(it->get<std::string>());
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
