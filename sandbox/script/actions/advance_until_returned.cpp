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
  advance_until_returned(std::string heap, u32 index, u32 at_most, std::string as)
      : _heap{std::move(heap)}, _index{index}, _at_most{at_most}, _as{std::move(as)} {}
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const u32 heap, gfx::lab::find_heap(_heap));
    if (_index >= gfx::get_heap_info(heap).capacity)
      return make_error(errc::invalid_argument, fmt::format("heap '{}' has no index {}", _heap, _index));
    for (u32 frames = 0;; ++frames) {
      if (!gfx::get_descriptor_info(heap, _index).allocated) {
        runner.record(_as, {{"frames", frames}, {"back_in_frame", gfx::get_frame_stats().frame_number - 1}});
        return {};
      }
      if (frames == _at_most)
        return make_error(errc::invalid_argument, fmt::format("index {} of heap '{}' was not back on the free stack "
                                                              "after {} frame(s)",
                                                              _index, _heap, _at_most));
      XE_TRY(runner.host().run_frames(1));
    }
  }
  std::string_view records_as() const override { return _as; }
  std::string report(const nlohmann::json& c, language lang) const override {
    return report::fact_line(textf(lang, "index {} was back on the free stack after {} frame(s), as frame {} began"_t,
                                   _index, c.at("frames").dump(), c.at("back_in_frame").dump()));
  }

private:
  std::string _heap;
  u32 _index, _at_most;
  std::string _as;
};

}  // namespace

extern const kind advance_until_returned_kind{
    .name = "advance_until_returned",
    .group = section::frames,
    .params = {{.name = "heap", .type = param_type::text},
               {.name = "index", .type = param_type::integer, .min = 0, .max = max_count},
               {.name = "at_most", .type = param_type::integer, .required = false, .min = 1, .max = 100, .fallback = 10},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary = "renders frames one at a time until the index is back on the heap's free stack (at once when it is "
               "free already), and fails after `at_most` frames; `back_in_frame`: the frame whose begin_frame returned "
               "it",
    .records = {"frames", "back_in_frame"},
    .control = std::nullopt,
    .make = [](const args& a) -> result<std::unique_ptr<const action>> {
      return std::make_unique<advance_until_returned>(a.text("heap"), a.integer("index"), a.integer("at_most"),
                                                      a.text("as"));
    }};

}  // namespace xe::sandbox::actions
