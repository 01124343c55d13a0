// remove_surface: flushes, then removes the surface (and its window).
#include "script/action.h"
#include "script/actions/back_buffers.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class remove_surface final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const bool recording = !records_as().empty();
    const std::vector<std::string> waiting = recording ? deferred_release_names() : std::vector<std::string>{};
    XE_TRY(runner.host().remove_surface(params().integer("slot")));
    if (recording) runner.record(records_as(), {{"back_buffers_deferred", back_buffers_newly_deferred(waiting)}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    return report::fact_line(textf(lang, "its back buffers now waiting in a deferred queue: {}"_t,
                                   c.at("back_buffers_deferred").get<u32>()));
  }
  // Close last; a labelled removal records what the Controls cannot.
  std::optional<std::string> not_a_control() const override {
    if (!params().has("as")) return std::nullopt;
    return "Close last records nothing: drop 'as'";
  }
  std::string control_name(language lang) const override { return text(lang, "Close last"_t); }
};

}  // namespace

extern const kind remove_surface_kind{
    .name = "remove_surface",
    .group = section::surfaces,
    .params = {{.name = "slot", .type = param_type::integer, .min = 0, .max = max_surface_slot},
               {.name = "as", .type = param_type::text, .required = false, .about = "a label"}},
    .summary =
        "flushes and removes it; `back_buffers_deferred` counts its back buffers left waiting in a deferred queue "
        "(an offscreen surface's; a window's go with the swap chain)",
    .records = {"back_buffers_deferred"},
    .control = "Close last"_t,
    .make = make<remove_surface>};

}  // namespace xe::sandbox::actions
