// trace: the inspector's history written as a Perfetto / Chrome trace (docs/trace.md).
#include "script/action.h"
#include "script/runner.h"
#include "io/files.h"

namespace xe::sandbox::actions {
namespace {

class trace final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const std::string document, runner.host().trace());
    return write_file_atomic(params().text("file"), document);
  }
};

}  // namespace

extern const kind trace_kind{
    .name = "trace",
    .group = section::outputs,
    .params = {{.name = "file", .type = param_type::text}},
    .summary = "writes the inspector's history as a Perfetto / Chrome trace ([trace.md](trace.md))",
    .records = {},
    .control = "Export trace"_t,
    .make = make<trace>};

}  // namespace xe::sandbox::actions
