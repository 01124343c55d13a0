// toggle_fullscreen: a window's borderless fullscreen, on or off.
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class toggle_fullscreen final : public action {
public:
  explicit toggle_fullscreen(u32 slot) : _slot{slot} {}
  result<void> run(action_runner& runner) const override { return runner.host().toggle_fullscreen(_slot); }
  std::optional<std::string> not_a_control() const override {
    if (_slot == 0) return std::nullopt;
    return "the fullscreen button toggles slot 0";
  }
  std::string control_name(language lang) const override { return text(lang, "fullscreen"_t); }

private:
  u32 _slot;
};

}  // namespace

extern const kind toggle_fullscreen_kind{
    .name = "toggle_fullscreen",
    .group = section::surfaces,
    .params = {{.name = "slot", .type = param_type::integer, .min = 0, .max = max_surface_slot}},
    .summary = "windows only",
    .records = {},
    .control = "fullscreen"_t,
    .make = [](const args& a) -> result<std::unique_ptr<const action>> {
      return std::make_unique<toggle_fullscreen>(a.integer("slot"));
    }};

}  // namespace xe::sandbox::actions
