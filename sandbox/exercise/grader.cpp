#include "exercise/grader.h"

#include <charconv>

namespace xe::grade {

void journal::begin(std::string_view label, std::span<const op> ops) {
  std::fprintf(_file, "sequence %.*s %s\n", static_cast<int>(label.size()), label.data(), format_ops(ops).c_str());
  std::fflush(_file);
}

void journal::call(u32 index, std::string_view text) {
  std::fprintf(_file, "call %u %.*s\n", index, static_cast<int>(text.size()), text.data());
  std::fflush(_file);  // the learner's next instruction may be the last one
}

void journal::observe(std::string_view text) {
  std::fprintf(_file, "observe %.*s\n", static_cast<int>(text.size()), text.data());
  std::fflush(_file);
}

void run_context::record(u32 index, std::string text) {
  if (_journal) _journal->call(index, text);
  _calls.push_back(std::move(text));
}

void run_context::result(std::string_view text) {
  if (!_calls.empty()) (_calls.back() += " -> ") += text;
}

void run_context::result_replaced(std::string_view text) {
  if (_calls.empty()) return;
  std::string& last = _calls.back();
  if (const auto arrow = last.find(" -> "); arrow != std::string::npos) last.resize(arrow);
  (last += " -> ") += text;
}

failure run_context::fail(std::string check, std::string message) const {
  return {std::move(check), std::move(message), _calls, {}, 0};
}

std::string format_ops(std::span<const op> ops) {
  std::string out;
  for (const op& o : ops) {
    if (!out.empty()) out += ',';
    out += std::to_string(o.kind) + ':' + std::to_string(o.arg);
  }
  return out.empty() ? "-" : out;
}

std::optional<std::vector<op>> parse_ops(std::string_view text) {
  std::vector<op> ops;
  if (text == "-") return ops;
  while (!text.empty()) {
    const auto comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    const auto colon = item.find(':');
    if (colon == std::string_view::npos) return std::nullopt;
    unsigned kind = 0;
    u32 arg = 0;
    const char* kind_end = item.data() + colon;
    const char* arg_end = item.data() + item.size();
    if (std::from_chars(item.data(), kind_end, kind).ptr != kind_end || kind > 255) return std::nullopt;
    if (std::from_chars(kind_end + 1, arg_end, arg).ptr != arg_end) return std::nullopt;
    ops.push_back({static_cast<u8>(kind), arg});
    text = comma == std::string_view::npos ? std::string_view{} : text.substr(comma + 1);
  }
  return ops;
}

namespace {

std::optional<failure> run_once(const exercise_grader& g, journal& j, std::string_view label, std::span<const op> ops) {
  j.begin(label, ops);
  run_context ctx{&j, ops};
  return g.run(ctx);
}

// Removes chunks, halving their size, while the same check still fails: the shortest
// sequence a learner can follow by hand. The first op (the object's creation) stays.
failure shrink(const exercise_grader& g, journal& j, std::vector<op> ops, failure failed) {
  const u32 original = static_cast<u32>(ops.size());
  for (size_t chunk = ops.size() / 2; chunk >= 1; chunk /= 2) {
    bool removed = true;
    while (removed) {
      removed = false;
      for (size_t start = 1; start + chunk <= ops.size(); start += chunk) {
        std::vector<op> candidate{ops.begin(), ops.begin() + static_cast<std::ptrdiff_t>(start)};
        candidate.insert(candidate.end(), ops.begin() + static_cast<std::ptrdiff_t>(start + chunk), ops.end());
        auto again = run_once(g, j, "shrink", candidate);
        if (again && again->check == failed.check) {
          ops = std::move(candidate);
          failed = std::move(*again);
          removed = true;
          break;
        }
      }
    }
  }
  failed.shrunk_from = original;
  return failed;
}

}  // namespace

grade_result grade(const exercise_grader& g, journal& j, const grade_options& opts) {
  grade_result result;
  for (const scenario& s : g.scenarios()) {
    if (auto failed = run_once(g, j, "scenario", s.ops)) {
      failed->scenario = s.name;
      result.failed = std::move(failed);
      return result;
    }
    ++result.scenarios_passed;
  }
  rng random{opts.seed};
  for (u32 i = 0; i < opts.random_cases; ++i) {
    const std::vector<op> ops = g.generate(random);
    if (auto failed = run_once(g, j, "random", ops)) {
      result.failed = shrink(g, j, ops, std::move(*failed));
      return result;
    }
    ++result.random_cases_passed;
  }
  return result;
}

}  // namespace xe::grade
