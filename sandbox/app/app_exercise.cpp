// --exercise (exercise/exercise.h): the loop a learner runs, from the copy of the skeleton to
// the lesson played on their code, and in a window, again on every save. Here, at the top,
// because it ends by running the app.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <thread>

#include "06-frame-ring/frame_ring.h"
#include "07-deferred-free/deferred_free.h"
#include "07-free-stack/free_stack.h"
#include "09-free-list/free_list.h"
#include "12-deferred-release/deferred_release.h"
#include "app/app.h"
#include "app/cli.h"
#include "common/log.h"
#include "exercise/exercise.h"
#include "exercise/free_stack_in_engine.h"
#include "exercise/library.h"
#include "exercise/process.h"
#include "graphics/lab.h"
#include "lessons/lesson.h"
#include "lessons/settings.h"
#include "platform/paths.h"
#include "text/text.h"

namespace xe::sandbox {
namespace fs = std::filesystem;

namespace {

using work = learner_code_view::work;

// Set in the environment of the child that plays the lesson on a graded library: it skips
// the copy, the build and the grading.
constexpr const char* in_engine_only = "XE_EXERCISE_IN_ENGINE_ONLY";

// The learner's library, loaded, with the table the engine calls: for its heaps their
// 07-deferred-free as it is, or their 07-free-stack inside the engine's deferral; for its
// deferred release of COM objects, their 12-deferred-release; for its surfaces' slots, their
// 09-free-list; for its frame slots and fence values, their 06-frame-ring.
struct loaded_code {
  grade::library library;
  const xe_deferred_free_api* heaps{};
  const xe_deferred_release_api* releases{};
  const xe_free_list_api* surfaces{};
  const xe_frame_ring_api* frames{};
  fs::path path;
  bool remove_when_done{};  // built by the sandbox (not a library the learner gave)
};

// Each engine part: the table its exercises export, and what the terminal calls it.
struct engine_part_info {
  std::string_view part;  // exercise_info::engine_part
  const char* table;      // 07-free-stack's is xe_exercise_free_stack (load_code)
  const char* name;
  const char* tab;  // where the inspector shows it
};
constexpr engine_part_info engine_parts[] = {
    {"heaps", "xe_exercise_deferred_free", "heaps' indices", " (the Heaps tab shows your stack and lists)"},
    {"releases", "xe_exercise_deferred_release", "deferred release queues",
     " (the Deferred tab shows what your queues hold)"},
    {"surfaces", "xe_exercise_free_list", "surfaces' slots", " (the Surfaces tab shows your chain of free slots)"},
    {"frames", "xe_exercise_frame_ring", "frame slots and fence values",
     " (the Fences tab shows the values your ring keeps)"},
};
const engine_part_info& part_of(const exercise_info& ex) {
  for (const engine_part_info& p : engine_parts)
    if (p.part == ex.engine_part) return p;
  return engine_parts[0];  // the catalogue refuses any other; graded-only exercises load nothing
}

result<loaded_code> load_code(const exercise_info& ex, const fs::path& path, bool built) {
  XE_TRY_ASSIGN(auto lib, grade::library::open(path));
  const bool stack = ex.id == "07-free-stack";
  XE_TRY_ASSIGN(const void* table, lib.table(stack ? "xe_exercise_free_stack" : part_of(ex).table));
  if (*static_cast<const u32*>(table) != xe_exercise_abi)  // every table starts with its abi
    return make_error(errc::invalid_argument, "it was built against another version of the header");
  loaded_code code{std::move(lib), {}, {}, {}, {}, path, built};
  if (ex.engine_part == "frames")
    code.frames = static_cast<const xe_frame_ring_api*>(table);
  else if (ex.engine_part == "releases")
    code.releases = static_cast<const xe_deferred_release_api*>(table);
  else if (ex.engine_part == "surfaces")
    code.surfaces = static_cast<const xe_free_list_api*>(table);
  else
    code.heaps = stack ? free_stack_in_engine(static_cast<const xe_free_stack_api*>(table))
                       : static_cast<const xe_deferred_free_api*>(table);
  return code;
}

// Puts the learner's code in the engine from its next initialize on; null: the engine's own.
void use_in_engine(const loaded_code* code) {
  gfx::lab::set_learner_heap_code(code ? code->heaps : nullptr);
  gfx::lab::set_learner_release_code(code ? code->releases : nullptr);
  gfx::lab::set_learner_surface_code(code ? code->surfaces : nullptr);
  gfx::lab::set_learner_ring_code(code ? code->frames : nullptr);
}


void remove_library(const fs::path& path) {
  std::error_code ec;
  fs::remove(path, ec);
}

// The lesson played headless on the learner's library in a child process: code that passed
// the grader may still crash or hang on the lesson's heaps (another capacity, another
// sequence), and that must end the child, not the sandbox.
struct lesson_child {
  bool ran{false};    // the lesson ran to its end, passed or not: the code may go in the engine
  int code{exit_ok};  // the child's exit code, when it ran
  std::string output;
  std::string problem;  // a crash or hang, said for the learner; or why the child did not start
  std::string verdict;  // the child's verdict line ("1 lesson(s), ...")
};

// The child's last line about the lessons, in whichever language it printed them: "1
// lesson(s), 9 step(s): ...", or the error that stopped it.
bool is_verdict(const std::string& line) {
  if (line.starts_with("xengine-sandbox: lesson ") || line.starts_with("xengine-sandbox: start-up failed: "))
    return true;
  for (const language lang : languages()) {
    const std::string summary = text(lang, "{} lesson(s), {} step(s): every expectation held"_t);
    const size_t a = summary.find("{}"), b = summary.find("{}", a + 2);  // " lesson(s), " between them
    if (b != std::string::npos && line.find(summary.substr(a + 2, b - a - 2)) != std::string::npos) return true;
  }
  return false;
}

lesson_child play_in_child(const options& opts, const exercise_info& ex, const fs::path& library,
                           const fs::path& work_folder) {
  std::vector<std::string> argv{platform::executable_path().string(),
                                "--exercise",
                                ex.id,
                                "--solution",
                                library.string(),
                                "--headless",
                                "--lessons",
                                find_lessons_folder(opts.lessons_dir).string()};
  if (!opts.language.empty()) argv.insert(argv.end(), {"--language", opts.language});
  if (!opts.settings.empty()) argv.insert(argv.end(), {"--settings", opts.settings});
  const fs::path output = work_folder / "lesson.txt";
  // A step prints as it runs: a child silent for 20 s is stuck in the learner's code.
  const auto end =
      run_process(argv, output,
                  {std::chrono::seconds{300}, output, std::chrono::seconds{20}, {std::string{in_engine_only} + "=1"}});
  lesson_child c;
  c.output = read_start(output, 1 << 20);
  std::istringstream lines{c.output};
  c.verdict = "it ended without a verdict";
  for (std::string line; std::getline(lines, line);)
    if (is_verdict(line)) c.verdict = line;
  if (!end) {
    c.problem = end.error_value().reason;
  } else if (end->crashed) {
    c.problem = "not yet: your code crashed the engine (" + end->crash_name + ") while lesson " + ex.lesson +
                " ran, in the step above; the grader's sequences did not reach that case. The sandbox is fine: it "
                "ran the lesson in a process of its own.";
  } else if (end->timed_out) {
    c.problem = "not yet: your code stopped answering while lesson " + ex.lesson +
                " ran (nothing printed for 20 s), in the step above: a loop that never ends? That process was "
                "stopped; the sandbox is fine.";
  } else if (end->code != exit_ok && end->code != exit_script && end->code != exit_unchecked) {
    // The lesson never ran: the engine did not start with their code (a surface refused).
    constexpr std::string_view failed = "xengine-sandbox: start-up failed: ";  // the verdict found above
    const std::string why =
        c.verdict.starts_with(failed) ? c.verdict.substr(failed.size()) : "it exited with " + std::to_string(end->code);
    c.problem = "not yet: with your code in it, the engine could not start lesson " + ex.lesson + ": " + why +
                ". Your code stays out of the engine until it can.";
  } else {
    c.ran = true;
    c.code = end->code;
  }
  return c;
}

// One go at the learner's file: built, graded, and for a part the engine can run, the
// lesson played on it in a child. Run on the watcher's thread as well as the main one.
struct attempt {
  build_result build;
  std::optional<grade_report> grade;
  std::optional<lesson_child> lesson;
  bool loadable{false};  // the library may go into the engine (graded without a crash or hang, lesson ran)
  f64 seconds{0};
};

attempt try_code(const options& opts, const exercise_catalogue& cat, const exercise_info& ex, const fs::path& source,
                 const fs::path& work_folder, bool prebuilt, std::atomic<work>* now = nullptr) {
  const auto start = std::chrono::steady_clock::now();
  const auto stage = [&](work w) {
    if (now) now->store(w);
  };
  attempt a;
  stage(work::building);
  if (prebuilt) {
    a.build.ok = true;
    a.build.library = source;
  } else {
    a.build = build_exercise(cat, ex, source, work_folder);
  }
  if (a.build.ok) {
    stage(work::grading);
    a.grade = grade_exercise(ex, a.build.library, work_folder);
    const grade_report& r = *a.grade;
    const bool runs = r.passed || (r.check != "crash" && r.check != "hang" && r.check != "library");
    if (!ex.engine_part.empty() && runs) {
      stage(work::playing);
      a.lesson = play_in_child(opts, ex, a.build.library, work_folder);
      a.loadable = a.lesson->ran;
    }
  }
  a.seconds = std::chrono::duration<f64>(std::chrono::steady_clock::now() - start).count();
  stage(work::watching);
  return a;
}

// What an attempt printed on the terminal, as the headless loop prints it.
void print(const attempt& a, bool prebuilt) {
  if (!a.build.ok) {
    for (const std::string& line : describe(a.build)) std::printf("%s\n", line.c_str());
  } else if (!prebuilt) {
    std::printf("built in %.1f s\n", a.build.seconds);
  }
  if (a.grade) {
    for (const std::string& line : describe(*a.grade)) std::printf("%s\n", line.c_str());
    std::printf("graded in %.1f s\n", a.grade->seconds);
  }
  std::fflush(stdout);
}

// Every check held: the grader's, and the lesson's on their code where it runs in the engine
// (its hazard checks unchecked only for want of a validation layer).
bool all_passed(const attempt& a) {
  if (!a.grade || !a.grade->passed) return false;
  return !a.lesson || (a.lesson->ran && (a.lesson->code == exit_ok || a.lesson->code == exit_unchecked));
}

// A pass: what the engine's own version does differently is said, and the exercise goes into
// the learner's progress (the settings file the lessons keep theirs in).
void note_pass(const options& opts, const exercise_info& ex) {
  std::printf("What the engine's own version does differently:\n  %s\n",
              text_in(ex.engine_differs, opts.language.empty() ? "en" : opts.language).c_str());
  std::fflush(stdout);
  settings_store store{opts.settings.empty() ? default_settings_path() : fs::path{opts.settings}};
  learner_settings s = store.load(nullptr);
  s.exercises.insert(ex.id);
  store.save(s);
}

// The lesson, with the learner's code put in place of the engine's part (when loaded) and,
// in a window, their file watched. Headless: played to the end (its checks then judge
// their code too).
int run_lesson(const options& opts, const exercise_info& ex, const loaded_code* code, code_watch* watch) {
  use_in_engine(code);
  if (code)
    std::printf("lesson %s with your code keeping its %s%s\n", ex.lesson.c_str(), part_of(ex).name,
                opts.headless ? "" : part_of(ex).tab);
  else
    std::printf("lesson %s with the engine's own %s%s\n", ex.lesson.c_str(),
                ex.engine_part.empty() ? "parts (this exercise is graded only)" : part_of(ex).name,
                ex.engine_part.empty() ? "" : ", until your code passes");
  std::fflush(stdout);
  options lesson = opts;
  lesson.exercise.clear();
  lesson.solution.clear();
  lesson.lesson = ex.lesson;
  lesson.play = opts.headless;
  if (!opts.frames_given) lesson.frames = 0;
  app a{lesson};
  if (watch) a.watch_code(watch);
  const int result = a.run();
  use_in_engine(nullptr);
  return result;
}

// --exercise in a window: the learner's file, watched. A save (its time and size changed,
// then still for a poll) starts a build, a grading and the lesson's child run on a thread of
// the watcher's; the main loop picks the result up between frames. Code that may go in the
// engine replaces the code there (the lesson replays on it); anything else is shown, and the
// code in the engine stays.
class exercise_watch final : public code_watch {
public:
  // first: the go the command line made before the window opened; none: go now (Write it yourself).
  exercise_watch(const options& opts, exercise_catalogue cat, const std::string& id, fs::path source,
                 std::optional<loaded_code> code, const attempt* first)
      : _opts{opts},
        _cat{std::move(cat)},
        _ex{**_cat.find(id)},
        _source{std::move(source)},
        _work{learner_exercise_folder() / _ex.id / "build"},
        _code{std::move(code)},
        _seen{signature()} {
    _view.exercise = _ex.id;
    _view.file = _source.string();
    _view.runs_in_engine = !_ex.engine_part.empty();
    _view.in_engine = _code.has_value();
    _view.engine_differs = &_ex.engine_differs;
    if (first)
      show(*first);
    else
      start(false);
  }
  ~exercise_watch() override {
    if (_thread.joinable()) {
      stop_child_processes();
      _thread.join();
    }
    if (_code) use_in_engine(nullptr);
    if (_code && _code->remove_when_done) remove_library(_code->path);
  }

