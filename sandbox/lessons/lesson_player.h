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
  u32 step{};                                         // 1-based
  std::optional<nlohmann::json> answer;               // the prediction's answer, read from the engine
  bool checked{};                                     // an exercise the learner solved (Check), not a played solution
  bool unchecked{};                                   // its hazard checks held only because no validation layer ran
  nlohmann::json records = nlohmann::json::object();  // what the step's actions measured: /checks/AS by AS
  std::vector<u32> focus_cells{};                     // the focus's cells_before, as read before the step
};

// Why the last step failed, kept so the panel can explain it in the learner's language.
struct step_failure {
  u32 step{};                                  // 1-based
  std::string reason;                          // the full message (file, step, JSON path)
  std::optional<actions::expect> expectation;  // when an expectation did not hold
  std::optional<nlohmann::json> actual;        // what the engine had there (if anything)
};

class lesson_player {
public:
  explicit lesson_player(lesson_host& host) : _host{host} {}

  // A fresh engine, no step run yet.
  result<void> start(const lesson& l);
  // Runs the next step. Errors name the lesson file and the step. When the engine is not
  // at step steps_done() (next_replays: a step failed part-way, the learner changed it or
  // touched the exercise), the call first replays the chapter to there on a fresh engine.
  result<step_outcome> next();
  // Back to the state before the last step run, or after a failure to the state before
  // the failed step (replays from the chapter's start).
  result<void> back();
  // The chapter replayed on a fresh engine to the steps done (before a failed step): the
  // learner's code was reloaded, and the lesson goes on from where they were.
  result<void> replay();
  // The learner changed the engine outside the lesson's steps (stepped a frame, resized a
  // window...): the next step replays to step steps_done() first. what: for the panel.
  // While an exercise waits, changes are the learner's work: Check looks at them, and Next
  // (which plays the solution) first replays to where the exercise began.
  // control: the Controls' action kind it came from ("set_gpu_load"), empty for other changes;
  // a slider dragged through values counts once, at its last.
  void note_engine_changed(const localized& what, std::string_view control = {});
  // The next step is an exercise ("Your turn").
  bool at_exercise() const;
  // next() starts the engine again and replays the steps done first: after a failure, a
  // change of the learner's, or at an exercise they touched.
  bool next_replays() const { return (_failure && !_keep_going) || _changed || (at_exercise() && _touched); }
  // Checks the exercise's expectations against the live engine, measured from the state
  // when it began. Passing completes the step; failing leaves the engine and the lesson
  // as they are and keeps the reason in exercise_feedback().
  result<step_outcome> check();
  const std::optional<step_failure>& exercise_feedback() const { return _feedback; }
  bool exercise_touched() const { return _touched; }
  // What the learner did since the waiting exercise began, in order, with how many times in
  // a row: shown beside a Check that did not pass.
  struct learner_change {
    std::string control;
    localized what;
    u32 times{1};
  };
  const std::vector<learner_change>& exercise_did() const { return _did; }

  const lesson* current() const { return _lesson; }
  u32 steps_done() const { return _done; }
  // The fault matrix's way through a lesson: a failed step counts as done and the next one
  // runs on the engine as it left it (no replay), so every step's checks are tried.
  void set_keep_going(bool on) { _keep_going = on; }
  bool finished() const { return _lesson && _done == _lesson->steps.size(); }
  const std::optional<step_outcome>& last_outcome() const { return _last; }
  // What back() would leave done (none: it does nothing).
  std::optional<u32> back_target() const;
  // The engine is where playing steps 1..steps_done() on a fresh engine leaves it: no
  // change of the learner's, no exercise passed their way, no failure. A replay to here
  // brings it back to this very state, so a record of it can stand in while one runs.
  bool on_played_path() const { return _lesson && _played && !_failure && !_changed; }
  // Step n's (1-based) outcome when it last ran since start() on the played path; null otherwise.
  const step_outcome* outcome_of(u32 n) const {
    return n >= 1 && n <= _outcomes.size() && _outcomes[n - 1] ? &*_outcomes[n - 1] : nullptr;
  }
  const std::optional<step_failure>& failure() const { return _failure; }      // the last step failed
  const std::optional<localized>& engine_changed() const { return _changed; }  // none: still at the step

private:
  result<step_outcome> run_step(const lesson_step& step);
  result<void> replay_to(u32 target);  // a fresh engine, then steps 1..target
  void arm_exercise();                 // the exercise (if the next step is one) begins now
  void keep_outcome();                 // _last, as step _done's (on the played path)

  lesson_host& _host;
  const lesson* _lesson{nullptr};
  u32 _done{0};
  std::optional<step_failure> _failure;  // a step failed part-way: the engine is not at step _done
  std::optional<localized> _changed;     // the learner moved the engine away from step _done
  std::string _changed_control;          // the Controls' action kind of that first change, if any
  std::optional<step_outcome> _last;
  std::vector<std::optional<step_outcome>> _outcomes;  // by step, since start()
  bool _played{false};                                 // on_played_path, but for failures and changes
  std::optional<nlohmann::json> _exercise_start;       // the state when the waiting exercise began
  bool _touched{false};                                // the learner changed the engine since
  std::vector<learner_change> _did;                    // ... and how (exercise_did)
  bool _keep_going{false};
  std::optional<step_failure> _feedback;  // the last Check that did not pass
};

}  // namespace xe::sandbox
