// show_triangle: the wiki's first triangle on every surface, from the next frame on.
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class show_triangle final : public action {
public:
  explicit show_triangle(bool visible) : _visible{visible} {}
  result<void> run(action_runner& runner) const override {
    runner.host().set_triangle(_visible);
    return {};
  }
  std::optional<std::string> not_a_control() const override { return std::nullopt; }  // the checkbox
  std::string control_name(language lang) const override {
    return _visible ? text(lang, "triangle on"_t) : text(lang, "triangle off"_t);
  }

private:
  bool _visible;
};

}  // namespace

extern const kind show_triangle_kind{.name = "show_triangle",
                                     .group = section::outputs,
                                     .params = {{.name = "visible", .type = param_type::boolean}},
                                     .summary = "draws (or stops drawing) the first triangle on every surface",
                                     .records = {},
                                     .control = "triangle"_t,
                                     .make = [](const args& a) -> result<std::unique_ptr<const action>> {
                                       return std::make_unique<show_triangle>(a.boolean("visible"));
                                     }};

}  // namespace xe::sandbox::actions