  bool passed() const { return _view.passed; }
  const loaded_code* code() const { return _code ? &*_code : nullptr; }

  news poll() override {
    if (_retired) {  // the engine that used it is gone
      if (_retired->remove_when_done) remove_library(_retired->path);
      _retired.reset();
    }
    news n = news::none;
    if (const work w = _now.load(); w != _view.now) {
      _view.now = w;
      n = news::changed;
    }
    if (_done.load()) {
      _thread.join();
      _done = false;
      n = finish(std::move(*_result));
      _result.reset();
    }
    const auto now = std::chrono::steady_clock::now();
    if (now < _next_look) return n;
    _next_look = now + std::chrono::milliseconds{100};
    // A save is taken once the file has stopped changing for one look (an editor may write
    // it in parts); one made during a build waits for that build to end.
    const auto sig = signature();
    if (sig != _seen && sig == _last && !_thread.joinable() && sig.size != ~0ull) {
      _seen = sig;
      start(true);
      if (n == news::none) n = news::changed;  // a reload picked up above must still replay
    }
    _last = sig;
    return n;
  }

  void replayed(const result<void>& r, f64 seconds, u32 step) override {
    const f64 total = std::chrono::duration<f64>(std::chrono::steady_clock::now() - _saved_at).count();
    char line[240];
    std::snprintf(line, sizeof(line), "saved -> lesson replayed to step %u on your code in %.1f s (%s%.1f s)", step,
                  total, _built_line.c_str(), seconds);
    ++_view.reloads;
    _view.timing = r ? line : "your code is in the engine, but the lesson did not replay: " + r.error_value().reason;
    std::printf("%s\n", _view.timing.c_str());
    std::fflush(stdout);
  }

