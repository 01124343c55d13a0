// race: two threads on a private heap of the engine's or the wiki's code (wiki 7.8).
#include "graphics/lab.h"
#include "script/action.h"
#include "script/report.h"
#include "script/runner.h"

namespace xe::sandbox::actions {
namespace {

class race final : public action {
public:
  using action::action;
  result<void> run(action_runner& runner) const override {
    const gfx::heap_model model = *gfx::heap_model_from(params().text("model"));
    XE_TRY_ASSIGN(const gfx::lab::heap_race_report r, gfx::lab::race_heap({model, params().integer("iterations")}));
    runner.record(records_as(), {{"model", gfx::to_string(model)},
                                 {"rounds", r.rounds},
                                 {"landed_inside", r.landed_inside},
                                 {"iterations", r.iterations},
                                 {"final_size", r.final_size},
                                 {"duplicates", r.duplicates},
                                 {"faults", r.faults},
                                 {"damage", r.damage},
                                 {"sound", r.damage == 0},
                                 {"ms", r.ms}});
    return {};
  }
  std::string report(const nlohmann::json& c, language lang) const override {
    using namespace report;
    return fact_line(textf(
               lang,
               "two threads, {} heap: in {} timed rounds, {} allocate() call(s) landed between the render thread's read and write of _size; then {} free-running rounds. The check: {}"_t,
               value_text(c.at("model")), c.at("rounds").dump(), c.at("landed_inside").dump(),
               c.at("iterations").dump(), c.value("sound", false) ? text(lang, "sound"_t) : text(lang, "damaged"_t))) +
           measured_line(textf(
               lang, "measured: final _size {}, duplicate indices {}, out-of-bounds stopped {}, damage {}, {:.1f} ms"_t,
               c.at("final_size").dump(), c.at("duplicates").dump(), c.at("faults").dump(), c.at("damage").dump(),
               c.value("ms", 0.0)));
  }
};

}  // namespace

extern const kind race_kind{
    .name = "race",
    .group = section::descriptors,
    .params = {{.name = "model", .type = param_type::choice, .choices = {"engine", "wiki"}},
               {.name = "iterations",
                .type = param_type::integer,
                .required = false,
                .min = 1,
                .max = max_count,
                .fallback = 10'000},
               {.name = "as", .type = param_type::text, .about = "a label"}},
    .summary =
        "two threads on a private heap of that model (wiki 7.8): 4 timed rounds in which the render thread, "
        "between reading and writing `_size`, lets the loader call `allocate()`, then free-running "
        "allocate/free against processing. A sound heap ends with `_size` 0 and each index once",
    .records = {"model", "rounds", "landed_inside", "iterations", "final_size", "duplicates", "faults", "damage",
                "sound", "ms"},
    .control = std::nullopt,
    .make = make<race>};

}  // namespace xe::sandbox::actions
