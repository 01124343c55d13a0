// toggle_fullscreen: a window's borderless fullscreen, on or off.
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class toggle_fullscreen final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    return runner.host().toggle_fullscreen(params().integer("slot"));
  }
  std::optional<std::string> not_a_control() const override {
    if (params().integer("slot") == 0) return std::nullopt;
    return "the fullscreen button toggles slot 0";
  }
  std::string control_name(language lang) const override { return text(lang, "fullscreen"_t); }
};

}  // namespace

extern const kind toggle_fullscreen_kind{
    .name = "toggle_fullscreen",
    .group = section::surfaces,
    .params = {{.name = "slot", .type = param_type::integer, .min = 0, .max = max_surface_slot}},
    .summary = "windows only",
    .records = {},
    .control = "fullscreen"_t,
    .make = make<toggle_fullscreen>};

}  // namespace xe::sandbox::actions
