// check_view_format: whether a texture of one format can take an SRV of another (wiki 7.9).
#include "common/log.h"
#include "graphics/lab.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class check_view_format final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const std::string resource = params().text("resource"), view = params().text("view");
    XE_TRY_ASSIGN(const gfx::lab::view_format_check check, gfx::lab::check_view_format(resource, view));
    XE_LOG_INFO("{} texture with a {} SRV: {} ({})", resource, view, check.allowed ? "allowed" : "not allowed",
                check.rule);
    runner.record(records_as(), {{"resource", resource},
                                 {"view", view},
                                 {"allowed", check.allowed},
                                 {"created", check.created},
                                 {"casting_fully_typed_supported", check.casting_fully_typed_supported},
                                 {"rule", check.rule}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    return fact_line(
        textf(lang, "{} resource, {} view: {}, {}; rule: {}"_t, value_text(c.at("resource")), value_text(c.at("view")),
              c.at("allowed").get<bool>() ? text(lang, "allowed"_t) : text(lang, "not allowed"_t),
              c.at("created").get<bool>() ? text(lang, "created on the device"_t) : text(lang, "not created"_t),
              value_text(c.at("rule"))));
  }
};

}  // namespace

extern const kind check_view_format_kind{
    .name = "check_view_format",
    .group = section::hazards,
    .params = {{.name = "resource",
                .type = param_type::text,
                .about = "a DXGI format name without `DXGI_FORMAT_`, e.g. `R32_FLOAT`, or `null`"},
               {.name = "view", .type = param_type::text, .about = "a DXGI format name"},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "asks the engine's table of D3D12's casting rules whether a texture of format `resource` can take an "
        "SRV of format `view` (same format; a `*_TYPELESS` resource and a typed format of its family; typed "
        "casts within a family only when the device reports `CastingFullyTypedFormatSupported`, and never "
        "`_FLOAT` ↔ non-`_FLOAT` or `_SNORM` ↔ `_UNORM`); the device answers only that flag and format support. "
        "Allowed pairs are really created on the device. `resource` `null` writes a null descriptor (no "
        "resource, a full view description)",
    .records = {"resource", "view", "allowed", "created", "casting_fully_typed_supported", "rule"},
    .control = std::nullopt,
    .make = make<check_view_format>};

}  // namespace xe::sandbox::actions
