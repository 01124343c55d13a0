#pragma once
// A learner's session with the lessons: the loaded chapters, the player, language and
// progress (kept in the settings file). The app applies the panel's requests between
// frames; the panel draws from lesson_view.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "lessons/glossary.h"
#include "lessons/lesson_player.h"
#include "lessons/wiki_sections.h"
#include "lessons/settings.h"

namespace xe::sandbox {

// your_turn: Build it yourself, the app's (it starts an exercise in the window).
enum class lesson_command : u8 { open, next, back, run_to_end, restart, retry, set_language, check, your_turn };

struct lesson_request {
  lesson_command command{};
  u32 lesson_index{};      // open
  language lang{};         // set_language
  std::string exercise{};  // your_turn: its id
};

// Build it yourself: an exercise of the open lesson (lessons/exercises/exercises.json).
struct lesson_exercise {
  std::string id;
  std::map<std::string, std::string> titles;  // by language code, "en" always
};

// --exercise in a window (docs/exercises.md): the learner's file, watched, and what its last
// build and grading said; the app fills it, the panel draws it.
struct learner_code_view {
  enum class work : u8 { watching, building, grading, playing };
  std::string exercise;              // "07-deferred-free"
  std::string file;                  // their file, absolute
  work now{};                        // what is being done with their last save
  bool passed{};                     // the last grading passed
  bool runs_in_engine{};             // their part can run in the engine (else it is graded only)
  bool in_engine{};                  // their code keeps the lesson's part now (else the engine's own does)
  std::string headline;              // the last result in a line ("does not build", "not yet: ...", "passed: ...")
  std::vector<std::string> details;  // compile errors (file:line:column: message), the grader's message, calls
  std::string timing;                // "saved -> replayed in 2.1 s (build 1.0, grading 0.6, lesson 0.5)"
  u32 reloads{};                     // times their code was reloaded into the engine
  // Once it passes: what the engine's own version does differently, by language code.
  const std::map<std::string, std::string>* engine_differs{};
};

// Everything the lesson panel shows.
struct lesson_view {
  const std::vector<lesson>* lessons{};
  u32 current{};  // index into lessons
  u32 steps_done{};
  bool started{};  // the lesson holds an engine of its own
  language lang{};
  const std::set<std::string>* completed{};
  std::optional<nlohmann::json> answer;            // the last step's prediction answer
  const nlohmann::json* records{};                 // what the last step's actions measured (step_outcome::records)
  const lesson_focus* focus{};                     // the last step's focus
  std::vector<u32> focus_cells;                    // its cells_before, as the step read them
  const step_failure* failure{};                   // the last step failed (Retry replays and runs it again)
  std::string error;                               // a failure that is not a step's (opening a lesson)
  std::optional<localized> engine_changed;         // the learner moved the engine away from the step
  std::optional<u32> replayed;                     // the last command replayed steps 1..N on a fresh engine
  const learner_code_view* code{};                 // --exercise in a window: their file and its last grading
  const std::vector<lesson_exercise>* own_turn{};  // the open lesson's exercises (the app's catalogue)
  const std::set<std::string>* exercises_done{};   // passed, from the settings
  const step_failure* feedback{};                  // the waiting exercise's last Check did not pass
  bool exercise_touched{};                         // the learner changed the engine since the exercise began
  const std::vector<lesson_player::learner_change>* exercise_did{};  // how (lesson_player::exercise_did)
  u32 exercise_passed{};            // the last step was an exercise the learner's Check passed: its checks
  const glossary* terms{};          // the Glossary tab (null: the folder has none)
  const wiki_sections* sections{};  // titles for the glossary's wiki references
  bool recorded{};                  // view_after(): shown from records while the engine replays to it
};

// Told about each step a learner runs (not replays), e.g. to print it.
class lesson_listener {
public:
  virtual ~lesson_listener() = default;
  virtual void step_starting(const lesson& l, const lesson_step& step) = 0;
  virtual void step_finished(const lesson& l, const lesson_step& step, const result<step_outcome>& outcome) = 0;
};

class lesson_session {
public:
  // settings_path empty: progress is not kept (headless plays, tests). listener may be null.
  lesson_session(lesson_host& host, std::vector<lesson> lessons, std::filesystem::path settings_path,
                 lesson_listener* listener = nullptr);

  // Opens a lesson by id or chapter prefix ("07" or "07-descriptor-heaps").
  result<void> open(std::string_view id);
  result<void> open_index(u32 index);
  // A panel request; a failing step is kept in the view, not returned. Next does nothing
  // while the last step has failed: Retry replays (visibly, on a fresh engine) and runs it.
  void apply(const lesson_request& request);
  result<step_outcome> next();
  // Checks the waiting exercise against the live engine (lesson_player::check); a pass is
  // reported like a step run, a miss stays in the view as feedback.
  result<step_outcome> check();
  // The open lesson replayed on a fresh engine to where the learner was (their code reloaded).
  result<void> replay();
  // Build it yourself: an exercise passed, kept in the progress.
  void note_exercise_passed(const std::string& id);
  // Whether a started lesson holds the engine (it advances only through steps).
  bool holds_engine() const { return _player.current() != nullptr; }
  void note_engine_changed(const localized& what, std::string_view control = {}) {
    _player.note_engine_changed(what, control);
  }

  lesson_view view() const;
  // Where a request that replays on a fresh engine leads: the steps done after it. Back,
  // Home (restart), and Next after the learner changed the engine or touched the exercise;
  // none for other requests (Retry), and when the lesson is not started or the request
  // would replay nothing.
  std::optional<u32> target_of(const lesson_request& request) const;
  // The view the request will leave (target_of), shown at once while the engine replays;
  // outcome: the target step's, as kept on the lesson's path (lesson_player::outcome_of;
  // null for step 0), pointed to by the view.
  lesson_view view_after(const lesson_request& request, const step_outcome* outcome) const;
  const lesson_player& player() const { return _player; }
  void set_keep_going(bool on) { _player.set_keep_going(on); }
  const lesson* current() const { return _player.current(); }
  const std::vector<lesson>& lessons() const { return _lessons; }
  const glossary* terms() const { return _glossary ? &*_glossary : nullptr; }
  // Every string the panel may show in one language, and in every CJK language together
  // (the font needs their glyphs).
  std::string all_text(language lang) const;
  std::string cjk_text() const;
  language lang() const { return _settings.lang; }
  void set_language(language lang);
  // The focus of the step last run, if it has one.
  const lesson_focus* focus() const { return focus_at(_player.steps_done()); }
  // A message from loading the settings (a corrupt file was reset), once.
  std::string take_settings_message() { return std::exchange(_settings_message, {}); }

private:
  void save();
  void load_data_files();
  const lesson_focus* focus_at(u32 steps_done) const;

  lesson_host& _host;
  lesson_listener* _listener;
  std::vector<lesson> _lessons;
  std::optional<wiki_sections> _sections;  // the lessons folder's data files (load_lessons checked them)
  std::optional<glossary> _glossary;
  lesson_player _player;
  std::optional<u32> _replayed;
  u32 _current{0};
  settings_store _store;
  learner_settings _settings;
  std::string _settings_message;
  std::string _error;
};

// Finds a lesson by id or by chapter prefix; nullopt when none or several match.
std::optional<u32> find_lesson(const std::vector<lesson>& lessons, std::string_view id);

}  // namespace xe::sandbox
