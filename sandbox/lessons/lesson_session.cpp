#include "lessons/lesson_session.h"

#include <spdlog/fmt/fmt.h>

#include "common/log.h"

namespace xe::sandbox {

std::optional<u32> find_lesson(const std::vector<lesson>& lessons, std::string_view id) {
  std::optional<u32> found;
  for (u32 i = 0; i < lessons.size(); ++i) {
    const std::string& name = lessons[i].id;
    if (name == id) return i;
    const bool prefix = !id.empty() && name.size() > id.size() && name.compare(0, id.size(), id) == 0 &&
                        name[id.size()] == '-';
    if (prefix) {
      if (found) return std::nullopt;  // ambiguous
      found = i;
    }
  }
  return found;
}

lesson_session::lesson_session(lesson_host& host, std::vector<lesson> lessons, std::filesystem::path settings_path)
    : _host{host}, _lessons{std::move(lessons)}, _player{host}, _settings_path{std::move(settings_path)} {
  if (!_settings_path.empty()) _settings = load_settings(_settings_path, &_settings_message);
  _current = find_lesson(_lessons, _settings.lesson).value_or(0);  // the panel opens where the learner was
}

result<void> lesson_session::open(std::string_view id) {
  const auto index = find_lesson(_lessons, id);
  if (!index) {
    std::string known;
    for (const lesson& l : _lessons) known += (known.empty() ? "" : ", ") + l.id;
    return make_error(errc::invalid_argument, fmt::format("no lesson '{}' (lessons: {})", id, known));
  }
  return open_index(*index);
}

result<void> lesson_session::open_index(u32 index) {
  if (index >= _lessons.size()) return make_error(errc::invalid_argument, fmt::format("no lesson #{}", index));
  _current = index;
  _error.clear();
  XE_TRY(_player.start(_lessons[index]));
  _settings.lesson = _lessons[index].id;
  _settings.step = 0;
  save();
  return {};
}

result<step_outcome> lesson_session::next() {
  auto outcome = _player.next();
  if (!outcome) return outcome;
  _settings.step = _player.steps_done();
  if (_player.finished()) _settings.completed.insert(_player.current()->id);
  save();
  return outcome;
}

void lesson_session::set_language(language lang) {
  _settings.lang = lang;
  save();
}

void lesson_session::apply(const lesson_request& request) {
  result<void> r{};
  // Stepping a lesson not started yet starts it (a fresh engine) first.
  const bool steps = request.command == lesson_command::next || request.command == lesson_command::run_to_end;
  if (steps && !_player.current()) r = open_index(_current);
  switch (request.command) {
    case lesson_command::open: r = open_index(request.lesson_index); break;
    case lesson_command::restart: r = open_index(_current); break;
    case lesson_command::set_language: set_language(request.lang); return;
    case lesson_command::next: {
      if (!r) break;
      auto n = next();
      if (!n) r = std::move(n).error_value();
      break;
    }
    case lesson_command::back:
      r = _player.back();
      _settings.step = _player.steps_done();
      save();
      break;
    case lesson_command::run_to_end:
      while (r && !_player.finished()) {
        auto n = next();
        if (!n) r = std::move(n).error_value();
      }
      break;
  }
  _error = r ? std::string{} : r.error_value().reason;
  if (!r) XE_LOG_ERROR("{}", _error);
}

const lesson_focus* lesson_session::focus() const {
  const lesson* l = _player.current();
  if (!l || _player.steps_done() == 0) return nullptr;
  const auto& focus = l->steps[_player.steps_done() - 1].focus;
  return focus ? &*focus : nullptr;
}

std::string lesson_session::all_text(language lang) const {
  std::string out;
  const auto add = [&](const bilingual& b) { out += b.in(lang); };
  for (const lesson& l : _lessons) {
    add(l.title);
    add(l.summary);
    for (const lesson_step& s : l.steps) {
      add(s.title);
      add(s.text);
      if (!s.predict) continue;
      add(s.predict->question);
      for (const choice& c : s.predict->choices)
        if (c.label) add(*c.label);
    }
  }
  return out;
}

lesson_view lesson_session::view() const {
  lesson_view v;
  v.lessons = &_lessons;
  v.current = _current;
  v.steps_done = _player.steps_done();
  v.lang = _settings.lang;
  v.completed = &_settings.completed;
  if (_player.last_outcome() && _player.last_outcome()->step == _player.steps_done())
    v.answer = _player.last_outcome()->answer;
  v.focus = focus();
  v.error = _error;
  return v;
}

void lesson_session::save() {
  if (_settings_path.empty()) return;
  if (auto r = save_settings(_settings_path, _settings); !r)
    XE_LOG_WARN("progress not saved: {}", r.error_value().reason);
}

} // namespace xe::sandbox
