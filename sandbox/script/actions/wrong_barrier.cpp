// wrong_barrier: lesson 13's mistake, a barrier whose before state is not the texture's.
#include "graphics/lab.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class wrong_barrier final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    XE_TRY_ASSIGN(const gfx::lab::wrong_barrier_report r, gfx::lab::record_wrong_barrier(params().text("name")));
    runner.record(
        records_as(),
        report::with_capture(
            {{"tracked_before", r.tracked_before}, {"claimed_before", r.claimed_before}, {"after", r.after}}, r));
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    return fact_line(textf(lang, "the barrier says {} -> {}; the engine tracked {}"_t,
                           value_text(c.at("claimed_before")), value_text(c.at("after")),
                           value_text(c.at("tracked_before")))) +
           capture_facts(c, lang) + captured_messages(c, lang);
  }
};

}  // namespace

extern const kind wrong_barrier_kind{
    .name = "wrong_barrier",
    .group = section::hazards,
    .params = {{.name = "name", .type = param_type::text},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "lesson 13's mistake, made harmless: a transition barrier that names `COPY_DEST` as its before state "
        "while the texture is in the state the engine tracked (refused when it really is in `COPY_DEST`), to "
        "`PIXEL_SHADER_RESOURCE`, executed and waited for between frames. What the runtime says meanwhile is "
        "captured, not counted",
    .records = {"tracked_before", "claimed_before", "after", "capture_available", "validation_layer", "messages",
                "reported", "reported_as_the_layer_predicts"},
    .control = std::nullopt,
    .make = make<wrong_barrier>};

}  // namespace xe::sandbox::actions
