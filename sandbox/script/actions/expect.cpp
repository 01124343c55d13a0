// expect: one claim about the evaluation document (script/expect.h), checked now.
#include "script/action.h"
#include "script/expect.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class expect_action final : public action {
public:
  expect_action(const kind& what, args a, expect e) : action{what, std::move(a)}, _expect{std::move(e)} {}
  result<void> run(action_runner& runner) const override {
    if (auto why = check_expect(runner.evaluation_document(_expect.pointer), _expect))
      return make_error(errc::invalid_argument, *why);
    return {};
  }

private:
  expect _expect;  // parsed once, with its JSON Pointer
};

}  // namespace

extern const kind expect_kind{
    .name = "expect",
    .group = section::checks,
    .params = {{.name = "path", .type = param_type::json, .about = "a JSON Pointer"},
               {.name = "equals", .type = param_type::json, .required = false, .about = "any JSON"},
               {.name = "equals_at", .type = param_type::json, .required = false, .about = "a JSON Pointer"},
               {.name = "contains", .type = param_type::json, .required = false},
               {.name = "lacks", .type = param_type::json, .required = false},
               {.name = "in_order", .type = param_type::json, .required = false, .about = "an array"},
               {.name = "at_least", .type = param_type::json, .required = false},
               {.name = "at_most", .type = param_type::json, .required = false},
               {.name = "changed_by", .type = param_type::json, .required = false, .about = "lessons only"},
               {.name = "changed", .type = param_type::json, .required = false, .about = "lessons only"}},
    .summary =
        "`equals`: that value of the evaluation document is exactly this. `contains`: a string holds this "
        "substring, or an array holds an element equal to it (an object matches an element that has every key "
        "given: `{\"path\": \"/objects\", \"contains\": {\"name\": \"frame fence\"}}`). `equals_at`: the "
        "value equals the one at another pointer of the same document. `lacks`: a list holds no element matching it. "
        "`in_order`: a list holds elements matching "
        "each of these, in this order (others may come between). `at_least`/`at_most`: a number within these bounds. "
        "Give one of them (or both bounds). Lessons also have `changed_by` and "
        "`changed`, measured against the state before the step (lesson-authoring.md); a script has no step to "
        "compare with",
    .records = {},
    .control = std::nullopt,
    .make = [](const kind& what, const args& a) -> result<std::unique_ptr<const action>> {
      nlohmann::json fields = nlohmann::json::object();
      for (const std::string& key : expect_keys())
        if (a.has(key.c_str())) fields[key] = a.raw(key.c_str());
      XE_TRY_ASSIGN(expect e, parse_expect(fields, false));
      return std::make_unique<expect_action>(what, a, std::move(e));
    }};

}  // namespace xe::sandbox::actions
