// advance_frames: renders frames (each a whole begin_frame ... end_frame).
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class advance_frames final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override { return runner.host().run_frames(params().integer("count")); }
  std::optional<std::string> not_a_control() const override { return std::nullopt; }  // Step one frame, pressed
  std::string control_name(language lang) const override {
    const u32 count = params().integer("count");
    return count == 1 ? std::string{text(lang, "Step one frame"_t)} : textf(lang, "Step one frame ×{}"_t, count);
  }
};

}  // namespace

extern const kind advance_frames_kind{
    .name = "advance_frames",
    .group = section::frames,
    .params = {{.name = "count", .type = param_type::integer, .min = 1, .max = max_count}},
    .summary = "renders that many frames",
    .records = {},
    .control = "Step one frame"_t,
    .make = make<advance_frames>};

}  // namespace xe::sandbox::actions
