// set_frames_in_flight: how far the CPU may run ahead of the GPU.
#include "graphics/renderer.h"
#include "script/action.h"

namespace xe::sandbox::actions {
namespace {

class set_frames_in_flight final : public action {
public:
  using action::action;
  result<void> run(action_runner&) const override { return gfx::set_frames_in_flight(params().integer("count")); }
  std::optional<std::string> not_a_control() const override { return std::nullopt; }  // the slider
  std::string control_name(language lang) const override {
    return fmt::format("{} = {}", text(lang, "frames in flight"_t), params().integer("count"));
  }
};

}  // namespace

extern const kind set_frames_in_flight_kind{
    .name = "set_frames_in_flight",
    .group = section::frames,
    .params = {{.name = "count", .type = param_type::integer, .min = 1, .max = gfx::frame_slot_count}},
    .summary = "how far the CPU may run ahead",
    .records = {},
    .control = "frames in flight"_t,
    .make = make<set_frames_in_flight>};

}  // namespace xe::sandbox::actions
