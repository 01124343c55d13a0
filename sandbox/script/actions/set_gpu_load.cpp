// set_gpu_load: blended full-screen passes per frame, real GPU work that leaves the image alone.
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class set_gpu_load final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    runner.host().set_gpu_load(params().integer("passes"));
    return {};
  }
  std::optional<std::string> not_a_control() const override { return std::nullopt; }  // the slider
  std::string control_name(language lang) const override {
    return fmt::format("{} = {}", text(lang, "GPU load"_t), params().integer("passes"));
  }
};

}  // namespace

extern const kind set_gpu_load_kind{
    .name = "set_gpu_load",
    .group = section::outputs,
    .params = {{.name = "passes", .type = param_type::integer, .min = 0, .max = 10'000}},
    .summary =
        "blended full-screen passes per frame: real GPU work that leaves the image unchanged, to make frames "
        "GPU-bound",
    .records = {},
    .control = "GPU load"_t,
    .make = make<set_gpu_load>};

}  // namespace xe::sandbox::actions
