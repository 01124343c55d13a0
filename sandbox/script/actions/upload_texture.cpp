// upload_texture: a pattern copied into a learner texture, through staging or the upload ring.
#include "graphics/lab.h"
#include "script/action.h"

namespace xe::sandbox::actions {
namespace {

class upload_texture final : public action {
public:
  using action::action;
  result<void> run(action_runner&) const override {
    const std::string name = params().text("name");
    const gfx::lab::texture_pattern pattern = *gfx::lab::texture_pattern_from(params().text("pattern"));
    return params().text("through") == "upload_ring" ? gfx::lab::queue_texture_upload(name, pattern)
                                                     : gfx::lab::upload_texture_pattern(name, pattern);
  }
};

}  // namespace

extern const kind upload_texture_kind{
    .name = "upload_texture",
    .group = section::textures,
    .params = {{.name = "name", .type = param_type::text},
               {.name = "through",
                .type = param_type::choice,
                .required = false,
                .fallback = "staging",
                .choices = {"staging", "upload_ring"}},
               {.name = "pattern",
                .type = param_type::choice,
                .required = false,
                .fallback = "checker",
                .choices = {"checker", "tiles"}}},
    .summary =
        "fills a learner texture with a pattern (`checker`: 8×8 grey squares; `tiles`: red, green, blue and "
        "yellow quadrants from the top left, each an 8×8 checker of its colour and half of it; the exact values "
        "are in `lab.h`). `staging`: through a staging buffer on the engine's immediate list, waited for. "
        "`upload_ring`: queued, and recorded as the next frame begins, in that frame's list, from that frame "
        "slot's part of the upload ring (refused when the texture needs more than a slot's part). Either way: a "
        "barrier from its tracked state to `COPY_DEST`, the copy, `COPY_DEST` → `PIXEL_SHADER_RESOURCE`",
    .records = {},
    .control = std::nullopt,
    .make = make<upload_texture>};

}  // namespace xe::sandbox::actions
