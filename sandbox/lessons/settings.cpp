#include "lessons/settings.h"

#include <algorithm>
#include <cstdlib>

#include <nlohmann/json.hpp>
#include <spdlog/fmt/fmt.h>

#include "common/log.h"
#include "io/files.h"
#include "io/json_input.h"
#include "lessons/lesson_json.h"

namespace xe::sandbox {

using nlohmann::json;

std::filesystem::path default_settings_path() {
  const char* xdg = std::getenv("XDG_CONFIG_HOME");
  const char* home = std::getenv("HOME");
  const char* appdata = std::getenv("APPDATA");
  std::filesystem::path base = xdg && *xdg           ? xdg
                               : home && *home       ? std::filesystem::path{home} / ".config"
                               : appdata && *appdata ? appdata
                                                     : ".";
  return base / "xengine-sandbox" / "settings.json";
}

namespace {

// Why doc is not a version-1 settings document, naming the JSON path; empty when it is.
std::string check_settings(const json& doc) {
  if (!doc.is_object()) return fmt::format("/ must be an object, got {}", brief(doc));
  const auto version = doc.find("version");
  if (version == doc.end()) return "/version is missing";
  if (!version->is_number_integer() || version->get<s64>() != 1)
    return fmt::format("/version must be 1 (this sandbox's format), got {}", brief(*version));
  if (auto it = doc.find("language");
      it != doc.end() && (!it->is_string() || !language::from_code(it->get_ref<const std::string&>())))
    return fmt::format("/language must be one of the catalogue's languages ({}), got {}", lesson_json::language_codes(),
                       brief(*it));
  const auto lesson_id = [](const json& v) {
    return v.is_string() && v.get_ref<const std::string&>().size() <= max_lesson_id_bytes;
  };
  if (auto it = doc.find("lesson"); it != doc.end() && !lesson_id(*it))
    return fmt::format("/lesson must be a lesson id (a string of at most {} bytes), got {}", max_lesson_id_bytes,
                       brief(*it));
  if (auto it = doc.find("step"); it != doc.end() && (!it->is_number_unsigned() || it->get<u64>() > 1'000'000))
    return fmt::format("/step must be a step count 0..1000000, got {}", brief(*it));
  // Finished lessons and passed exercises: ids, as many as a file may hold.
  const struct {
    const char* name;
    const char* what;
    size_t most;
  } lists[] = {{"completed", "lesson", max_completed_lessons}, {"exercises", "exercise", max_passed_exercises}};
  for (const auto& list : lists)
    if (auto it = doc.find(list.name); it != doc.end()) {
      if (!it->is_array())
        return fmt::format("/{} must be an array of {} ids, got {}", list.name, list.what, brief(*it));
      if (it->size() > list.most)
        return fmt::format("/{} holds {} {} ids, more than {}", list.name, it->size(), list.what, list.most);
      for (size_t i = 0; i < it->size(); ++i)
        if (!lesson_id((*it)[i]))
          return fmt::format("/{}/{} must be {} id (a string of at most {} bytes), got {}", list.name, i,
                             list.what[0] == 'e' ? "an exercise" : "a lesson", max_lesson_id_bytes, brief((*it)[i]));
    }
  return {};
}

}  // namespace

learner_settings load_settings(const std::filesystem::path& path, std::string* message) {
  learner_settings s;
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return s;  // a first run
  const auto reset = [&](const std::string& why) {
    if (message) *message = fmt::format("{} (the settings were reset)", why);
    return learner_settings{};
  };
  auto doc = read_json_file(path, "settings file", document_limits);
  if (!doc) return reset(doc.error_value().reason);
  if (const std::string why = check_settings(*doc); !why.empty())
    return reset(fmt::format("settings file '{}': {}", path.string(), why));
  if (auto it = doc->find("language"); it != doc->end()) s.lang = language::from_code(it->get<std::string>()).value();
  s.lesson = doc->value("lesson", std::string{});
  s.step = static_cast<u32>(doc->value("step", u64{0}));
  if (auto it = doc->find("completed"); it != doc->end())
    for (const auto& id : *it) s.completed.insert(id.get<std::string>());
  if (auto it = doc->find("exercises"); it != doc->end())
    for (const auto& id : *it) s.exercises.insert(id.get<std::string>());
  return s;
}

result<void> save_settings(const std::filesystem::path& path, const learner_settings& s) {
  std::error_code ec;
  if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ec);
  // Only what load_settings accepts is written, so a saved file always reads back.
  const auto fits = [](const std::string& id) { return id.size() <= max_lesson_id_bytes; };
  const auto ids = [&](const std::set<std::string>& all, size_t most) {
    json out = json::array();
    for (const std::string& id : all)
      if (fits(id) && out.size() < most) out.push_back(id);
    return out;
  };
  const json doc = {{"version", 1},
                    {"language", s.lang.code()},
                    {"lesson", fits(s.lesson) ? s.lesson : std::string{}},
                    {"step", std::min<u32>(s.step, 1'000'000)},
                    {"completed", ids(s.completed, max_completed_lessons)},
                    {"exercises", ids(s.exercises, max_passed_exercises)}};
  return write_file_atomic(path, doc.dump(2) + "\n", settings_keeper);
}

learner_settings settings_store::load(std::string* message) {
  _loaded = _path.empty() ? learner_settings{} : load_settings(_path, message);
  return _loaded;
}

void settings_store::save(const learner_settings& current) {
  if (_path.empty()) return;
  std::error_code ec;
  const std::filesystem::path folder = _path.has_parent_path() ? _path.parent_path() : std::filesystem::path{"."};
  std::filesystem::create_directories(folder, ec);
  const folder_lock lock{folder};
  // What other instances wrote since this one loaded the file, then this one's changes.
  learner_settings merged = load_settings(_path, nullptr);
  if (current.lang != _loaded.lang) merged.lang = current.lang;
  if (current.lesson != _loaded.lesson || current.step != _loaded.step) {
    merged.lesson = current.lesson;
    merged.step = current.step;
  }
  merged.completed.insert(current.completed.begin(), current.completed.end());
  merged.exercises.insert(current.exercises.begin(), current.exercises.end());
  if (auto r = save_settings(_path, merged); !r) {
    if (!std::exchange(_save_failed_logged, true)) XE_LOG_WARN("progress not saved: {}", r.error_value().reason);
    return;
  }
  _save_failed_logged = false;  // a later failure is news again
}

}  // namespace xe::sandbox
