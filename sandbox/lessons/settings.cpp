#include "lessons/settings.h"

#include <cstdlib>
#include <fstream>
#include <sstream>

#include <nlohmann/json.hpp>
#include <spdlog/fmt/fmt.h>

#include "snapshot/atomic_file.h"

namespace xe::sandbox {

std::filesystem::path default_settings_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  const char* appdata = std::getenv("APPDATA");
  std::filesystem::path base = xdg && *xdg ? xdg : home && *home ? std::filesystem::path{home} / ".config"
                                                 : appdata && *appdata ? appdata : ".";
  return base / "xengine-sandbox" / "settings.json";
}

learner_settings load_settings(const std::filesystem::path& path, std::string* message) {
  learner_settings s;
  std::ifstream in{path, std::ios::binary};
  if (!in) return s;
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json doc = nlohmann::json::parse(text.str(), nullptr, false);
  const auto reset = [&](const char* why) {
    if (message) *message = fmt::format("settings file '{}' was {}: it was reset", path.string(), why);
    return learner_settings{};
  };
  if (doc.is_discarded() || !doc.is_object()) return reset("not valid JSON");
  if (doc.value("version", 0) != 1) return reset("of another version");
  const std::string lang = doc.value("language", std::string{"zh"});
  if (lang != "zh" && lang != "en") return reset("naming an unknown language");
  s.lang = lang == "zh" ? language::zh : language::en;
  if (auto it = doc.find("lesson"); it != doc.end() && it->is_string()) s.lesson = it->get<std::string>();
  if (auto it = doc.find("step"); it != doc.end() && it->is_number_unsigned()) s.step = it->get<u32>();
  if (auto it = doc.find("completed"); it != doc.end() && it->is_array())
    for (const auto& id : *it)
      if (id.is_string()) s.completed.insert(id.get<std::string>());
  return s;
}

result<void> save_settings(const std::filesystem::path& path, const learner_settings& s) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  const nlohmann::json doc = {{"version", 1},
                              {"language", to_string(s.lang)},
                              {"lesson", s.lesson},
                              {"step", s.step},
                              {"completed", s.completed}};
  return write_file_atomic(path, doc.dump(2) + "\n");
}

} // namespace xe::sandbox
