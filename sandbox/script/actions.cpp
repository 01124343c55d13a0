#include "script/actions.h"

#include <algorithm>
#include <set>

#include <spdlog/fmt/fmt.h>

#include "io/json_input.h"

namespace xe::sandbox::actions {
namespace {

using nlohmann::json;

// Reads the parameters of one step object and remembers which were used, so unknown
// keys can be reported.
class params {
public:
  params(const json& object, u32 number, std::string action)
      : _object{object}, _number{number}, _action{std::move(action)} {}

  error fail(const std::string& reason) const {
    return make_error(errc::parse, fmt::format("step {} ({}): {}", _number, _action, reason));
  }

  result<std::string> text(const char* key) {
    const json* v = find(key);
    if (!v) return fail(fmt::format("'{}' is required", key));
    if (!v->is_string() || v->get_ref<const std::string&>().empty())
      return fail(fmt::format("'{}' must be a non-empty string, got {}", key, brief(*v)));
    // Names and file names end up in summaries, titles and paths, where a NUL cuts them.
    const std::string& text = v->get_ref<const std::string&>();
    if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; }))
      return fail(
          fmt::format("'{}' must not contain control characters (U+0000..U+001F, U+007F), got {}", key, brief(*v)));
    return text;
  }
  result<std::string> optional_text(const char* key) {
    if (!find(key)) return std::string{};
    return text(key);
  }
  result<u32> integer(const char* key, u32 min, u32 max) {
    const json* v = find(key);
    if (!v) return fail(fmt::format("'{}' is required", key));
    if (!v->is_number_integer() || v->get<s64>() < min || v->get<s64>() > max)
      return fail(fmt::format("'{}' must be an integer {}..{}, got {}", key, min, max, brief(*v)));
    return static_cast<u32>(v->get<s64>());
  }
  result<std::optional<u32>> optional_integer(const char* key, u32 min, u32 max) {
    if (!find(key)) return std::optional<u32>{};
    XE_TRY_ASSIGN(auto v, integer(key, min, max));
    return std::optional<u32>{v};
  }
  result<bool> boolean(const char* key, bool fallback) {
    const json* v = find(key);
    if (!v) return fallback;
    if (!v->is_boolean()) return fail(fmt::format("'{}' must be true or false, got {}", key, brief(*v)));
    return v->get<bool>();
  }
  const json* raw(const char* key) { return find(key); }
  bool has(const char* key) const { return _object.contains(key); }

  // After all reads: any key not read is a typo or an unknown parameter.
  result<void> no_unknown_keys() const {
    for (const auto& [key, value] : _object.items())
      if (key != "do" && !_used.count(key)) return fail(fmt::format("unknown parameter '{}'", brief_text(key, 40)));
    return {};
  }

private:
  const json* find(const char* key) {
    _used.insert(key);
    auto it = _object.find(key);
    return it == _object.end() ? nullptr : &*it;
  }

  const json& _object;
  u32 _number;
  std::string _action;
  std::set<std::string> _used;
};

constexpr u32 max_count{1'000'000};
constexpr u32 max_extent{16384};

template <typename T>
T take(result<T>& r) {
  return std::move(r).value();
}