  const learner_code_view& view() const override { return _view; }

private:
  struct file_signature {
    fs::file_time_type time{};
    std::uintmax_t size{~0ull};  // ~0: it cannot be read now (an editor's rename in between)
    bool operator==(const file_signature&) const = default;
  };
  file_signature signature() const {
    std::error_code ec;
    file_signature s;
    s.time = fs::last_write_time(_source, ec);
    if (!ec) s.size = fs::file_size(_source, ec);
    if (ec) s = {};
    return s;
  }

  void start(bool saved) {
    // From the save itself (the file's time), so the debounce and the poll are counted.
    const auto age = saved ? fs::file_time_type::clock::now() - _seen.time : fs::file_time_type::duration{};
    _saved_at = std::chrono::steady_clock::now() -
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::max(age, age.zero()));
    std::printf("\n%s %s: building, grading%s...\n", _source.filename().string().c_str(),
                saved ? "changed" : "(write it yourself)",
                _ex.engine_part.empty() ? "" : " and playing the lesson on it");
    std::fflush(stdout);
    _now = work::building;
    _thread = std::thread{[this] {
      _result = try_code(_opts, _cat, _ex, _source, _work, false, &_now);
      _done = true;
    }};
  }

  news finish(attempt a) {
    print(a, false);
    show(a);
    if (_view.passed) {
      std::printf("What the engine's own version does differently:\n  %s\n",
                  text_in(_ex.engine_differs, _opts.language.empty() ? "en" : _opts.language).c_str());
      std::fflush(stdout);
    }
    char built[120];
    std::snprintf(built, sizeof(built), "build %.1f, grading %.2f, lesson's child run %.1f, replay ", a.build.seconds,
                  a.grade ? a.grade->seconds : 0.0, a.seconds - a.build.seconds - (a.grade ? a.grade->seconds : 0.0));
    _built_line = built;
    const f64 total = std::chrono::duration<f64>(std::chrono::steady_clock::now() - _saved_at).count();
    char line[160];
    if (a.grade)
      std::snprintf(line, sizeof(line), "saved -> graded in %.1f s (build %.1f, grading %.2f)", total, a.build.seconds,
                    a.grade->seconds);
    else
      std::snprintf(line, sizeof(line), "saved -> the compiler's answer in %.1f s", total);
    _view.timing = line;
    if (!a.loadable) {
      if (a.build.ok) remove_library(a.build.library);
      if (_code && a.build.ok) _view.headline += " (the engine keeps your code from the last save that ran)";
      return news::changed;
    }
    auto loaded = load_code(_ex, a.build.library, true);
    if (!loaded) {
      remove_library(a.build.library);
      _view.headline = "cannot run your code in the engine: " + loaded.error_value().reason;
      return news::changed;
    }
    // The old library stays loaded until the engine whose heaps call it is gone.
    _retired.reset();
    if (_code) _retired.emplace(std::move(*_code));
    _code.reset();
    _code.emplace(std::move(*loaded));
    use_in_engine(&*_code);
    _view.in_engine = true;
    _view.timing.clear();  // replayed() says it, once the lesson is back where it was
    return news::reload;
  }

