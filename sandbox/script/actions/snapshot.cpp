// snapshot: the frame state written as JSON (docs/snapshot.md).
#include "script/action.h"
#include "script/runner.h"
#include "snapshot/frame_state.h"

namespace xe::sandbox::actions {
namespace {

class snapshot final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    return write_frame_state(params().text("file"), runner.host().snapshot());
  }
};

}  // namespace

extern const kind snapshot_kind{.name = "snapshot",
                                .group = section::outputs,
                                .params = {{.name = "file", .type = param_type::text}},
                                .summary = "writes the frame state ([snapshot.md](snapshot.md))",
                                .records = {},
                                .control = "Export snapshot"_t,
                                .make = make<snapshot>};

}  // namespace xe::sandbox::actions
