// release_immediately: lesson 12's hazard, the last reference released while the GPU may copy.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class release_immediately final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const std::string name = params().text("name");
    XE_TRY(runner.not_on_the_quad(name));
    XE_TRY_ASSIGN(const gfx::lab::immediate_release_report r, gfx::lab::release_texture_immediately(name));
    runner.record(records_as(), report::with_capture({{"released", r.released},
                                                      {"fence_completed", r.fence_completed_at_release},
                                                      {"fence_signalled", r.fence_signalled_at_release},
                                                      {"marker_wait_ms", r.marker_wait_ms}},
                                                     r));
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    return capture_facts(c, lang) +
           measured_line(textf(
               lang, "at the release: fence completed {}, signalled {}; the GPU passed the copy after {:.2f} ms"_t,
               c.at("fence_completed").dump(), c.at("fence_signalled").dump(), c.value("marker_wait_ms", 0.0))) +
           captured_messages(c, lang);
  }
};

}  // namespace

extern const kind release_immediately_kind{
    .name = "release_immediately",
    .group = section::hazards,
    .params = {{.name = "name", .type = param_type::text},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "lesson 12's hazard, run so that it harms nothing: the GPU copies the texture in a submission no fence "
        "covers, and once a marker copied by a later submission shows the GPU has passed it, the texture's "
        "last reference is released at once (its SRV index still goes the deferred way). What the runtime "
        "says meanwhile is captured, not counted as a validation error (`reported_as_the_layer_predicts`: "
        "messages came exactly when the validation layer was asked for and the runtime hands messages over)",
    .records = {"released", "fence_completed", "fence_signalled", "marker_wait_ms", "capture_available",
                "validation_layer", "messages", "reported", "reported_as_the_layer_predicts"},
    .control = std::nullopt,
    .make = make<release_immediately>};

}  // namespace xe::sandbox::actions
