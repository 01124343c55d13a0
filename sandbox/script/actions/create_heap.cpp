// create_heap: a learner descriptor heap (gfx::lab::create_heap), the engine's or the wiki's code.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class create_heap final : public action {
public:
  using action::action;
  result<void> run(action_runner&) const override {
    XE_TRY(gfx::lab::create_heap(desc()));
    return {};
  }
  // Allocate's first press creates the learner heap, and only that one.
  std::optional<std::string> not_a_control() const override {
    const gfx::lab::heap_desc d = desc();
    if (d.name == "learner" && d.type == gfx::heap_type::cbv_srv_uav && d.capacity == 64 && !d.shader_visible &&
        d.model == gfx::heap_model::engine)
      return std::nullopt;
    return "Allocate creates only the learner heap (cbv_srv_uav, 64, not shader-visible)";
  }

private:
  gfx::lab::heap_desc desc() const {
    const args& a = params();
    return {a.text("name"), *gfx::heap_type_from(a.text("type")), a.integer("capacity"), a.boolean("shader_visible"),
            *gfx::heap_model_from(a.text("model"))};
  }
};

}  // namespace

extern const kind create_heap_kind{
    .name = "create_heap",
    .group = section::descriptors,
    .params = {{.name = "name",
                .type = param_type::text,
                .about = "no control characters, as for every text parameter"},
               {.name = "type", .type = param_type::choice, .choices = {"rtv", "dsv", "cbv_srv_uav", "sampler"}},
               {.name = "capacity", .type = param_type::integer, .min = 1, .max = max_count},
               {.name = "shader_visible", .type = param_type::boolean, .required = false, .fallback = false},
               {.name = "model",
                .type = param_type::choice,
                .required = false,
                .fallback = "engine",
                .choices = {"engine", "wiki"}}},
    .summary =
        "a learner descriptor heap; D3D12's limits apply (shader-visible CBV/SRV/UAV ≤ 1,000,000, samplers ≤ "
        "2048; RTV/DSV never shader-visible). `wiki` runs the learning wiki's code as written (no clear() after "
        "processing, no capacity or double-free check, a lock in allocate() only), stopping and counting a fault "
        "where it would go out of bounds",
    .records = {},
    .control = std::nullopt,
    .make = make<create_heap>};

}  // namespace xe::sandbox::actions
