// allocate: pops indices from a learner heap's free stack; `as` remembers them (/labels/AS).
#include "graphics/lab.h"
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class allocate final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const std::string as = params().text("as");
    XE_TRY_ASSIGN(const u32 heap, gfx::lab::find_heap(params().text("heap")));
    action_runner::label_entry* entry = nullptr;
    if (!as.empty()) {
      entry = &runner.label_entry_for(as);
      if (!entry->indices.empty() && entry->heap != heap)
        return make_error(errc::invalid_argument,
                          fmt::format("label '{}' already names descriptors of another heap", as));
      entry->heap = heap;
    }
    // All or nothing on the engine's heap: a request it cannot meet takes no index. A heap
    // running the wiki's code allocates one by one, missing capacity check included.
    std::vector<u32> scratch;
    std::vector<u32>& indices = entry ? entry->indices : scratch;
    return gfx::lab::allocate_descriptors(heap, params().integer("count"), as.empty() ? std::string_view{"script"} : as,
                                          indices);
  }
  std::optional<std::string> not_a_control() const override {
    if (params().text("heap") == "learner" && params().integer("count") == 1) return std::nullopt;
    return "Allocate takes one descriptor from the learner heap";
  }
  std::string control_name(language lang) const override { return text(lang, "Allocate"_t); }
};

}  // namespace

extern const kind allocate_kind{
    .name = "allocate",
    .group = section::descriptors,
    .params =
        {{.name = "heap", .type = param_type::text},
         {.name = "count", .type = param_type::integer, .required = false, .min = 1, .max = max_count, .fallback = 1},
         {.name = "as", .type = param_type::text, .required = false, .about = "a label"}},
    .summary = "pops `count` indices; `as` remembers them under `/labels/AS`, in order",
    .records = {},
    .control = "Allocate"_t,
    .make = make<allocate>};

}  // namespace xe::sandbox::actions
