// screenshot: a surface's last presented image written as PNG.
#include "script/action.h"
#include "script/runner.h"
#include "snapshot/png.h"

namespace xe::sandbox::actions {
namespace {

class screenshot final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const gfx::image_rgba8 image, runner.host().screenshot(params().optional_integer("slot")));
    return write_png(params().text("file"), image);
  }
};

}  // namespace

extern const kind screenshot_kind{.name = "screenshot",
                                  .group = section::outputs,
                                  .params = {{.name = "file", .type = param_type::text},
                                             {.name = "slot",
                                              .type = param_type::integer,
                                              .required = false,
                                              .min = 0,
                                              .max = max_surface_slot,
                                              .about = "default: the lowest live slot"}},
                                  .summary = "PNG of the surface's last presented image",
                                  .records = {},
                                  .control = "Screenshot"_t,
                                  .make = make<screenshot>};

}  // namespace xe::sandbox::actions