  void show(const attempt& a) {
    _view.details.clear();
    _view.timing.clear();
    _view.passed = all_passed(a);
    if (!a.build.ok) {
      _view.headline =
          _code ? "does not build: the engine keeps your code from the last save that ran" : "does not build";
      // The block shows the file's path above: its errors start with the file's name.
      const std::string path = _source.string(), name = _source.filename().string();
      for (std::string line : describe(a.build))
        _view.details.push_back(line.starts_with(path) ? name + line.substr(path.size()) : line);
      return;
    }
    std::vector<std::string> lines = describe(*a.grade);
    _view.headline = lines.front();
    _view.details.assign(lines.begin() + 1, lines.end());
    if (a.lesson && !a.lesson->problem.empty()) {
      _view.headline = a.lesson->problem;
    } else if (a.lesson) {
      // In the language the child printed its verdict in.
      const language lang = language::from_code(_opts.language).value_or(language{});
      _view.details.push_back(
          textf(lang, "lesson {} played headless on your code: {}"_t, _ex.lesson, a.lesson->verdict));
    }
  }

  const options& _opts;
  exercise_catalogue _cat;
  const exercise_info& _ex;
  fs::path _source;
  fs::path _work;
  std::optional<loaded_code> _code;     // in the engine now
  std::optional<loaded_code> _retired;  // the one before, until the engine has been rebuilt
  learner_code_view _view;
  file_signature _seen;  // the save last taken
  file_signature _last;  // at the last look
  std::chrono::steady_clock::time_point _next_look{};
  std::thread _thread;
  std::atomic<work> _now{work::watching};
  std::atomic<bool> _done{false};
  std::optional<attempt> _result;  // written by the thread before _done
  std::chrono::steady_clock::time_point _saved_at{};
  std::string _built_line;
};

}  // namespace

