// resize: rebuilds a surface's back buffers, RTVs, depth buffer and DSV at a new size.
#include <algorithm>

#include "graphics/renderer.h"
#include "script/action.h"
#include "script/actions/back_buffers.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class resize final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const u32 slot = params().integer("slot");
    const auto views = [&]() -> std::pair<std::vector<u32>, nlohmann::json> {
      const gfx::surfaces_info info = gfx::calculate_surfaces_info();
      if (slot >= info.slots.size() || !info.slots[slot].live) return {};
      const gfx::surface_info& s = info.slots[slot];
      return {s.rtv_indices, s.dsv_index == invalid_id ? nlohmann::json(nullptr) : nlohmann::json(s.dsv_index)};
    };
    // Plain pairs, not structured bindings: clang 14 cannot capture bindings in a lambda.
    const bool recording = !records_as().empty();
    const auto old_views = views();
    const std::vector<std::string> waiting = recording ? deferred_release_names() : std::vector<std::string>{};
    XE_TRY(runner.host().resize_surface(slot, params().integer("width"), params().integer("height")));
    if (!recording) return {};
    const auto new_views = views();
    const std::vector<u32>& old_rtvs = old_views.first;
    const std::vector<u32>& new_rtvs = new_views.first;
    const bool reused =
        std::any_of(new_rtvs.begin(), new_rtvs.end(),
                    [&](u32 i) { return std::find(old_rtvs.begin(), old_rtvs.end(), i) != old_rtvs.end(); }) ||
        (!new_views.second.is_null() && new_views.second == old_views.second);
    runner.record(records_as(), {{"old_rtvs", old_rtvs},
                                 {"new_rtvs", new_rtvs},
                                 {"old_dsv", old_views.second},
                                 {"new_dsv", new_views.second},
                                 {"reused_freed", reused},
                                 {"back_buffers_deferred", back_buffers_newly_deferred(waiting)}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    return fact_line(textf(lang, "RTVs {} -> {}, DSV {} -> {}; a new view took an index just freed: {}"_t,
                           list_text(c.at("old_rtvs")), list_text(c.at("new_rtvs")), value_text(c.at("old_dsv")),
                           value_text(c.at("new_dsv")), yes_no(c.at("reused_freed").get<bool>(), lang))) +
           fact_line(textf(lang, "old back buffers now waiting in a deferred queue: {}"_t,
                           c.at("back_buffers_deferred").get<u32>()));
  }
  // The Windows section's size buttons: 960x540, 1280x720 and minimise (0x0), on slot 0.
  std::optional<std::string> not_a_control() const override {
    const u32 w = params().integer("width"), h = params().integer("height");
    const bool size = (w == 960 && h == 540) || (w == 1280 && h == 720) || (w == 0 && h == 0);
    if (params().integer("slot") == 0 && size && !params().has("as")) return std::nullopt;
    return "the Windows buttons resize slot 0 to 960x540, 1280x720 or 0x0 (minimise)";
  }
  std::string control_name(language lang) const override {
    const u32 w = params().integer("width"), h = params().integer("height");
    return w ? fmt::format("{}x{}", w, h) : std::string{text(lang, "minimise"_t)};
  }
};

}  // namespace

extern const kind resize_kind{
    .name = "resize",
    .group = section::surfaces,
    .params = {{.name = "slot", .type = param_type::integer, .min = 0, .max = max_surface_slot},
               {.name = "width", .type = param_type::integer, .min = 0, .max = max_extent},
               {.name = "height", .type = param_type::integer, .min = 0, .max = max_extent},
               {.name = "as", .type = param_type::text, .required = false, .about = "a label"}},
    .summary =
        "rebuilds back buffers and RTVs (`0` is refused for offscreen surfaces); `reused_freed` says whether "
        "a new view took an index the old ones had just freed; `back_buffers_deferred` counts the old back buffers "
        "left waiting in a deferred queue (an offscreen surface's; a window's go with the swap chain)",
    .records = {"old_rtvs", "new_rtvs", "old_dsv", "new_dsv", "reused_freed", "back_buffers_deferred"},
    .control = "minimise"_t,
    .make = make<resize>};

}  // namespace xe::sandbox::actions
