// flush: waits until the GPU has finished everything submitted.
#include "graphics/renderer.h"
#include "script/action.h"

namespace xe::sandbox::actions {
namespace {

class flush final : public action {
public:
  using action::action;
  result<void> run(action_runner&) const override { return gfx::flush(); }
};

}  // namespace

extern const kind flush_kind{
    .name = "flush",
    .group = section::frames,
    .params = {},
    .summary =
        "waits until the GPU has finished everything submitted; then whatever waits in a deferred queue is "
        "returned or released",
    .records = {},
    .control = std::nullopt,
    .make = make<flush>};

}  // namespace xe::sandbox::actions
