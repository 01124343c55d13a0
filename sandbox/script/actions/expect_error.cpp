// expect_error: runs one action that must fail, and whose message must say what is given.
#include "common/log.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class expect_error final : public action {
public:
  expect_error(std::shared_ptr<const step> inner, std::string contains, std::string as)
      : _inner{std::move(inner)}, _contains{std::move(contains)}, _as{std::move(as)} {}
  result<void> run(action_runner& runner) const override {
    const result<void> r = runner.run_inner(*_inner);
    if (r)
      return make_error(errc::invalid_argument, fmt::format("{} was expected to fail, and it succeeded", _inner->name));
    const std::string& message = r.error_value().reason;
    if (!_contains.empty() && message.find(_contains) == std::string::npos)
      return make_error(errc::invalid_argument, fmt::format("{} failed, but its message does not contain \"{}\": {}",
                                                            _inner->name, _contains, message));
    XE_LOG_INFO("expected failure of {}: {}", _inner->name, message);
    if (!_as.empty())
      runner.record(_as, {{"failed", true},
                          {"action", _inner->name},
                          {"message", message},
                          {"code", to_string(r.error_value().code)}});
    return {};
  }
  std::string_view records_as() const override { return _as; }
  std::string report(const nlohmann::json& c, language lang) const override {
    return report::fact_line(textf(lang, "{} refused, as expected: {}"_t, report::value_text(c.at("action")),
                                   report::value_text(c.at("message"))));
  }

private:
  std::shared_ptr<const step> _inner;
  std::string _contains, _as;
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
    .make = [](const args& a) -> result<std::unique_ptr<const action>> {
      const std::string& inner = a.inner()->name;
      if (inner == "expect_error" || inner == "attempt")
        return make_error(errc::parse, "'action' cannot itself be expect_error or attempt");
      return std::make_unique<expect_error>(a.inner(), a.text("contains"), a.text("as"));
    }};

}  // namespace xe::sandbox::actions
