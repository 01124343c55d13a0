// free: a deferred free of one index, or of every index a label remembers.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class free_descriptor final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const u32 heap, gfx::lab::find_heap(params().text("heap")));
    if (const auto index = params().optional_integer("index")) return gfx::lab::free_descriptor(heap, *index);
    const std::string label = params().text("label");
    const action_runner::label_entry* entry = runner.find_label(label);
    if (!entry) return make_error(errc::invalid_argument, fmt::format("no allocate step remembered label '{}'", label));
    if (entry->heap != heap)
      return make_error(errc::invalid_argument, fmt::format("label '{}' names descriptors of another heap", label));
    for (u32 index : entry->indices) XE_TRY(gfx::lab::free_descriptor(heap, index));
    runner.forget_label(label);
    return {};
  }
  std::optional<std::string> not_a_control() const override {
    if (params().text("heap") == "learner" && params().has("label")) return std::nullopt;
    return "Free last frees the learner heap's last allocation, by its label";
  }
  std::string control_name(language lang) const override { return text(lang, "Free last"_t); }
};

}  // namespace

extern const kind free_kind{
    .name = "free",
    .group = section::descriptors,
    .params = {{.name = "heap", .type = param_type::text},
               {.name = "index", .type = param_type::integer, .required = false, .min = 0, .max = max_count},
               {.name = "label", .type = param_type::text, .required = false, .about = "instead of `index`"}},
    .summary =
        "deferred free of one index, or of every index under the label: it waits in the current frame slot's "
        "queue until that slot's fence value has completed",
    .records = {},
    .control = "Free last"_t,
    .make = [](const kind& what, const args& a) -> result<std::unique_ptr<const action>> {
      if (a.has("index") == a.has("label")) return make_error(errc::parse, "give exactly one of 'index' and 'label'");
      return make<free_descriptor>(what, a);
    }};

}  // namespace xe::sandbox::actions
