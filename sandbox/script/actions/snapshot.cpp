// snapshot: the frame state written as JSON (docs/snapshot.md).
#include "script/action.h"
#include "script/runner.h"
#include "snapshot/frame_state.h"

namespace xe::sandbox::actions {
namespace {

class snapshot final : public action {
public:
  explicit snapshot(std::string file) : _file{std::move(file)} {}
  result<void> run(action_runner& runner) const override { return write_frame_state(_file, runner.host().snapshot()); }

private:
  std::string _file;
};

}  // namespace

extern const kind snapshot_kind{.name = "snapshot",
                                .group = section::outputs,
                                .params = {{.name = "file", .type = param_type::text}},
                                .summary = "writes the frame state ([snapshot.md](snapshot.md))",
                                .records = {},
                                .control = "Export snapshot"_t,
                                .make = [](const args& a) -> result<std::unique_ptr<const action>> {
                                  return std::make_unique<snapshot>(a.text("file"));
                                }};

}  // namespace xe::sandbox::actions
