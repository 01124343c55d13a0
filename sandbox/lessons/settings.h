#pragma once
// The learner's settings: language, where they are in the lessons, which they finished,
// which exercises they passed.
// Written atomically; a file that fails any check is reset with a message, never trusted.
#include <filesystem>
#include <set>
#include <string>

#include "lessons/lesson.h"

namespace xe::sandbox {

struct learner_settings {
  language lang{language::system_default()};  // the system's language until the learner chooses
  std::string lesson;                         // id of the lesson last open
  u32 step{0};                                // steps done in it
  std::set<std::string> completed;
  std::set<std::string> exercises;  // Build it yourself: the exercises whose grading passed

  bool operator==(const learner_settings&) const = default;
};

// $XDG_CONFIG_HOME/xengine-sandbox/settings.json (or ~/.config/...), unless overridden.
std::filesystem::path default_settings_path();
// The keeper's name settings files are written under (io/files.h keep_file): no other
// writer of the run (a script's snapshot, an export) may replace them.
inline constexpr const char* settings_keeper = "the settings file";
// Bounds on stored progress that keep every settings file the sandbox writes well under
// document_limits, so it always reads back (a lesson's id obeys the first, lesson.cpp).
inline constexpr size_t max_lesson_id_bytes = 100;
inline constexpr size_t max_completed_lessons = 1000;
inline constexpr size_t max_passed_exercises = 100;
// A missing file gives the defaults silently. Anything else that is not a valid settings
// file (not JSON, a wrong type, an unknown version or language, a folder, a FIFO) gives
// the defaults and a message naming the file and the JSON path at fault.
learner_settings load_settings(const std::filesystem::path& path, std::string* message);
result<void> save_settings(const std::filesystem::path& path, const learner_settings& settings);

// One run's view of a settings file that other instances may share. save() merges under a
// folder lock: finished lessons are the union of both; the language and the position are
// this run's only where this run changed them since load(). A failed save is logged once.
class settings_store {
public:
  explicit settings_store(std::filesystem::path path) : _path{std::move(path)} {}  // empty: keep nothing

  learner_settings load(std::string* message);
  void save(const learner_settings& current);
  const std::filesystem::path& path() const { return _path; }

private:
  std::filesystem::path _path;
  learner_settings _loaded;
  bool _save_failed_logged{false};
};

}  // namespace xe::sandbox
