#pragma once
// The action vocabulary shared by scenario scripts, lessons and the inspector's Controls
// (docs/scripts.md).
//
// Each action is one unit, script/actions/NAME.cpp: its parameters (read and checked here,
// so a script with a typo fails before it touches the engine), how it runs, what it records
// under /checks, what the lesson console says of that and, for what the Controls panel does,
// the control's label and what a learner presses. CMake lists that folder into the table
// kinds() returns; docs/scripts.md's action table and the lesson schema's action names are
// generated from it (xe-docs, test docs.generated). A new action is one new file.
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "text/text.h"

namespace xe::sandbox {
class action_runner;
}

namespace xe::sandbox::actions {

class action;
struct kind;

struct step {
  u32 number{};           // 1-based position in its list
  std::string name;       // the "do" value
  nlohmann::json params;  // the parameters as read, each default filled in: what the step does
  std::shared_ptr<const action> what;
};

// The longest text parameter (a name, a file name): long enough for any path a learner
// types, short enough to print in a message.
constexpr size_t max_text_bytes = 1024;

// A parameter of an action: how it is read and what docs/scripts.md says of it.
enum class param_type : u8 {
  text,     // a non-empty string of at most max_text_bytes without control characters
  integer,  // an integer within [min, max]
  boolean,
  choice,  // one of choices
  json,    // any JSON value, checked by the action
  step,    // one step object (the inner action of expect_error and attempt)
};
struct param {
  const char* name{};
  param_type type{};
  bool required{true};
  u32 min{}, max{};                    // integer
  nlohmann::json fallback{};           // an optional parameter's default (null: none)
  std::vector<const char*> choices{};  // choice
  const char* about{""};               // docs: what it is, beyond its type
};

// The parameters of one step, read and checked against its kind: the defaults filled in,
// inner steps parsed.
class args {
public:
  args(nlohmann::json values, std::shared_ptr<const step> inner)
      : _values(std::move(values)), _inner{std::move(inner)} {}  // not {}: that makes a JSON array
  const nlohmann::json& values() const { return _values; }
  bool has(const char* name) const { return _values.contains(name); }  // given, or a default (null counts)
  std::string text(const char* name) const;                            // empty when absent
  u32 integer(const char* name) const;                                 // 0 when absent
  std::optional<u32> optional_integer(const char* name) const;
  bool boolean(const char* name) const;
  const nlohmann::json& raw(const char* name) const;  // null when absent
  std::shared_ptr<const step> inner() const { return _inner; }

private:
  nlohmann::json _values;
  std::shared_ptr<const step> _inner;
};

// Where an action is listed in docs/scripts.md.
enum class section : u8 { descriptors, frames, surfaces, textures, hazards, checks, outputs };
const char* to_string(section s);

struct kind {
  const char* name{};  // the "do" value
  section group{};
  std::vector<param> params{};
  const char* summary{};               // docs/scripts.md: what it does
  std::vector<const char*> records{};  // the fields /checks/AS gets (empty: it records nothing)
  // The Controls panel's control that makes this action (its label there), if one does.
  std::optional<text_key> control{};
  // The action from its checked parameters (make<T>, or a function that checks more first);
  // an error's reason says what is wrong with them.
  result<std::unique_ptr<const action>> (*make)(const kind& what, const args& a){};
};

// One action of a step, parsed and checked: its kind and its parameters. It runs against the
// engine (gfx, gfx::lab) and a runner, which owns the host's surfaces and frames and the run's
// labels and checks.
class action {
public:
  action(const kind& what, args a) : _kind{&what}, _args(std::move(a)) {}
  virtual ~action() = default;
  const kind& what() const { return *_kind; }
  const args& params() const { return _args; }
  // The label its result goes under (/checks/LABEL): `as`, for a kind that records; else empty.
  std::string_view records_as() const;

  virtual result<void> run(action_runner& runner) const = 0;
  // What the lesson console says about what it recorded (check: /checks/LABEL), in lang.
  virtual std::string report(const nlohmann::json& check, language lang) const;
  // Why the Controls panel cannot do exactly this, or nothing when it can: an exercise's
  // solution may do only what a learner can.
  virtual std::optional<std::string> not_a_control() const;
  // How a learner does this with the Controls ("Allocate", "Step one frame ×3"), in lang;
  // empty for what is part of another control (Allocate's first press creates the heap).
  virtual std::string control_name(language lang) const;

private:
  const kind* _kind;
  args _args;
};

// kind::make for an action that needs no check beyond its parameters' own.
template <typename T>
result<std::unique_ptr<const action>> make(const kind& what, const args& a) {
  return std::make_unique<T>(what, a);
}

// expect_error's and attempt's check: their inner action is neither of them.
result<void> one_level(const args& a);

// Every action, as CMake listed script/actions/ (by name).
std::span<const kind* const> kinds();
const kind* find_kind(std::string_view name);
// The Controls panel's label for the control that makes the action named name.
text_key control_label(std::string_view name);

// Parses one step object {"do": ACTION, ...params}. Errors read "step N (ACTION): reason".
result<step> parse_step(const nlohmann::json& object, u32 number);
// Parses an array of step objects.
result<std::vector<step>> parse_steps(const nlohmann::json& array);
// The action names, for messages and docs.
std::vector<std::string> action_names();

// For the units: the limits every action shares.
inline constexpr u32 max_count{1'000'000};
inline constexpr u32 max_extent{16384};
inline constexpr u32 max_surface_slot{1023};

}  // namespace xe::sandbox::actions
