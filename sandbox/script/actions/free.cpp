// free: a deferred free of one index, or of every index a label remembers.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class free_descriptor final : public action {
public:
  free_descriptor(std::string heap, std::optional<u32> index, std::string label)
      : _heap{std::move(heap)}, _index{index}, _label{std::move(label)} {}
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const u32 heap, gfx::lab::find_heap(_heap));
    if (_index) return gfx::lab::free_descriptor(heap, *_index);
    const action_runner::label_entry* entry = runner.find_label(_label);
    if (!entry)
      return make_error(errc::invalid_argument, fmt::format("no allocate step remembered label '{}'", _label));
    if (entry->heap != heap)
      return make_error(errc::invalid_argument, fmt::format("label '{}' names descriptors of another heap", _label));
    for (u32 index : entry->indices) XE_TRY(gfx::lab::free_descriptor(heap, index));
    runner.forget_label(_label);
    return {};
  }
  std::optional<std::string> not_a_control() const override {
    if (_heap == "learner" && !_index && !_label.empty()) return std::nullopt;
    return "Free last frees the learner heap's last allocation, by its label";
  }
  std::string control_name(language lang) const override { return text(lang, "Free last"_t); }

private:
  std::string _heap;
  std::optional<u32> _index;
  std::string _label;
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
    .make = [](const args& a) -> result<std::unique_ptr<const action>> {
      if (a.has("index") == a.has("label")) return make_error(errc::parse, "give exactly one of 'index' and 'label'");
      return std::make_unique<free_descriptor>(a.text("heap"), a.optional_integer("index"), a.text("label"));
    }};

}  // namespace xe::sandbox::actions
