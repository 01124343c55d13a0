#pragma once
// A learner's session with the lessons: the loaded chapters, the player, language and
// progress (kept in the settings file). The app applies the panel's requests between
// frames; the panel draws from lesson_view.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "lessons/lesson_player.h"
#include "lessons/settings.h"

namespace xe::sandbox {

enum class lesson_command : u8 { open, next, back, run_to_end, restart, set_language };

struct lesson_request {
  lesson_command command{};
  u32 lesson_index{};      // open
  language lang{};         // set_language
};

// Everything the lesson panel shows.
struct lesson_view {
  const std::vector<lesson>* lessons{};
  u32 current{};                          // index into lessons
  u32 steps_done{};
  language lang{};
  const std::set<std::string>* completed{};
  std::optional<nlohmann::json> answer;   // the last step's prediction answer
  const lesson_focus* focus{};            // the last step's focus
  std::string error;                      // the last failed step, verbatim
};

class lesson_session {
public:
  // settings_path empty: progress is not kept (headless plays, tests).
  lesson_session(lesson_host& host, std::vector<lesson> lessons, std::filesystem::path settings_path);

  // Opens a lesson by id or chapter prefix ("07" or "07-descriptor-heaps").
  result<void> open(std::string_view id);
  result<void> open_index(u32 index);
  // A panel request; a failing step is kept in the view's error, not returned.
  void apply(const lesson_request& request);
  result<step_outcome> next();

  lesson_view view() const;
  const lesson_player& player() const { return _player; }
  const lesson* current() const { return _player.current(); }
  const std::vector<lesson>& lessons() const { return _lessons; }
  // Every string the panel may show in one language (the font needs their glyphs).
  std::string all_text(language lang) const;
  language lang() const { return _settings.lang; }
  void set_language(language lang);
  // The focus of the step last run, if it has one.
  const lesson_focus* focus() const;
  // A message from loading the settings (a corrupt file was reset), once.
  std::string take_settings_message() { return std::exchange(_settings_message, {}); }

private:
  void save();

  lesson_host& _host;
  std::vector<lesson> _lessons;
  lesson_player _player;
  u32 _current{0};
  std::filesystem::path _settings_path;
  learner_settings _settings;
  std::string _settings_message;
  std::string _error;
};

// Finds a lesson by id or by chapter prefix; nullopt when none or several match.
std::optional<u32> find_lesson(const std::vector<lesson>& lessons, std::string_view id);

} // namespace xe::sandbox
