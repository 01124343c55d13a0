// expect_error: runs one action that must fail, and whose message must say what is given.
#include "common/log.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class expect_error final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const step& inner = *params().inner();
    const std::string contains = params().text("contains");
    const result<void> r = runner.run_inner(inner);
    if (r)
      return make_error(errc::invalid_argument, fmt::format("{} was expected to fail, and it succeeded", inner.name));
    const std::string& message = r.error_value().reason;
    if (!contains.empty() && message.find(contains) == std::string::npos)
      return make_error(errc::invalid_argument, fmt::format("{} failed, but its message does not contain \"{}\": {}",
                                                            inner.name, contains, message));
    XE_LOG_INFO("expected failure of {}: {}", inner.name, message);
    if (!records_as().empty())
      runner.record(
          records_as(),
          {{"failed", true}, {"action", inner.name}, {"message", message}, {"code", to_string(r.error_value().code)}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    return report::fact_line(textf(lang, "{} refused, as expected: {}"_t, report::value_text(c.at("action")),
                                   report::value_text(c.at("message"))));
  }
};

}  // namespace

extern const kind expect_error_kind{
    .name = "expect_error",
    .group = section::checks,
    .params = {{.name = "action", .type = param_type::step, .about = "one step object"},
               {.name = "contains", .type = param_type::text, .required = false, .about = "text its message holds"},
               {.name = "as", .type = param_type::text, .required = false, .about = "a label"}},
    .summary =
        "runs the inner action, which must fail (and its message contain `contains`); `code` is the error "
        "code, e.g. `invalid_argument` for the engine's own refusal, `api_call_failed` for a failed HRESULT. "
        "It cannot nest with `attempt` or itself",
    .records = {"failed", "action", "message", "code"},
    .control = std::nullopt,
    .make = [](const kind& what, const args& a) -> result<std::unique_ptr<const action>> {
      XE_TRY(one_level(a));
      return make<expect_error>(what, a);
    }};

}  // namespace xe::sandbox::actions
