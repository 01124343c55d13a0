#pragma once
// One claim about the evaluation document (the snapshot, /labels and /checks): a lesson's
// expectation, or a script's expect step. Parsing checks every key and its type.
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"

namespace xe::sandbox::actions {

// One claim about the evaluation document, at path:
//   equals      exactly this value
//   contains    a string holds this substring; an array holds an element matching it (an
//               object matches when it has every key given)
//   at_least / at_most     a number within these bounds (one or both)
//   changed_by  the number moved since the step began by exactly this much, or, given
//               {"at_least", "at_most"}, by an amount within those bounds
//   changed     true: the value differs from before the step; false: it does not
// changed_by and changed compare with the state before a lesson step, so only lessons
// have them; check_expect then needs that earlier value. A lesson's claim may also hold for
// one kind of surface only: on "window" or "offscreen" (surface 0's kind), as when a window's
// swap chain and an offscreen chain do different things; on the other kind it is not made.
struct expect {
  enum class compare : u8 { value, changed_by, changed, same_as };
  std::string path;
  nlohmann::json::json_pointer pointer;
  nlohmann::json value;  // equals / contains / in_order; changed_by's exact change; changed's bool
  bool contains{};
  bool in_order{};                             // value: patterns found in the list in this order
  bool lacks{};                                // value: no element of the list matches it
  std::string other_path;                      // same_as: equals_at's pointer
  nlohmann::json::json_pointer other_pointer;  // in the same state
  std::optional<f64> at_least{};               // with compare::value: on the value; with changed_by: on the change
  std::optional<f64> at_most{};
  compare against{compare::value};
  std::string on;  // "window", "offscreen" or "" (any surface)
  bool needs_before() const { return against == compare::changed_by || against == compare::changed; }
};

// An expectation from {"path", and one of "equals", "equals_at", "contains", "in_order",
// "at_least"/"at_most", "changed_by", "changed"; optionally "on"}; the reason names what is
// wrong. allow_relative false refuses changed_by, changed and on (scripts have no step to
// compare with, and check a part of the document).
result<expect> parse_expect(const nlohmann::json& object, bool allow_relative = true);
// The keys an expectation object may have.
const std::vector<std::string>& expect_keys();
// Why state does not meet e, or nothing when it does or is made for another kind of surface
// (applies). before_state: the evaluation document when the step began, needed when
// e.needs_before().
bool applies(const nlohmann::json& state, const expect& e);
std::optional<std::string> check_expect(const nlohmann::json& state, const expect& e,
                                        const nlohmann::json* before_state = nullptr);
// after - before when both are numbers (exact for integers), else nothing.
std::optional<nlohmann::json> numeric_change(const nlohmann::json& before, const nlohmann::json& after);

}  // namespace xe::sandbox::actions
