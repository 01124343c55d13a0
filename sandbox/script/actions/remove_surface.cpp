// remove_surface: flushes, then removes the surface (and its window).
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class remove_surface final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    return runner.host().remove_surface(params().integer("slot"));
  }
  std::optional<std::string> not_a_control() const override { return std::nullopt; }  // Close last
  std::string control_name(language lang) const override { return text(lang, "Close last"_t); }
};

}  // namespace

extern const kind remove_surface_kind{
    .name = "remove_surface",
    .group = section::surfaces,
    .params = {{.name = "slot", .type = param_type::integer, .min = 0, .max = max_surface_slot}},
    .summary = "flushes and removes it",
    .records = {},
    .control = "Close last"_t,
    .make = make<remove_surface>};

}  // namespace xe::sandbox::actions
