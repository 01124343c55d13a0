// attempt: runs one action that may fail (a device may lack a feature) and records either way.
#include "common/log.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class attempt final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const step& inner = *params().inner();
    const result<void> r = runner.run_inner(inner);
    const std::string message = r ? std::string{} : r.error_value().reason;
    if (!r) XE_LOG_INFO("{} failed (allowed by attempt): {}", inner.name, message);
    runner.record(records_as(),
                  {{"failed", !r},
                   {"action", inner.name},
                   {"message", message},
                   {"code", r ? nlohmann::json(nullptr) : nlohmann::json(to_string(r.error_value().code))}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    if (c.at("failed").get<bool>())
      return fact_line(
          textf(lang, "{} failed (allowed here): {}"_t, value_text(c.at("action")), value_text(c.at("message"))));
    return fact_line(textf(lang, "{} succeeded"_t, value_text(c.at("action"))));
  }
};

}  // namespace

extern const kind attempt_kind{
    .name = "attempt",
    .group = section::checks,
    .params = {{.name = "action", .type = param_type::step, .about = "one step object"},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "runs the inner action and records whether it failed (`code` null on success): for what depends on "
        "the device or the run (reserved resources, fullscreen without a window). It cannot nest with "
        "`expect_error` or itself",
    .records = {"failed", "action", "message", "code"},
    .control = std::nullopt,
    .make = [](const kind& what, const args& a) -> result<std::unique_ptr<const action>> {
      XE_TRY(one_level(a));
      return make<attempt>(what, a);
    }};

}  // namespace xe::sandbox::actions
