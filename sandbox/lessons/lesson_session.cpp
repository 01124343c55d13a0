#include "lessons/lesson_session.h"

#include <spdlog/fmt/fmt.h>

#include "common/log.h"

namespace xe::sandbox {

std::optional<u32> find_lesson(const std::vector<lesson>& lessons, std::string_view id) {
  std::optional<u32> found;
  for (u32 i = 0; i < lessons.size(); ++i) {
    const std::string& name = lessons[i].id;
    if (name == id) return i;
    const bool prefix =
        !id.empty() && name.size() > id.size() && name.compare(0, id.size(), id) == 0 && name[id.size()] == '-';
    if (prefix) {
      if (found) return std::nullopt;  // ambiguous
      found = i;
    }
  }
  return found;
}

lesson_session::lesson_session(lesson_host& host, std::vector<lesson> lessons, std::filesystem::path settings_path,
                               lesson_listener* listener)
    : _host{host}, _listener{listener}, _lessons{std::move(lessons)}, _player{host}, _store{std::move(settings_path)} {
  _settings = _store.load(&_settings_message);
  load_data_files();
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
  const lesson* l = _player.current();
  if (!l) return make_error(errc::invalid_argument, "no lesson started");
  if (_player.finished()) return make_error(errc::invalid_argument, "the lesson has no more steps");
  const bool replays = _player.next_replays();
  const u32 at = _player.steps_done();
  const lesson_step& step = l->steps[at];
  if (_listener) _listener->step_starting(*l, step);
  auto outcome = _player.next();
  if (replays && at > 0) _replayed = at;
  if (_listener) _listener->step_finished(*l, step, outcome);
  if (!outcome) return outcome;
  _settings.step = _player.steps_done();
  if (_player.finished()) _settings.completed.insert(_player.current()->id);
  save();
  return outcome;
}

result<step_outcome> lesson_session::check() {
  const lesson* l = _player.current();
  if (!l || !_player.at_exercise() || _player.failure() || _player.engine_changed())
    return make_error(errc::invalid_argument, "no exercise is waiting");
  const lesson_step& step = l->steps[_player.steps_done()];
  auto outcome = _player.check();
  if (!outcome) return outcome;
  if (_listener) {
    _listener->step_starting(*l, step);
    _listener->step_finished(*l, step, outcome);
  }
  _settings.step = _player.steps_done();
  if (_player.finished()) _settings.completed.insert(l->id);
  save();
  return outcome;
}

void lesson_session::set_language(language lang) {
  _settings.lang = lang;
  save();
}

void lesson_session::apply(const lesson_request& request) {
  if (request.command == lesson_command::set_language) return set_language(request.lang);
  // A failed step waits for Retry (or Back, or another lesson): Next would replay silently.
  const bool steps = request.command == lesson_command::next || request.command == lesson_command::run_to_end;
  if (steps && _player.failure()) return;
  _replayed.reset();
  result<void> r{};
  // Stepping a lesson not started yet starts it (a fresh engine) first.
  if (steps && !_player.current()) r = open_index(_current);
  const auto run_next = [&] {
    auto n = next();
    if (!n) r = std::move(n).error_value();
  };
  switch (request.command) {
    case lesson_command::open: r = open_index(request.lesson_index); break;
    case lesson_command::restart: r = open_index(_current); break;
    case lesson_command::set_language: break;
    case lesson_command::next:
      if (r && !_player.finished()) run_next();
      break;
    case lesson_command::retry:
      if (_player.failure()) run_next();
      break;
    case lesson_command::back:
      if (_player.steps_done() > 0 || _player.failure()) {
        r = _player.back();
        if (_player.steps_done() > 0) _replayed = _player.steps_done();
      }
      _settings.step = _player.steps_done();
      save();
      break;
    case lesson_command::run_to_end:
      while (r && !_player.finished()) run_next();
      break;
    case lesson_command::check:
      (void)check();  // a miss is feedback in the view, not an error
      break;
    case lesson_command::your_turn: break;  // the app's
  }
  // A step's failure is shown from the player's record; anything else here.
  _error = r || _player.failure() ? std::string{} : r.error_value().reason;
  if (!r) XE_LOG_ERROR("{}", r.error_value().reason);
}

result<void> lesson_session::replay() {
  _replayed.reset();
  result<void> r = _player.replay();
  if (r && _player.steps_done() > 0) _replayed = _player.steps_done();
  _error = r ? std::string{} : r.error_value().reason;
  return r;
}

void lesson_session::note_exercise_passed(const std::string& id) {
  if (_settings.exercises.insert(id).second) save();
}

const lesson_focus* lesson_session::focus_at(u32 done) const {
  const lesson* l = _player.current();
  if (!l) return nullptr;
  // A waiting exercise brings forward the panel it is about; otherwise the last step run.
  if (done < l->steps.size() && l->steps[done].exercise && l->steps[done].focus) return &*l->steps[done].focus;
  if (done == 0) return nullptr;
  const auto& focus = l->steps[done - 1].focus;
  return focus ? &*focus : nullptr;
}

std::string lesson_session::all_text(language lang) const {
  std::string out;
  const auto add = [&](const localized& b) { out += b.in(lang); };
  for (const lesson& l : _lessons) {
    add(l.title);
    add(l.summary);
    for (const lesson_step& s : l.steps) {
      add(s.title);
      add(s.text);
      for (const wiki_ref& w : s.wiki) add(w.title);
      if (s.exercise) add(s.exercise->task);
      if (!s.predict) continue;
      add(s.predict->question);
      for (const choice& c : s.predict->choices)
        if (c.label) add(*c.label);
    }
  }
  if (_glossary)
    for (const glossary_term& t : _glossary->terms) {
      add(t.term);
      add(t.definition);
      for (const std::string& spelling : t.also_in(lang)) out += spelling;
    }
  if (_sections)
    for (const wiki_section& s : _sections->sections) add(s.title);
  return out;
}

std::string lesson_session::cjk_text() const {
  std::string out;
  for (language lang : languages())
    if (lang.cjk()) out += all_text(lang);
  return out;
}

lesson_view lesson_session::view() const {
  lesson_view v;
  v.lessons = &_lessons;
  v.current = _current;
  v.steps_done = _player.steps_done();
  v.lang = _settings.lang;
  v.completed = &_settings.completed;
  v.exercises_done = &_settings.exercises;
  if (_player.last_outcome() && _player.last_outcome()->step == _player.steps_done()) {
    v.answer = _player.last_outcome()->answer;
    v.records = &_player.last_outcome()->records;
  }
  v.focus = focus();
  if (v.records && v.focus && v.focus == &*_player.current()->steps[v.steps_done - 1].focus)
    v.focus_cells = _player.last_outcome()->focus_cells;  // the cells_before of the step shown
  v.started = _player.current() != nullptr;
  v.failure = _player.failure() ? &*_player.failure() : nullptr;
  v.error = _error;
  v.engine_changed = _player.engine_changed();
  v.replayed = _replayed;
  v.terms = terms();
  v.feedback = _player.exercise_feedback() ? &*_player.exercise_feedback() : nullptr;
  v.exercise_touched = _player.exercise_touched();
  v.exercise_did = &_player.exercise_did();
  if (v.records && _player.last_outcome()->checked)
    v.exercise_passed = static_cast<u32>(_player.current()->steps[v.steps_done - 1].expect.size());
  v.sections = _sections ? &*_sections : nullptr;
  return v;
}

std::optional<u32> lesson_session::target_of(const lesson_request& request) const {
  if (!_player.current()) return std::nullopt;
  if (request.command == lesson_command::back) return _player.back_target();
  if (request.command == lesson_command::restart) return 0u;
  // Next after the learner changed the engine (or touched the exercise) starts it again and
  // replays to the next step. After a failure Next does nothing (apply): Retry replays, and
  // may fail again, so where it leads is not known.
  if (request.command == lesson_command::next && _player.next_replays() && !_player.failure() && !_player.finished())
    return _player.steps_done() + 1;
  return std::nullopt;
}

lesson_view lesson_session::view_after(const lesson_request& request, const step_outcome* outcome) const {
  static const std::vector<lesson_player::learner_change> no_changes;
  const std::optional<u32> leads_to = target_of(request);
  const u32 target = leads_to.value_or(_player.steps_done());
  lesson_view v = view();
  v.steps_done = target;
  v.answer.reset();
  v.records = nullptr;
  v.focus = focus_at(target);
  v.focus_cells.clear();
  v.failure = nullptr;
  v.error.clear();
  v.engine_changed.reset();
  // As the live view will say: Back replays steps 1..target, Next those before its step.
  const u32 replayed = !leads_to || request.command == lesson_command::restart ? 0
                       : request.command == lesson_command::next               ? target - 1
                                                                               : target;
  v.replayed = replayed > 0 ? std::optional<u32>{replayed} : std::nullopt;
  v.feedback = nullptr;
  v.exercise_touched = false;
  v.exercise_did = &no_changes;
  v.exercise_passed = 0;  // a replay plays an exercise's solution
  if (outcome && target > 0) {
    v.answer = outcome->answer;
    v.records = &outcome->records;
    if (v.focus && v.focus == &*_player.current()->steps[target - 1].focus) v.focus_cells = outcome->focus_cells;
  }
  v.recorded = true;
  return v;
}

void lesson_session::save() { _store.save(_settings); }

// Beside the lesson files. load_lessons has checked them; a file changed since then is
// reported and left out, never half-read.
void lesson_session::load_data_files() {
  if (_lessons.empty()) return;
  const std::filesystem::path folder = std::filesystem::path{_lessons.front().source}.parent_path();
  std::error_code ec;
  if (const auto file = folder / wiki_sections_file; std::filesystem::exists(file, ec)) {
    auto loaded = load_wiki_sections(file);
    if (loaded)
      _sections = std::move(*loaded);
    else
      XE_LOG_WARN("{}", loaded.error_value().reason);
  }
  if (const auto file = folder / glossary_file; std::filesystem::exists(file, ec)) {
    auto loaded = load_glossary(file, _sections ? &*_sections : nullptr);
    if (loaded)
      _glossary = std::move(*loaded);
    else
      XE_LOG_WARN("no glossary: {}", loaded.error_value().reason);
  }
}

}  // namespace xe::sandbox
