// open_capture: a RenderDoc capture opened in qrenderdoc, RenderDoc's UI.
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class open_capture final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override { return runner.host().open_capture(params().text("file")); }
};

}  // namespace

extern const kind open_capture_kind{.name = "open_capture",
                                    .group = section::outputs,
                                    .params = {{.name = "file", .type = param_type::text}},
                                    .summary = "opens a capture in qrenderdoc, RenderDoc's UI, when it is installed",
                                    .records = {},
                                    .control = "Open in RenderDoc"_t,
                                    .make = make<open_capture>};

}  // namespace xe::sandbox::actions
