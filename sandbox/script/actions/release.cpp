// release: a learner texture goes through deferred release.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class release final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY(runner.not_on_the_quad(params().text("name")));
    return gfx::lab::release_texture(params().text("name"));
  }
};

}  // namespace

extern const kind release_kind{
    .name = "release",
    .group = section::textures,
    .params = {{.name = "name", .type = param_type::text}},
    .summary =
        "deferred release of a texture (and its heap, for placed ones); refused while `show_quad` has it on "
        "the quad (the next frame would draw it), as is `release_immediately`",
    .records = {},
    .control = std::nullopt,
    .make = make<release>};

}  // namespace xe::sandbox::actions
