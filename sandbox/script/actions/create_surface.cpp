// create_surface: a new surface (a window when not headless), in the newest freed slot.
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class create_surface final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const u32 slot, runner.host().create_surface(params().integer("width"), params().integer("height")));
    if (!records_as().empty()) runner.record(records_as(), {{"slot", slot}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    return report::fact_line(textf(lang, "the new surface took slot {}"_t, c.at("slot").dump()));
  }
  std::optional<std::string> not_a_control() const override {
    if (params().integer("width") == 640 && params().integer("height") == 360) return std::nullopt;
    return "Open window opens a 640x360 window";
  }
  std::string control_name(language lang) const override { return text(lang, "Open window"_t); }
};

}  // namespace

extern const kind create_surface_kind{
    .name = "create_surface",
    .group = section::surfaces,
    .params = {{.name = "width", .type = param_type::integer, .min = 1, .max = max_extent},
               {.name = "height", .type = param_type::integer, .min = 1, .max = max_extent},
               {.name = "as", .type = param_type::text, .required = false, .about = "a label"}},
    .summary = "a new surface (a window when not headless); takes the newest freed slot",
    .records = {"slot"},
    .control = "Open window"_t,
    .make = make<create_surface>};

}  // namespace xe::sandbox::actions