#define XE_PARAM(var, expr)                              \
  auto var##_r = (expr);                                 \
  if (!var##_r) return std::move(var##_r).error_value(); \
  auto var = take(var##_r)

result<action> parse_action(const std::string& name, params& p, u32 number) {
  if (name == "create_heap") {
    XE_PARAM(heap_name, p.text("name"));
    XE_PARAM(type_name, p.text("type"));
    const std::optional<gfx::heap_type> type = gfx::heap_type_from(type_name);
    if (!type) return p.fail(fmt::format("'type' must be rtv, dsv, cbv_srv_uav or sampler, got \"{}\"", type_name));
    XE_PARAM(capacity, p.integer("capacity", 1, max_count));
    XE_PARAM(visible, p.boolean("shader_visible", false));
    XE_PARAM(model_name, p.optional_text("model"));
    const std::optional<gfx::heap_model> model =
        model_name.empty() ? gfx::heap_model::engine : gfx::heap_model_from(model_name);
    if (!model) return p.fail(fmt::format("'model' must be engine or wiki, got \"{}\"", model_name));
    return create_heap{heap_name, *type, capacity, visible, *model};
  }
  if (name == "allocate") {
    XE_PARAM(heap, p.text("heap"));
    XE_PARAM(count, p.optional_integer("count", 1, max_count));
    XE_PARAM(as, p.optional_text("as"));
    return allocate{heap, count.value_or(1), as};
  }
  if (name == "free") {
    XE_PARAM(heap, p.text("heap"));
    if (p.has("index") == p.has("label")) return p.fail("give exactly one of 'index' and 'label'");
    XE_PARAM(index, p.optional_integer("index", 0, max_count));
    XE_PARAM(label, p.optional_text("label"));
    return free_descriptor{heap, index, label};
  }
  if (name == "advance_frames") {
    XE_PARAM(count, p.integer("count", 1, max_count));
    return advance_frames{count};
  }
  if (name == "flush") return flush{};
  if (name == "set_frames_in_flight") {
    XE_PARAM(count, p.integer("count", 1, gfx::frame_slot_count));
    return set_frames_in_flight{count};
  }
  if (name == "create_surface") {
    XE_PARAM(width, p.integer("width", 1, max_extent));
    XE_PARAM(height, p.integer("height", 1, max_extent));
    XE_PARAM(as, p.optional_text("as"));
    return create_surface{width, height, as};
  }
  if (name == "remove_surface") {
    XE_PARAM(slot, p.integer("slot", 0, 1023));
    return remove_surface{slot};
  }
  if (name == "resize") {
    XE_PARAM(slot, p.integer("slot", 0, 1023));
    XE_PARAM(width, p.integer("width", 0, max_extent));
    XE_PARAM(height, p.integer("height", 0, max_extent));
    XE_PARAM(as, p.optional_text("as"));
    return resize{slot, width, height, as};
  }
  if (name == "toggle_fullscreen") {
    XE_PARAM(slot, p.integer("slot", 0, 1023));
    return toggle_fullscreen{slot};
  }
  if (name == "create_texture") {
    XE_PARAM(texture_name, p.text("name"));
    XE_PARAM(kind_name, p.text("kind"));
    const std::optional<gfx::resource_kind> kind = gfx::resource_kind_from(kind_name);
    if (!kind) return p.fail(fmt::format("'kind' must be committed, placed or reserved, got \"{}\"", kind_name));
    XE_PARAM(width, p.integer("width", 1, max_extent));
    XE_PARAM(height, p.integer("height", 1, max_extent));
    return create_texture{texture_name, *kind, width, height};
  }
  if (name == "release") {
    XE_PARAM(texture_name, p.text("name"));
    return release{texture_name};
  }
  if (name == "release_immediately") {
    XE_PARAM(texture_name, p.text("name"));
    XE_PARAM(as, p.text("as"));
    return release_immediately{texture_name, as};
  }
  if (name == "upload_texture") {
    XE_PARAM(texture_name, p.text("name"));
    XE_PARAM(through_name, p.optional_text("through"));
    upload_texture upload{texture_name};
    if (through_name == "upload_ring")
      upload.through = upload_path::upload_ring;
    else if (!through_name.empty() && through_name != "staging")
      return p.fail(fmt::format("'through' must be staging or upload_ring, got \"{}\"", through_name));
    XE_PARAM(pattern_name, p.optional_text("pattern"));
    if (!pattern_name.empty()) {
      const std::optional<gfx::lab::texture_pattern> pattern = gfx::lab::texture_pattern_from(pattern_name);
      if (!pattern) return p.fail(fmt::format("'pattern' must be checker or tiles, got \"{}\"", pattern_name));
      upload.pattern = *pattern;
    }
    return upload;
  }
  if (name == "create_quad_root_signature") {
    XE_PARAM(as, p.text("as"));
    return create_quad_root_signature{as};
  }
  if (name == "show_quad") {
    if (p.has("texture") == p.has("visible"))
      return p.fail("give 'texture' (what the quad shows) or \"visible\": false (no quad)");
    XE_PARAM(texture_name, p.optional_text("texture"));
    XE_PARAM(visible, p.boolean("visible", true));
    if (texture_name.empty() && visible)
      return p.fail("\"visible\": true needs no parameter: name the texture with 'texture'");
    return show_quad{texture_name};
  }
  if (name == "measure_quad") {
    XE_PARAM(texture_name, p.text("name"));
    XE_PARAM(as, p.text("as"));
    return measure_quad{texture_name, as};
  }
  if (name == "wrong_barrier") {
    XE_PARAM(texture_name, p.text("name"));
    XE_PARAM(as, p.text("as"));
    return wrong_barrier{texture_name, as};
  }
  if (name == "snapshot") {
    XE_PARAM(file, p.text("file"));
    return snapshot{file};
  }
  if (name == "screenshot") {
    XE_PARAM(file, p.text("file"));
    XE_PARAM(slot, p.optional_integer("slot", 0, 1023));
    return screenshot{file, slot};
  }
  if (name == "expect") {
    json fields = json::object();
    for (const std::string& key : expect_keys())
      if (const json* v = p.raw(key.c_str())) fields[key] = *v;
    auto e = parse_expect(fields, false);
    if (!e) return p.fail(e.error_value().reason);
    return std::move(*e);
  }
  if (name == "show_triangle") {
    if (!p.has("visible")) return p.fail("'visible' is required");
    XE_PARAM(visible, p.boolean("visible", true));
    return show_triangle{visible};
  }
  if (name == "set_gpu_load") {
    XE_PARAM(passes, p.integer("passes", 0, 10'000));
    return set_gpu_load{passes};
  }
  if (name == "expect_error" || name == "attempt") {
    const json* inner = p.raw("action");
    if (!inner) return p.fail("'action' is required: the step to run");
    auto parsed = parse_step(*inner, number);
    if (!parsed) return p.fail(fmt::format("'action': {}", parsed.error_value().reason));
    if (std::holds_alternative<expect_error>(parsed->what) || std::holds_alternative<attempt>(parsed->what))
      return p.fail("'action' cannot itself be expect_error or attempt");
    auto inner_step = std::make_shared<const step>(std::move(*parsed));
    if (name == "attempt") {
      XE_PARAM(as, p.text("as"));
      return attempt{std::move(inner_step), as};
    }
    XE_PARAM(contains, p.optional_text("contains"));
    XE_PARAM(as, p.optional_text("as"));
    return expect_error{std::move(inner_step), contains, as};
  }
  if (name == "check_view_format") {
    XE_PARAM(resource, p.text("resource"));
    XE_PARAM(view, p.text("view"));
    XE_PARAM(as, p.text("as"));
    return check_view_format{resource, view, as};
  }
  if (name == "race") {
    XE_PARAM(model_name, p.text("model"));
    const std::optional<gfx::heap_model> model = gfx::heap_model_from(model_name);
    if (!model) return p.fail(fmt::format("'model' must be engine or wiki, got \"{}\"", model_name));
    XE_PARAM(iterations, p.optional_integer("iterations", 1, max_count));
    XE_PARAM(as, p.text("as"));
    return race{*model, iterations.value_or(10'000), as};
  }
  return p.fail(fmt::format("unknown action (known: {})", fmt::join(action_names(), ", ")));
}

#undef XE_PARAM

}  // namespace

const std::vector<std::string>& action_names() {
  static const std::vector<std::string> names = {"create_heap",
                                                 "allocate",
                                                 "free",
                                                 "advance_frames",
                                                 "flush",
                                                 "set_frames_in_flight",
                                                 "create_surface",
                                                 "remove_surface",
                                                 "resize",
                                                 "toggle_fullscreen",
                                                 "create_texture",
                                                 "release",
                                                 "snapshot",
                                                 "screenshot",
                                                 "expect",
                                                 "show_triangle",
                                                 "set_gpu_load",
                                                 "expect_error",
                                                 "attempt",
                                                 "check_view_format",
                                                 "race",
                                                 "release_immediately",
                                                 "upload_texture",
                                                 "wrong_barrier",
                                                 "create_quad_root_signature",
                                                 "show_quad",
                                                 "measure_quad"};
  return names;
}

const std::vector<std::string>& expect_keys() {
  static const std::vector<std::string> keys = {"path",    "equals",     "contains", "at_least",
                                                "at_most", "changed_by", "changed"};
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
  const int kinds = int{object.contains("equals")} + int{object.contains("contains")} + int{bounds} +
                    int{object.contains("changed_by")} + int{object.contains("changed")};
  if (kinds != 1)
    return bad("exactly one of 'equals', 'contains', 'at_least'/'at_most', 'changed_by' and 'changed' is required");

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

std::optional<std::string> check_expect(const json& state, const expect& e, const json* before_state) {
  if (!state.contains(e.pointer)) return fmt::format("{} does not exist in the engine's state", e.path);
  const json& actual = state.at(e.pointer);
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
  if (!before_state->contains(e.pointer)) return fmt::format("{} did not exist before the step", e.path);
  const json& before = before_state->at(e.pointer);
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

result<step> parse_step(const json& object, u32 number) {
  if (!object.is_object())
    return make_error(errc::parse, fmt::format("step {}: must be an object like {{\"do\": \"flush\"}}, got {}", number,
                                               brief(object)));
  auto it = object.find("do");
  if (it == object.end() || !it->is_string())
    return make_error(errc::parse, fmt::format("step {}: needs \"do\": the action's name", number));
  const std::string name = it->get<std::string>();
  params p{object, number, brief_text(name, 40)};
  XE_TRY_ASSIGN(auto what, parse_action(name, p, number));
  XE_TRY(p.no_unknown_keys());
  return step{number, name, std::move(what)};
}

result<std::vector<step>> parse_steps(const json& array) {
  if (!array.is_array()) return make_error(errc::parse, "\"steps\" must be an array of step objects");
  std::vector<step> steps;
  u32 number = 0;
  for (const json& object : array) {
    XE_TRY_ASSIGN(auto s, parse_step(object, ++number));
    steps.push_back(std::move(s));
  }
  return steps;
}

}  // namespace xe::sandbox::actions
