#include "script/expect.h"

#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "io/json_input.h"

namespace xe::sandbox::actions {

using nlohmann::json;

const std::vector<std::string>& expect_keys() {
  static const std::vector<std::string> keys = {"path",     "equals",  "equals_at",  "contains", "lacks", "in_order",
                                                "at_least", "at_most", "changed_by", "changed",  "on"};
  return keys;
}

result<expect> parse_expect(const json& object, bool allow_relative) {
  const auto bad = [](std::string why) { return make_error(errc::parse, std::move(why)); };
  auto path = object.find("path");
  if (path == object.end() || !path->is_string()) return bad("'path' is required: a JSON Pointer string");
  for (const auto& [key, value] : object.items())
    if (std::find(expect_keys().begin(), expect_keys().end(), key) == expect_keys().end())
      return bad(fmt::format("unknown key '{}' in an expectation", key));
  const bool bounds = object.contains("at_least") || object.contains("at_most");
  const int kinds = int{object.contains("equals")} + int{object.contains("equals_at")} +
                    int{object.contains("contains")} + int{object.contains("lacks")} +
                    int{object.contains("in_order")} + int{bounds} + int{object.contains("changed_by")} +
                    int{object.contains("changed")};
  if (kinds != 1)
    return bad(
        "exactly one of 'equals', 'equals_at', 'contains', 'lacks', 'in_order', 'at_least'/'at_most', 'changed_by' and "
        "'changed' is required");

  expect e;
  try {
    e.pointer = json::json_pointer{path->get<std::string>()};
  } catch (const json::exception& ex) {
    return bad(fmt::format("'path' is not a JSON Pointer (\"{}\"): {}", brief_text(path->get<std::string>()),
                           brief_text(ex.what(), 120)));
  }
  e.path = path->get<std::string>();
  // Reads at_least / at_most from `from` (the expectation itself, or changed_by's object).
  const auto read_bounds = [&](const json& from, const char* where) -> result<void> {
    for (const char* key : {"at_least", "at_most"}) {
      auto it = from.find(key);
      if (it == from.end()) continue;
      if (!it->is_number()) return bad(fmt::format("{}'{}' must be a number, got {}", where, key, it->dump()));
      (key[3] == 'l' ? e.at_least : e.at_most) = it->get<f64>();
    }
    if (!e.at_least && !e.at_most) return bad(fmt::format("{}give 'at_least', 'at_most' or both", where));
    if (e.at_least && e.at_most && *e.at_least > *e.at_most)
      return bad(fmt::format("{}'at_least' ({}) is above 'at_most' ({})", where, *e.at_least, *e.at_most));
    return {};
  };

  if (object.contains("equals")) {
    e.value = object.at("equals");
  } else if (object.contains("equals_at")) {
    const json& other = object.at("equals_at");
    if (!other.is_string()) return bad("'equals_at' takes a JSON Pointer string");
    try {
      e.other_pointer = json::json_pointer{other.get<std::string>()};
    } catch (const json::exception& ex) {
      return bad(fmt::format("'equals_at' is not a JSON Pointer (\"{}\"): {}", brief_text(other.get<std::string>()),
                             brief_text(ex.what(), 120)));
    }
    e.other_path = other.get<std::string>();
    e.against = expect::compare::same_as;
  } else if (object.contains("lacks")) {
    const json& unwanted = object.at("lacks");
    if (!unwanted.is_object() && !unwanted.is_number() && !unwanted.is_string() && !unwanted.is_boolean())
      return bad("'lacks' takes a string, number, boolean or object");
    e.value = unwanted;
    e.lacks = true;
  } else if (object.contains("in_order")) {
    const json& wanted = object.at("in_order");
    if (!wanted.is_array() || wanted.size() < 2)
      return bad("'in_order' takes an array of at least two values or objects, found in the list in that order");
    e.value = wanted;
    e.in_order = true;
  } else if (object.contains("contains")) {
    const json& wanted = object.at("contains");
    if (!wanted.is_string() && !wanted.is_object() && !wanted.is_number() && !wanted.is_boolean())
      return bad("'contains' takes a string, number, boolean or object");
    e.value = wanted;
    e.contains = true;
  } else if (bounds) {
    XE_TRY(read_bounds(object, ""));
  } else if (object.contains("changed_by")) {
    const json& by = object.at("changed_by");
    e.against = expect::compare::changed_by;
    if (by.is_number()) {
      e.value = by;
    } else if (by.is_object()) {
      for (const auto& [key, value] : by.items())
        if (key != "at_least" && key != "at_most")
          return bad(fmt::format("'changed_by' takes a number or {{\"at_least\", \"at_most\"}}, not '{}'", key));
      XE_TRY(read_bounds(by, "changed_by: "));
    } else {
      return bad(fmt::format("'changed_by' takes a number or {{\"at_least\", \"at_most\"}}, got {}", by.dump()));
    }
  } else {
    const json& changed = object.at("changed");
    if (!changed.is_boolean()) return bad(fmt::format("'changed' takes true or false, got {}", changed.dump()));
    e.against = expect::compare::changed;
    e.value = changed;
  }
  if (e.needs_before() && !allow_relative)
    return bad(
        "'changed_by' and 'changed' compare with the state before a lesson step; a script has no step: "
        "use 'equals' or 'at_least'/'at_most'");
  if (auto on = object.find("on"); on != object.end()) {
    if (!allow_relative) return bad("'on' is for lessons: a lesson's claim made for one kind of surface");
    if (*on != "window" && *on != "offscreen")
      return bad(fmt::format("'on' takes \"window\" or \"offscreen\", got {}", brief(*on, 60)));
    e.on = on->get<std::string>();
  }
  return e;
}

namespace {
bool matches(const json& element, const json& wanted) {
  if (!wanted.is_object() || !element.is_object()) return element == wanted;
  for (const auto& [key, value] : wanted.items())
    if (!element.contains(key) || element.at(key) != value) return false;
  return true;
}

std::string number_text(f64 v) { return fmt::format("{}", v); }

std::string bounds_text(const expect& e) {
  if (e.at_least && e.at_most)
    return fmt::format("between {} and {}", number_text(*e.at_least), number_text(*e.at_most));
  if (e.at_least) return "at least " + number_text(*e.at_least);
  return "at most " + number_text(*e.at_most);
}

bool within(const expect& e, f64 v) { return (!e.at_least || v >= *e.at_least) && (!e.at_most || v <= *e.at_most); }

// after - before for two JSON numbers; exact for integers up to 2^63.
json difference(const json& before, const json& after) {
  if (before.is_number_integer() && after.is_number_integer()) {
    const auto as_s64 = [](const json& v) {
      return v.is_number_unsigned() ? static_cast<s64>(v.get<u64>()) : v.get<s64>();
    };
    return as_s64(after) - as_s64(before);
  }
  return after.get<f64>() - before.get<f64>();
}
}  // namespace

std::optional<json> numeric_change(const json& before, const json& after) {
  if (!before.is_number() || !after.is_number()) return std::nullopt;
  return difference(before, after);
}

bool applies(const json& state, const expect& e) {
  if (e.on.empty()) return true;
  static const json::json_pointer kind{"/surfaces/slots/0/kind"};
  const json* found = find_at(state, kind);
  return found && *found == e.on;
}

std::optional<std::string> check_expect(const json& state, const expect& e, const json* before_state) {
  if (!applies(state, e)) return std::nullopt;
  const json* found = find_at(state, e.pointer);
  if (!found) return fmt::format("{} does not exist in the engine's state", e.path);
  const json& actual = *found;
  if (e.against == expect::compare::same_as) {
    const json* other = find_at(state, e.other_pointer);
    if (!other) return fmt::format("{} does not exist in the engine's state", e.other_path);
    if (actual == *other) return std::nullopt;
    return fmt::format("{} is {}, expected {} as at {}", e.path, brief(actual, 200), brief(*other, 200), e.other_path);
  }
  if (e.lacks) {
    if (actual.is_string() && e.value.is_string()) {
      if (actual.get_ref<const std::string&>().find(e.value.get_ref<const std::string&>()) == std::string::npos)
        return std::nullopt;
      return fmt::format("{} is {}, expected no {} in it", e.path, brief(actual, 200), brief(e.value, 200));
    }
    if (!actual.is_array()) return fmt::format("{} is {}, not a list or a string", e.path, brief(actual, 200));
    for (const json& element : actual)
      if (matches(element, e.value))
        return fmt::format("{} holds {}, expected no element like {}", e.path, brief(element, 200),
                           brief(e.value, 200));
    return std::nullopt;
  }
  if (e.in_order) {
    if (!actual.is_array()) return fmt::format("{} is {}, not a list", e.path, brief(actual, 200));
    size_t at = 0;  // each pattern is looked for after the previous one's match
    for (const json& wanted : e.value) {
      while (at < actual.size() && !matches(actual[at], wanted)) ++at;
      if (at == actual.size())
        return fmt::format("{} does not hold {} in that order: {} is missing or comes too early; it is {}", e.path,
                           brief(e.value, 200), brief(wanted, 120), brief(actual, 200));
      ++at;
    }
    return std::nullopt;
  }
  if (e.against == expect::compare::value) {
    if (e.at_least || e.at_most) {
      if (!actual.is_number()) return fmt::format("{} is {}, not a number", e.path, brief(actual, 200));
      if (within(e, actual.get<f64>())) return std::nullopt;
      return fmt::format("{} is {}, expected {}", e.path, brief(actual, 200), bounds_text(e));
    }
    if (!e.contains) {
      if (actual == e.value) return std::nullopt;
      return fmt::format("{} is {}, expected {}", e.path, brief(actual, 200), brief(e.value, 200));
    }
    if (actual.is_string() && e.value.is_string()) {
      if (actual.get_ref<const std::string&>().find(e.value.get_ref<const std::string&>()) != std::string::npos)
        return std::nullopt;
    } else if (actual.is_array()) {
      for (const json& element : actual)
        if (matches(element, e.value)) return std::nullopt;
    }
    return fmt::format("{} does not contain {}: it is {}", e.path, brief(e.value, 200), brief(actual, 200));
  }

  if (!before_state) return fmt::format("{}: a change needs the state from before the step", e.path);
  const json* earlier = find_at(*before_state, e.pointer);
  if (!earlier) return fmt::format("{} did not exist before the step", e.path);
  const json& before = *earlier;
  if (e.against == expect::compare::changed) {
    const bool changed = before != actual;
    if (changed == e.value.get<bool>()) return std::nullopt;
    if (changed)
      return fmt::format("{} changed from {} to {}, expected it to stay", e.path, brief(before, 200),
                         brief(actual, 200));
    return fmt::format("{} did not change (it is still {})", e.path, brief(actual, 200));
  }
  if (!before.is_number() || !actual.is_number())
    return fmt::format("{} went from {} to {}: not numbers", e.path, brief(before, 200), brief(actual, 200));
  const json delta = difference(before, actual);
  const bool ok = e.value.is_number() ? delta.get<f64>() == e.value.get<f64>() : within(e, delta.get<f64>());
  if (ok) return std::nullopt;
  return fmt::format("{} changed by {} (from {} to {}), expected {}", e.path, delta.dump(), brief(before, 60),
                     brief(actual, 60), e.value.is_number() ? e.value.dump() : bounds_text(e));
}

}  // namespace xe::sandbox::actions
