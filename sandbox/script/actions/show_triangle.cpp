// show_triangle: the wiki's first triangle on every surface, from the next frame on.
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class show_triangle final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    runner.host().set_triangle(params().boolean("visible"));
    return {};
  }
  std::optional<std::string> not_a_control() const override { return std::nullopt; }  // the checkbox
  std::string control_name(language lang) const override {
    return params().boolean("visible") ? text(lang, "triangle on"_t) : text(lang, "triangle off"_t);
  }
};

}  // namespace

extern const kind show_triangle_kind{.name = "show_triangle",
                                     .group = section::outputs,
                                     .params = {{.name = "visible", .type = param_type::boolean}},
                                     .summary = "draws (or stops drawing) the first triangle on every surface",
                                     .records = {},
                                     .control = "triangle"_t,
                                     .make = make<show_triangle>};

}  // namespace xe::sandbox::actions