int run_exercise(const options& opts) {
  if (const char* child = std::getenv(in_engine_only); child && *child == '1') {
    auto cat = load_exercises(find_lessons_folder(opts.lessons_dir));
    auto ex = cat ? cat->find(opts.exercise) : result<const exercise_info*>{cat.error_value()};
    if (!ex) return exit_usage;
    auto code = load_code(**ex, opts.solution, false);
    if (!code) {
      std::printf("cannot run your code in the engine: %s\n", code.error_value().reason.c_str());
      return exit_script;
    }
    return run_lesson(opts, **ex, &*code, nullptr);
  }
  auto cat = load_exercises(find_lessons_folder(opts.lessons_dir));
  if (!cat) {
    std::fprintf(stderr, "xengine-sandbox: %s\n", cat.error_value().reason.c_str());
    return exit_usage;
  }
  auto ex = cat->find(opts.exercise);
  if (!ex) {
    std::fprintf(stderr, "xengine-sandbox: %s\n", ex.error_value().reason.c_str());
    return exit_usage;
  }
  const exercise_info& e = **ex;
  std::string others;  // a lesson's number names its first exercise: say what else it has
  for (const exercise_info& other : cat->exercises)
    if (&other != &e && other.id.rfind(opts.exercise, 0) == 0) others += (others.empty() ? "" : ", ") + other.id;
  const fs::path folder = learner_exercise_folder();
  std::error_code absolute_error;
  fs::path source = opts.solution.empty() ? fs::path{} : fs::absolute(opts.solution, absolute_error);
  if (!source.empty() && !fs::is_regular_file(source, absolute_error)) {
    std::fprintf(stderr, "xengine-sandbox: --solution %s: %s\n", opts.solution.c_str(),
                 fs::exists(source, absolute_error) ? "not a regular file" : "no such file");
    return exit_usage;
  }
  if (source.empty()) {
    bool created = false;
    auto copy = learner_copy(*cat, e, folder, &created);
    if (!copy) {
      std::fprintf(stderr, "xengine-sandbox: %s\n", copy.error_value().reason.c_str());
      return exit_runtime;
    }
    source = *copy;
    std::printf("exercise %s: %s\n%s: %s\n", e.id.c_str(), e.title.c_str(),
                created ? "your copy of the skeleton, to edit" : "your file", source.string().c_str());
  } else {
    std::printf("exercise %s: %s\ngrading %s\n", e.id.c_str(), e.title.c_str(), source.string().c_str());
  }
  if (!others.empty() && e.id != opts.exercise)
    std::printf("(%s is this lesson's first exercise; it also has %s)\n", opts.exercise.c_str(), others.c_str());
  const fs::path work_folder = folder / e.id / "build";
  // A library built elsewhere (Visual Studio, a cross compiler) is graded as it is.
  const std::string ext = source.extension().string();
  const bool prebuilt = ext == ".dll" || ext == ".so";
  const attempt first = try_code(opts, *cat, e, source, work_folder, prebuilt);
  print(first, prebuilt);
  const bool passed = all_passed(first);
  if (first.lesson && (opts.headless || !first.lesson->problem.empty())) {
    std::printf("%s", first.lesson->output.c_str());
    if (!first.lesson->problem.empty()) std::printf("%s\n", first.lesson->problem.c_str());
  } else if (first.lesson) {  // the window replays it: only how the headless run ended
    std::printf("lesson %s played headless on your code first: %s\n", e.lesson.c_str(), first.lesson->verdict.c_str());
  }
  if (passed) note_pass(opts, e);
  std::optional<loaded_code> code;
  if (first.loadable) {
    auto loaded = load_code(e, first.build.library, !prebuilt);
    if (loaded)
      code.emplace(std::move(*loaded));
    else
      std::printf("cannot run your code in the engine: %s\n", loaded.error_value().reason.c_str());
  } else if (first.build.ok && !prebuilt) {
    remove_library(first.build.library);
  }
  if (opts.headless) {
    if (!first.grade || !first.grade->passed || (first.lesson && !first.lesson->ran)) return exit_script;
    return first.lesson ? first.lesson->code : exit_ok;
  }
  // In a window the lesson opens whatever the first go gave; a library given as it is
  // cannot change, so only a source file is watched.
  if (prebuilt) {
    const int lesson = run_lesson(opts, e, code ? &*code : nullptr, nullptr);
    return passed ? lesson : exit_script;
  }
  exercise_watch watch{opts, *cat, e.id, source, std::move(code), &first};
  std::printf("watching %s: save it to rebuild, regrade%s\n", source.string().c_str(),
              e.engine_part.empty() ? "" : " and replay the lesson on your code");
  const int lesson = run_lesson(opts, e, watch.code(), &watch);
  return watch.passed() ? lesson : exit_script;
}

// Write it yourself, at a lesson's end: the exercise starts in this window, as --exercise would.
void app::start_own_turn(const std::string& exercise) {
  if (_code) return;  // one exercise at a time
  auto cat = load_exercises(find_lessons_folder(_opts.lessons_dir));
  auto ex = cat ? cat->find(exercise) : result<const exercise_info*>{cat.error_value()};
  bool created = false;
  auto copy = ex ? learner_copy(*cat, **ex, learner_exercise_folder(), &created) : result<fs::path>{ex.error_value()};
  if (!copy) {
    XE_LOG_ERROR("Write it yourself: {}", copy.error_value().reason);
    return;
  }
  std::printf("exercise %s: %s\n%s: %s\n", (*ex)->id.c_str(), (*ex)->title.c_str(),
              created ? "your copy of the skeleton, to edit" : "your file", copy->string().c_str());
  std::fflush(stdout);
  _own_code = std::make_unique<exercise_watch>(_opts, std::move(*cat), exercise, *copy, std::nullopt, nullptr);
  _code = _own_code.get();
  _redraw = true;
}

}  // namespace xe::sandbox
