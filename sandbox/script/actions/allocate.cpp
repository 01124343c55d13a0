// allocate: pops indices from a learner heap's free stack; `as` remembers them (/labels/AS).
#include "graphics/lab.h"
#include "script/action.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class allocate final : public action {
public:
  allocate(std::string heap, u32 count, std::string as) : _heap{std::move(heap)}, _count{count}, _as{std::move(as)} {}
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const u32 heap, gfx::lab::find_heap(_heap));
    action_runner::label_entry* entry = nullptr;
    if (!_as.empty()) {
      entry = &runner.label_entry_for(_as);
      if (!entry->indices.empty() && entry->heap != heap)
        return make_error(errc::invalid_argument,
                          fmt::format("label '{}' already names descriptors of another heap", _as));
      entry->heap = heap;
    }
    // All or nothing on the engine's heap: a request it cannot meet takes no index. A heap
    // running the wiki's code allocates one by one, missing capacity check included.
    std::vector<u32> scratch;
    std::vector<u32>& indices = entry ? entry->indices : scratch;
    return gfx::lab::allocate_descriptors(heap, _count, _as.empty() ? std::string_view{"script"} : _as, indices);
  }
  std::optional<std::string> not_a_control() const override {
    if (_heap == "learner" && _count == 1) return std::nullopt;
    return "Allocate takes one descriptor from the learner heap";
  }
  std::string control_name(language lang) const override { return text(lang, "Allocate"_t); }

private:
  std::string _heap;
  u32 _count;
  std::string _as;
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
    .make = [](const args& a) -> result<std::unique_ptr<const action>> {
      return std::make_unique<allocate>(a.text("heap"), a.integer("count"), a.text("as"));
    }};

}  // namespace xe::sandbox::actions
