// capture: frames drawn and captured by RenderDoc (docs/taking-it-further.md).
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class capture final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const std::optional<u32> frames = params().optional_integer("frames");
    XE_TRY(runner.host().capture_frames(frames.value_or(1), params().text("file")));
    return {};
  }
};

}  // namespace

extern const kind capture_kind{
    .name = "capture",
    .group = section::outputs,
    .params = {{.name = "file",
                .type = param_type::text,
                .required = false,
                .about = "default: out/LESSON-stepN-frameF.rdc, or out/frameF.rdc"},
               {.name = "frames",
                .type = param_type::integer,
                .required = false,
                .min = 1,
                .max = 100,
                .about = "default 1"}},
    .summary =
        "draws frames, each captured by RenderDoc into a .rdc file ([taking-it-further.md](taking-it-further.md))",
    .records = {},
    .control = "Capture frame (RenderDoc)"_t,
    .make = make<capture>};

}  // namespace xe::sandbox::actions
