#include "lessons/lesson_player.h"

#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "graphics/renderer.h"
#include "io/json_input.h"

namespace xe::sandbox {

result<void> lesson_player::start(const lesson& l) {
  _lesson = &l;
  _done = 0;
  _failure.reset();
  _changed.reset();
  _last.reset();
  _outcomes.clear();
  _played = false;
  XE_TRY(_host.restart_engine());
  _played = true;
  arm_exercise();
  return {};
}

bool lesson_player::at_exercise() const { return _lesson && !finished() && _lesson->steps[_done].exercise.has_value(); }

void lesson_player::arm_exercise() {
  _touched = false;
  _did.clear();
  _feedback.reset();
  _exercise_start.reset();
  if (at_exercise()) _exercise_start = _host.runner().evaluation_document();
}

void lesson_player::note_engine_changed(const localized& what, std::string_view control) {
  _played = false;
  if (at_exercise() && !_failure && !_changed) {
    _touched = true;
    _feedback.reset();
    if (!_did.empty() && _did.back().what.texts == what.texts)
      ++_did.back().times;
    else if (!_did.empty() && !control.empty() && _did.back().control == control && control.starts_with("set_"))
      _did.back().what = what;
    else
      _did.push_back({std::string{control}, what});
    return;
  }
  // The first change is the one named; a slider dragged on through values, at its last.
  if (!_lesson) return;
  if (!_changed) {
    _changed = what;
    _changed_control = control;
  } else if (!control.empty() && control == _changed_control && control.starts_with("set_")) {
    _changed = what;
  }
}

result<step_outcome> lesson_player::check() {
  if (!at_exercise()) return make_error(errc::invalid_argument, "the next step is not an exercise");
  const lesson_step& step = _lesson->steps[_done];
  const nlohmann::json state = _host.runner().evaluation_document();
  for (const actions::expect& e : step.expect)
    if (auto why = actions::check_expect(state, e, _exercise_start ? &*_exercise_start : nullptr)) {
      _feedback = step_failure{step.number,
                               fmt::format("lesson '{}': step {} (\"{}\"): {}", _lesson->source, step.number,
                                           step.title.in(language::english()), *why),
                               e, std::nullopt};
      if (const nlohmann::json* actual = find_at(state, e.pointer)) _feedback->actual = *actual;
      return make_error(errc::invalid_argument, _feedback->reason);
    }
  ++_done;
  _last = step_outcome{step.number, std::nullopt, true};
  _played = false;  // their way to the step's state, not the solution's
  keep_outcome();
  arm_exercise();
  return *_last;
}

result<step_outcome> lesson_player::run_step(const lesson_step& step) {
  const auto failed = [&](const std::string& why) {
    _failure = step_failure{step.number,
                            fmt::format("lesson '{}': step {} (\"{}\"): {}", _lesson->source, step.number,
                                        step.title.in(language::english()), why),
                            std::nullopt, std::nullopt};
    return make_error(errc::invalid_argument, _failure->reason);
  };
  action_runner& runner = _host.runner();
  // Changes are measured against the state before the step's first action.
  const bool needs_before =
      std::any_of(step.expect.begin(), step.expect.end(), [](const auto& e) { return e.needs_before(); }) ||
      (step.predict && step.predict->from == prediction::source::change) ||
      (step.focus && !step.focus->cells_before.empty());
  const nlohmann::json before = needs_before ? runner.evaluation_document() : nlohmann::json{};
  // An exercise played (Next, --play, tests) performs its solution: what the Controls would do.
  for (const actions::step& action : step.exercise ? step.exercise->solution : step.actions)
    if (auto r = runner.run(action); !r) return failed(r.error_value().reason);
  const nlohmann::json state = runner.evaluation_document();
  for (const actions::expect& e : step.expect)
    if (auto why = actions::check_expect(state, e, needs_before ? &before : nullptr)) {
      auto error = failed(*why);
      _failure->expectation = e;
      if (const nlohmann::json* actual = find_at(state, e.pointer)) _failure->actual = *actual;
      return error;
    }
  step_outcome outcome{step.number, std::nullopt};
  if (step.focus && !step.focus->cells_before.empty()) {
    const nlohmann::json* cells = find_at(before, step.focus->cells_before_at);
    if (!cells || !cells->is_array())
      return failed("the focus's cells_before " + step.focus->cells_before + " is not a list before the step");
    for (const nlohmann::json& index : *cells) {
      if (!index.is_number_unsigned() || index.get<u64>() > 0xFFFF'FFFEu)
        return failed("the focus's cells_before " + step.focus->cells_before + " holds " + index.dump() +
                      ", not an index");
      outcome.focus_cells.push_back(index.get<u32>());
    }
  }
  if (const auto checks = state.find("checks"); checks != state.end() && checks->is_object())
    for (const actions::step& action : step.exercise ? step.exercise->solution : step.actions)
      if (const auto c = checks->find(std::string{action.what->records_as()}); c != checks->end())
        outcome.records[c.key()] = *c;
  // A hazard check ("no validation error", "reported as the layer predicts") holds by
  // definition when no layer looks: such a step is not checked, and says so.
  outcome.unchecked =
      !gfx::validation_layer_on() && std::any_of(step.expect.begin(), step.expect.end(), [](const auto& e) {
        return e.path.rfind("/validation", 0) == 0 ||
               e.path.find("reported_as_the_layer_predicts") != std::string::npos;
      });
  if (step.predict) {
    const prediction& p = *step.predict;
    if (p.from == prediction::source::fact) {
      outcome.answer = p.fact;
    } else {
      const nlohmann::json* answer = find_at(state, p.answer);
      if (!answer) return failed("the prediction's answer " + p.answer_path + " does not exist");
      outcome.answer = *answer;
      if (p.from == prediction::source::change) {
        const nlohmann::json* earlier = find_at(before, p.answer);
        if (!earlier) return failed("the prediction's answer " + p.answer_path + " did not exist before the step");
        auto change = actions::numeric_change(*earlier, *outcome.answer);
        if (!change) return failed("the prediction's answer " + p.answer_path + " is not a number");
        outcome.answer = std::move(*change);
      }
    }
    const auto& choices = step.predict->choices;
    if (std::none_of(choices.begin(), choices.end(), [&](const choice& c) { return c.value == *outcome.answer; }))
      return failed(
          fmt::format("the engine's answer {} is not among the prediction's choices", outcome.answer->dump()));
  }
  return outcome;
}

result<step_outcome> lesson_player::next() {
  if (!_lesson) return make_error(errc::invalid_argument, "no lesson started");
  if (finished()) return make_error(errc::invalid_argument, "the lesson has no more steps");
  if (_keep_going) _failure.reset();
  if (next_replays()) {
    const u32 target = _done;
    XE_TRY(start(*_lesson));
    while (_done < target) XE_TRY(next());
  }
  auto outcome = run_step(_lesson->steps[_done]);
  if (!outcome) {
    if (_keep_going) {
      ++_done;
      arm_exercise();
    }
    return outcome;
  }
  ++_done;
  _last = *outcome;
  keep_outcome();
  arm_exercise();
  return outcome;
}

void lesson_player::keep_outcome() {
  if (_outcomes.size() < _done) _outcomes.resize(_done);
  _outcomes[_done - 1] = _played ? _last : std::nullopt;  // off the path it is not the lesson's
}

std::optional<u32> lesson_player::back_target() const {
  if (!_lesson || (_done == 0 && !_failure)) return std::nullopt;
  return _failure ? _done : _done - 1;
}

result<void> lesson_player::back() {
  const std::optional<u32> target = back_target();
  return target ? replay_to(*target) : result<void>{};
}

result<void> lesson_player::replay() {
  if (!_lesson) return {};
  return replay_to(_done);
}

result<void> lesson_player::replay_to(u32 target) {
  XE_TRY(start(*_lesson));
  while (_done < target) {
    XE_TRY_ASSIGN(auto r, next());
  }
  return {};
}

}  // namespace xe::sandbox
