#include "lessons/lesson_explain.h"

#include <vector>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {
namespace {

std::vector<std::string> split_pointer(std::string_view pointer) {
  std::vector<std::string> tokens;
  size_t at = 0;
  while (at < pointer.size() && pointer[at] == '/') {
    const size_t end = pointer.find('/', at + 1);
    std::string token{pointer.substr(at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1)};
    for (size_t i = 0; (i = token.find('~', i)) != std::string::npos; ++i)  // RFC 6901 escapes
      token.replace(i, 2, token.compare(i, 2, "~1") == 0 ? "/" : "~");
    tokens.push_back(std::move(token));
    if (end == std::string_view::npos) break;
    at = end;
  }
  return tokens;
}

// Names of the fields a step most often checks; anything else is shown as it is spelt.
const char* field(std::string_view name, language l) {
  static const std::pair<std::string_view, text_key> table[] = {
      {"size", "_size"_t},
      {"capacity", "capacity"_t},
      {"free_stack", "_free_handles array"_t},
      {"type", "type"_t},
      {"shader_visible", "shader visibility"_t},
      {"width", "width"_t},
      {"height", "height"_t},
      {"rtv_indices", "RTV indices"_t},
      {"dsv_index", "DSV index"_t},
      {"max_depth", "viewport MaxDepth"_t},
      {"back_buffer_index", "current back-buffer index"_t},
      {"back_buffers", "back-buffer count"_t},
      {"live", "liveness"_t},
      {"fullscreen", "fullscreen state"_t},
      {"generation", "generation"_t},
      {"next_free", "next free link"_t},
  };
  for (const auto& [spelt, key] : table)
    if (spelt == name) return text(l, key);
  return nullptr;
}

std::string field_text(std::string_view name, language l) {
  const char* known = field(name, l);
  return known ? known : std::string{name};
}

// " (entry i)" for a trailing array index.
std::string entry(const std::vector<std::string>& t, size_t at, language l) {
  if (t.size() <= at) return {};
  return textf(l, " (entry {})"_t, t[at]);
}

}  // namespace

std::string describe_path(std::string_view pointer, language l) {
  const std::vector<std::string> t = split_pointer(pointer);
  const auto is = [&](size_t i, std::string_view s) { return t.size() > i && t[i] == s; };
  if (is(0, "frame") && t.size() == 2) {
    if (t[1] == "number") return text(l, "the frame number (frames ended so far)"_t);
    if (t[1] == "slot") return text(l, "the current frame slot"_t);
    if (t[1] == "next_slot") return text(l, "the frame slot of the next frame"_t);
  }
  if (is(0, "fence") && t.size() >= 2) {
    if (t[1] == "cpu_value") return text(l, "the fence value the CPU last signalled"_t);
    if (t[1] == "gpu_completed") return text(l, "the fence value the GPU has completed"_t);
    if (t[1] == "frames_in_flight") return text(l, "the frames-in-flight limit"_t);
    if (t[1] == "max_pending_at_begin") return text(l, "the most frames still running when begin_frame returned"_t);
    if (t[1] == "blocked_waits") return text(l, "how often begin_frame blocked"_t);
    if (t[1] == "wait_ms_total") return text(l, "the time begin_frame waited in all"_t);
    if (t[1] == "slots")
      return t.size() > 2 ? textf(l, "the fence value frame slot {} waits for"_t, t[2])
                          : text(l, "the fence values the frame slots wait for"_t);
  }
  if (is(0, "heaps") && t.size() >= 3) {
    const std::string& heap = t[1];
    if (t[2] == "deferred" && t.size() >= 4)
      return textf(l, "heap {}'s deferred queue for frame slot {}"_t, heap, t[3]) + entry(t, 4, l);
    return textf(l, "heap {}'s {}"_t, heap, field_text(t[2], l)) + entry(t, 3, l);
  }
  if (is(0, "surfaces") && is(1, "slots") && t.size() >= 4)
    return textf(l, "surface slot {}'s {}"_t, t[2], field_text(t[3], l)) + entry(t, 4, l);
  if (is(0, "deferred_releases") && t.size() >= 3)
    return textf(l, "entry {} of frame slot {}'s release queue"_t, t[2], t[1]);
  if (is(0, "deferred_releases") && t.size() >= 2) return textf(l, "the COM objects waiting in frame slot {}"_t, t[1]);
  if (is(0, "resources") && t.size() == 1) return text(l, "the resource list"_t);
  if (is(0, "objects") && t.size() == 1) return text(l, "the list of D3D12 objects"_t);
  if (is(0, "labels") && t.size() >= 2) return textf(l, "the indices labelled {}"_t, t[1]) + entry(t, 2, l);
  if (is(0, "checks") && t.size() >= 2) return textf(l, "the result of check {}"_t, t[1]);
  return std::string{pointer};
}

std::string explain_failure(const step_failure& f, language l) {
  if (!f.expectation) return text(l, "One of this step's actions failed (the message is below)."_t);
  const actions::expect& e = *f.expectation;
  const std::string what = describe_path(e.path, l);
  if (!f.actual) return textf(l, "{} does not exist."_t, what);
  std::string actual = f.actual->dump();
  if (actual.size() > 120) actual = actual.substr(0, 120) + "...";
  if (e.contains) return textf(l, "{} should contain {}, but it does not: it is {}."_t, what, e.value.dump(), actual);
  if (e.lacks) return textf(l, "{} should hold nothing like {}, but it is {}."_t, what, e.value.dump(), actual);
  if (e.in_order) return textf(l, "{} should hold {} in that order, but it is {}."_t, what, e.value.dump(), actual);
  if (e.against == actions::expect::compare::same_as)
    return textf(l, "{} should be the same as {}, but it is {}."_t, what, describe_path(e.other_path, l), actual);
  const auto bounds = [&] {
    if (e.at_least && e.at_most) return textf(l, "between {} and {}"_t, *e.at_least, *e.at_most);
    if (e.at_least) return textf(l, "at least {}"_t, *e.at_least);
    return textf(l, "at most {}"_t, e.at_most.value_or(0));
  };
  using compare = actions::expect::compare;
  if (e.against == compare::changed)
    return e.value.get<bool>() ? textf(l, "{} should have changed in this step, but it is still {}."_t, what, actual)
                               : textf(l, "{} should not have changed in this step, but it is now {}."_t, what, actual);
  if (e.against == compare::changed_by) {
    const std::string by = e.value.is_number() ? e.value.dump() : bounds();
    return textf(l, "{} should have changed by {} in this step; it is now {}."_t, what, by, actual);
  }
  if (e.at_least || e.at_most) return textf(l, "{} should be {}; it is {}."_t, what, bounds(), actual);
  return textf(l, "{} should be {}, but it is {}."_t, what, e.value.dump(), actual);
}

}  // namespace xe::sandbox
