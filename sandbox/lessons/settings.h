#pragma once
// The learner's settings: language, where they are in the lessons, which they finished.
// Written atomically; a corrupt file is reset with a message, never trusted.
#include <filesystem>
#include <set>
#include <string>

#include "lessons/lesson.h"

namespace xe::sandbox {

struct learner_settings {
  language lang{language::zh};
  std::string lesson;           // id of the lesson last open
  u32 step{0};                  // steps done in it
  std::set<std::string> completed;
};

// $XDG_CONFIG_HOME/xengine-sandbox/settings.json (or ~/.config/...), unless overridden.
std::filesystem::path default_settings_path();
// A missing file gives the defaults; a corrupt one gives the defaults and a message.
learner_settings load_settings(const std::filesystem::path& path, std::string* message);
result<void> save_settings(const std::filesystem::path& path, const learner_settings& settings);

} // namespace xe::sandbox
