// create_texture: a learner texture, committed, placed or reserved (wiki 7.10/7.11).
#include "graphics/lab.h"
#include "script/action.h"

namespace xe::sandbox::actions {
namespace {

class create_texture final : public action {
public:
  using action::action;
  result<void> run(action_runner&) const override {
    return gfx::lab::create_texture({params().text("name"), *gfx::resource_kind_from(params().text("kind")),
                                     params().integer("width"), params().integer("height")});
  }
};

}  // namespace

extern const kind create_texture_kind{
    .name = "create_texture",
    .group = section::textures,
    .params = {{.name = "name", .type = param_type::text},
               {.name = "kind", .type = param_type::choice, .choices = {"committed", "placed", "reserved"}},
               {.name = "width", .type = param_type::integer, .min = 1, .max = max_extent},
               {.name = "height", .type = param_type::integer, .min = 1, .max = max_extent}},
    .summary =
        "an R8G8B8A8 texture with an SRV; `reserved` is refused when the device reports tiled resources "
        "unsupported",
    .records = {},
    .control = std::nullopt,
    .make = make<create_texture>};

}  // namespace xe::sandbox::actions
