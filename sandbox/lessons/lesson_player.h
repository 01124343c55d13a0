#pragma once
// Plays one lesson against a host (the app): runs a step's actions through the shared
// action runner, checks its expectations, reads its prediction's answer. Back replays
// the chapter from its start on a fresh engine, so every state is the one the text
// describes.
#include <optional>

#include "lessons/lesson.h"
#include "script/runner.h"

namespace xe::sandbox {

class lesson_host {
public:
  virtual ~lesson_host() = default;
  virtual result<void> restart_engine() = 0;
  virtual action_runner& runner() = 0;
};

struct step_outcome {
  u32 step{};                           // 1-based
  std::optional<nlohmann::json> answer; // the prediction's answer, read from the engine
};

// Why the last step failed, kept so the panel can explain it in the learner's language.
struct step_failure {
  u32 step{};                                // 1-based
  std::string reason;                        // the full message (file, step, JSON path)
  std::optional<actions::expect> expectation;  // when an expectation did not hold
  std::optional<nlohmann::json> actual;        // what the engine had there (if anything)
};

class lesson_player {
public:
  explicit lesson_player(lesson_host& host) : _host{host} {}

  // A fresh engine, no step run yet.
  result<void> start(const lesson& l);
  // Runs the next step. Errors name the lesson file and the step. When the engine is not
  // at step steps_done() (a step failed part-way, or the learner changed it), the call
  // first replays the chapter to there on a fresh engine.
  result<step_outcome> next();
  // Back to the state before the last step run, or after a failure to the state before
  // the failed step (replays from the chapter's start).
  result<void> back();
  // The learner changed the engine outside the lesson's steps (stepped a frame, resized a
  // window...): the next step replays to step steps_done() first. what: for the panel.
  void note_engine_changed(const bilingual& what);

  const lesson* current() const { return _lesson; }
  u32 steps_done() const { return _done; }
  bool finished() const { return _lesson && _done == _lesson->steps.size(); }
  const std::optional<step_outcome>& last_outcome() const { return _last; }
  const std::optional<step_failure>& failure() const { return _failure; }  // the last step failed
  const std::optional<bilingual>& engine_changed() const { return _changed; }  // none: still at the step

private:
  result<step_outcome> run_step(const lesson_step& step);

  lesson_host& _host;
  const lesson* _lesson{nullptr};
  u32 _done{0};
  std::optional<step_failure> _failure;  // a step failed part-way: the engine is not at step _done
  std::optional<bilingual> _changed;     // the learner moved the engine away from step _done
  std::optional<step_outcome> _last;
};

} // namespace xe::sandbox
