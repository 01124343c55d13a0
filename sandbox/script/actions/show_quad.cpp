// show_quad: lesson 14's quad, a learner texture on a square in every surface, or none.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class show_quad final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const std::string texture = params().text("texture");
    if (!texture.empty() && !gfx::lab::has_texture(texture))
      return make_error(errc::invalid_argument, fmt::format("there is no live texture named '{}'", texture));
    runner.host().set_quad(texture);
    return {};
  }
};

}  // namespace

extern const kind show_quad_kind{
    .name = "show_quad",
    .group = section::textures,
    .params =
        {{.name = "texture", .type = param_type::text, .required = false},
         {.name = "visible", .type = param_type::boolean, .required = false, .about = "`false` instead of `texture`"}},
    .summary =
        "lesson 14: every surface draws the learner texture on a square in the middle (side half the shorter "
        "side) through that root signature, from the next frame on; nothing is drawn while its pixels are not "
        "in (an upload still queued). `visible: false` takes the quad off. `release` refuses the texture on the "
        "quad",
    .records = {},
    .control = std::nullopt,
    .make = [](const kind& what, const args& a) -> result<std::unique_ptr<const action>> {
      if (a.has("texture") == a.has("visible"))
        return make_error(errc::parse, "give 'texture' (what the quad shows) or \"visible\": false (no quad)");
      if (a.has("visible") && a.boolean("visible"))
        return make_error(errc::parse, "\"visible\": true needs no parameter: name the texture with 'texture'");
      return make<show_quad>(what, a);
    }};

}  // namespace xe::sandbox::actions
