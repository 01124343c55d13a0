// advance_until_returned: runs frames one at a time until a freed index is back on its heap's
// free stack, and records how many it took.
#include "graphics/lab.h"
#include "graphics/renderer.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class advance_until_returned final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const std::string name = params().text("heap");
    const u32 index = params().integer("index"), at_most = params().integer("at_most");
    XE_TRY_ASSIGN(const u32 heap, gfx::lab::find_heap(name));
    if (index >= gfx::get_heap_info(heap).capacity)
      return make_error(errc::invalid_argument, fmt::format("heap '{}' has no index {}", name, index));
    for (u32 frames = 0;; ++frames) {
      if (!gfx::get_descriptor_info(heap, index).allocated) {
        runner.record(records_as(), {{"frames", frames}, {"back_in_frame", gfx::get_frame_stats().frame_number - 1}});
        return {};
      }
      if (frames == at_most)
        return make_error(errc::invalid_argument,
                          fmt::format("index {} of heap '{}' was not back on the free stack after {} frame(s)", index,
                                      name, at_most));
      XE_TRY(runner.host().run_frames(1));
    }
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    return report::fact_line(textf(lang, "index {} was back on the free stack after {} frame(s), as frame {} began"_t,
                                   params().integer("index"), c.at("frames").dump(), c.at("back_in_frame").dump()));
  }
};

}  // namespace

extern const kind advance_until_returned_kind{
    .name = "advance_until_returned",
    .group = section::frames,
    .params =
        {{.name = "heap", .type = param_type::text},
         {.name = "index", .type = param_type::integer, .min = 0, .max = max_count},
         {.name = "at_most", .type = param_type::integer, .required = false, .min = 1, .max = 100, .fallback = 10},
         {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "renders frames one at a time until the index is back on the heap's free stack (at once when it is "
        "free already), and fails after `at_most` frames; `back_in_frame`: the frame whose begin_frame returned "
        "it",
    .records = {"frames", "back_in_frame"},
    .control = std::nullopt,
    .make = make<advance_until_returned>};

}  // namespace xe::sandbox::actions
