#include "exercise/exercise.h"

#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "app/app.h"
#include "app/cli.h"
#include "07-deferred-free/deferred_free.h"
#include "exercise/library.h"
#include "exercise/process.h"
#include "graphics/lab.h"
#include "io/files.h"
#include "lessons/lesson.h"
#include "platform/paths.h"

namespace xe::sandbox {
namespace fs = std::filesystem;

namespace {

constexpr u64 max_catalogue_bytes{1u << 20};
constexpr auto compile_limit = std::chrono::seconds{120};
// The whole grading: thousands of short sequences take well under a second on these cores.
// A single call of the learner's takes microseconds: a journal still for seconds is a hang.
constexpr auto grade_limit = std::chrono::seconds{60};
constexpr auto replay_limit = std::chrono::seconds{10};
constexpr auto idle_limit = std::chrono::seconds{3};
constexpr u32 max_replays{120};

std::string read_text(const fs::path& path, size_t max_bytes) {
  std::ifstream in{path, std::ios::binary};
  std::string text(max_bytes, '\0');
  in.read(text.data(), static_cast<std::streamsize>(max_bytes));
  text.resize(static_cast<size_t>(in.gcount()));
  return text;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

result<exercise_catalogue> load_exercises(const fs::path& lessons_folder) {
  exercise_catalogue cat;
  cat.folder = lessons_folder / "exercises";
  const fs::path file = cat.folder / "exercises.json";
  XE_TRY_ASSIGN(const std::string text, read_regular_file(file, max_catalogue_bytes, "the exercise catalogue"));
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("exercises") || !j["exercises"].is_array())
    return make_error(errc::parse, file.string() + ": not an exercise catalogue");
  for (const auto& e : j["exercises"]) {
    const char* fields[] = {"id", "lesson", "file", "header", "title"};
    for (const char* f : fields)
      if (!e.is_object() || !e.contains(f) || !e[f].is_string())
        return make_error(errc::parse, file.string() + ": an exercise without a string \"" + f + "\"");
    exercise_info ex{e["id"], e["lesson"], e["file"], e["header"], e["title"], e.value("engine_part", ""), {}};
    ex.home = cat.folder / ex.id;
    cat.exercises.push_back(std::move(ex));
  }
  return cat;
}

result<const exercise_info*> exercise_catalogue::find(std::string_view name) const {
  std::vector<const exercise_info*> matches;
  for (const exercise_info& ex : exercises) {
    if (ex.id == name) return &ex;
    if (ex.id.rfind(name, 0) == 0) matches.push_back(&ex);
  }
  // A lesson's number alone names its first exercise.
  const bool lesson_number = name.size() == 2 && std::isdigit(static_cast<unsigned char>(name[0])) &&
                             std::isdigit(static_cast<unsigned char>(name[1]));
  if (matches.size() == 1 || (lesson_number && !matches.empty())) return matches.front();
  std::string known;
  for (const exercise_info& ex : exercises) known += "\n  " + ex.id + "  " + ex.title;
  return make_error(errc::invalid_argument, (matches.empty() ? "no exercise " + std::string{name} + "; there are:"
                                                             : std::string{name} + " names more than one exercise:") +
                                                known);
}

fs::path learner_exercise_folder() {
#if defined(_WIN32)
  if (const char* local = std::getenv("LOCALAPPDATA"); local && *local)
    return fs::path{local} / "xengine-sandbox" / "exercises";
#endif
  if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data)
    return fs::path{data} / "xengine-sandbox" / "exercises";
  if (const char* home = std::getenv("HOME"); home && *home)
    return fs::path{home} / ".local" / "share" / "xengine-sandbox" / "exercises";
  return fs::current_path() / "xengine-exercises";
}

result<fs::path> learner_copy(const exercise_catalogue& cat, const exercise_info& ex, const fs::path& folder,
                              bool* created) {
  const fs::path target = folder / ex.id / ex.file;
  *created = false;
  std::error_code ec;
  if (fs::exists(fs::symlink_status(target, ec))) {
    if (!fs::is_regular_file(target, ec))
      return make_error(errc::io, target.string() + " is there and is not a regular file: it is left as it is");
    return target;
  }
  XE_TRY(make_parent_folders(target));
  XE_TRY_ASSIGN(const std::string skeleton,
                read_regular_file(ex.home / ex.file, max_catalogue_bytes, "the exercise's skeleton"));
  XE_TRY(write_file_atomic(target, skeleton));
  *created = true;
  // The headers it includes, for the learner's editor: read-only, the build uses the originals.
  for (const fs::path& header : {cat.folder / "xe_exercise.h", ex.home / ex.header}) {
    const fs::path copy = target.parent_path() / header.filename();
    if (fs::exists(fs::symlink_status(copy, ec))) continue;
    XE_TRY_ASSIGN(const std::string text, read_regular_file(header, max_catalogue_bytes, "an exercise header"));
    XE_TRY(write_file_atomic(copy, text));
    fs::permissions(copy, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read, ec);
  }
  return target;
}

build_result build_exercise(const exercise_catalogue& cat, const exercise_info& ex, const fs::path& source,
                            const fs::path& build_folder) {
  build_result b;
  const auto start = std::chrono::steady_clock::now();
  std::error_code ec;
  fs::create_directories(build_folder, ec);
  if (ec) {
    b.problem = "cannot make " + build_folder.string() + ": " + ec.message();
    return b;
  }
  const char* cxx = std::getenv("CXX");
  const std::string compiler = cxx && *cxx ? cxx : "c++";
  // A new name per build: a library the sandbox still has loaded is never written over.
  static u32 builds = 0;
#if defined(_WIN32)
  const char* suffix = ".dll";
#else
  const char* suffix = ".so";
#endif
  b.library = build_folder / (fs::path{ex.file}.stem().string() + "-" + std::to_string(++builds) + suffix);
  // The originals' folders come first, so a header the learner changed cannot change the table.
  std::vector<std::string> argv{compiler,
                                "-std=c++20",
                                "-shared",
                                "-g",
                                "-O1",
                                "-Wall",
                                "-Wextra",
                                "-D_GLIBCXX_ASSERTIONS",
                                "-fvisibility=hidden",
                                "-iquote",
                                ex.home.string(),
                                "-iquote",
                                cat.folder.string(),
                                "-I",
                                ex.home.string(),
                                "-I",
                                cat.folder.string()};
#if defined(_WIN32)
  argv.push_back("-static");  // mingw-w64: libstdc++, libgcc and winpthread inside the DLL
#else
  argv.push_back("-fPIC");
#endif
  argv.insert(argv.end(), {source.string(), "-o", b.library.string()});
  const fs::path log = build_folder / "build.log";
  auto end = run_process(argv, log, {compile_limit, {}, {}});
  b.seconds = seconds_since(start);
  b.output = read_text(log, 64 * 1024);
  if (!end) {
#if defined(_WIN32)
    b.problem = end.error_value().reason +
                " (no C++ compiler on the PATH: install mingw-w64's g++ and set CXX to it, or build the exercise "
                "as a DLL yourself and give it to --solution)";
#else
    b.problem = end.error_value().reason +
                " (no C++ compiler: tools/install-deps.sh installs g++; or set CXX to the compiler to use)";
#endif
    return b;
  }
  if (end->timed_out) {
    b.problem = compiler + " did not finish within " + std::to_string(compile_limit.count()) + " s";
    return b;
  }
  if (end->code == 127 && b.output.find("not found") != std::string::npos) {
    b.problem = compiler + " was not found: tools/install-deps.sh installs g++; or set CXX";
    return b;
  }
  // GCC and clang: FILE:LINE:COLUMN: error: MESSAGE
  static const std::regex error_line{R"(^(.*?):(\d+):(\d+): (?:fatal )?error: (.*)$)"};
  std::istringstream lines{b.output};
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_match(line, m, error_line))
      b.errors.push_back({m[1], static_cast<u32>(std::stoul(m[2])), static_cast<u32>(std::stoul(m[3])), m[4]});
  }
  b.ok = end->code == 0 && !end->crashed && fs::is_regular_file(b.library, ec);
  if (!b.ok && b.errors.empty())
    b.problem = compiler + " failed (exit " + std::to_string(end->code) + "); what it printed is in " + log.string();
  return b;
}

namespace {

struct journal_tail {
  std::string label;  // scenario, random, shrink, replay
  std::string ops;    // the sequence as journaled
  std::vector<std::string> calls;
  std::string last;  // the last call or read begun
};

// The last sequence the worker began, and how far it got.
journal_tail read_journal(const fs::path& path) {
  journal_tail t;
  std::ifstream in{path, std::ios::binary};
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("sequence ", 0) == 0) {
      const auto space = line.find(' ', 9);
      t = {line.substr(9, space - 9), space == std::string::npos ? "" : line.substr(space + 1), {}, {}};
    } else if (line.rfind("call ", 0) == 0) {
      const auto space = line.find(' ', 5);
      if (space == std::string::npos) continue;
      t.calls.push_back(line.substr(space + 1));
      t.last = t.calls.back();
    } else if (line.rfind("observe ", 0) == 0) {
      t.last = line.substr(8);
    }
  }
  return t;
}

fs::path grader_path() {
  const fs::path exe = platform::executable_path();
#if defined(_WIN32)
  return exe.parent_path() / "xengine-grade.exe";
#else
  return exe.parent_path() / "xengine-grade";
#endif
}

struct worker_run {
  result<process_end> end;
  journal_tail tail;
  nlohmann::json verdict;  // discarded when the worker wrote none
};

worker_run run_worker(const exercise_info& ex, const fs::path& library, const fs::path& work,
                      const std::vector<std::string>& extra, std::chrono::milliseconds limit) {
  const fs::path journal = work / "journal.txt", verdict = work / "result.json", output = work / "output.txt";
  std::error_code ec;
  fs::remove(verdict, ec);
  std::vector<std::string> argv{grader_path().string(), ex.id, library.string(), journal.string(), verdict.string()};
  argv.insert(argv.end(), extra.begin(), extra.end());
  fs::remove(journal, ec);
  worker_run w{run_process(argv, output, {limit, journal, idle_limit}), {}, {}};
  w.tail = read_journal(journal);
  w.verdict = nlohmann::json::parse(read_text(verdict, 1 << 20), nullptr, false);
  return w;
}

std::vector<std::string> split_ops(const std::string& ops) {
  std::vector<std::string> items;
  std::istringstream in{ops};
  for (std::string item; std::getline(in, item, ',');) items.push_back(item);
  return items;
}

std::string join_ops(const std::vector<std::string>& items) {
  std::string out;
  for (const std::string& item : items) (out.empty() ? out : out += ',') += item;
  return out.empty() ? "-" : out;
}

// Shortest sequence that still crashes: chunks removed, halving, each candidate replayed in
// a worker of its own. The first op (the object's creation) stays.
journal_tail shrink_crash(const exercise_info& ex, const fs::path& library, const fs::path& work, journal_tail crashed,
                          u32* runs) {
  std::vector<std::string> ops = split_ops(crashed.ops);
  // Calls after the crashing one never ran.
  if (ops.size() > crashed.calls.size() && !crashed.calls.empty()) ops.resize(crashed.calls.size());
  for (size_t chunk = ops.size() / 2; chunk >= 1 && *runs < max_replays; chunk /= 2) {
    bool removed = true;
    while (removed && *runs < max_replays) {
      removed = false;
      for (size_t start = 1; start + chunk <= ops.size() && *runs < max_replays; start += chunk) {
        std::vector<std::string> candidate{ops.begin(), ops.begin() + static_cast<std::ptrdiff_t>(start)};
        candidate.insert(candidate.end(), ops.begin() + static_cast<std::ptrdiff_t>(start + chunk), ops.end());
        ++*runs;
        worker_run w = run_worker(ex, library, work, {"--replay", join_ops(candidate)}, replay_limit);
        if (w.end && w.end->crashed) {
          ops = std::move(candidate);
          crashed = w.tail;
          removed = true;
          break;
        }
      }
    }
  }
  return crashed;
}

}  // namespace

grade_report grade_exercise(const exercise_info& ex, const fs::path& library, const fs::path& work) {
  grade_report r;
  const auto start = std::chrono::steady_clock::now();
  std::error_code ec;
  fs::create_directories(work, ec);
  worker_run w = run_worker(ex, library, work, {}, grade_limit);
  r.learner_output = read_text(work / "output.txt", 4096);
  if (!w.end) {
    r.check = "library";
    r.message = w.end.error_value().reason;
  } else if (w.end->timed_out) {
    r.check = "hang";
    r.message = w.end->stalled
                    ? (w.tail.last.empty() ? std::string{"your code"} : w.tail.last) + " did not return within " +
                          std::to_string(idle_limit.count()) + " s: a loop that never ends? The grader was stopped."
                    : "the grading did not finish within " + std::to_string(std::chrono::seconds{grade_limit}.count()) +
                          " s, though your code kept returning: is a call very slow (a loop over "
                          "the whole heap in every allocate())? The grader was stopped.";
    r.calls = w.tail.calls;
  } else if (w.end->crashed) {
    const u32 original = static_cast<u32>(w.tail.calls.size());
    u32 runs = 0;
    const journal_tail shortest = shrink_crash(ex, library, work, w.tail, &runs);
    r.check = "crash";
    r.message =
        "the grader's process crashed (" + w.end->crash_name + ") in " +
        (shortest.last.empty() ? std::string{"your code"} : shortest.last) +
        ": an index outside an array, a null or dangling pointer? The sandbox is fine; these calls crash your code.";
    r.calls = shortest.calls;
    r.shrunk_from = original > r.calls.size() ? original : 0;
  } else if (!w.verdict.is_object()) {
    r.check = "library";
    r.message = "the grader ended (exit " + std::to_string(w.end->code) + ") without a verdict";
  } else if (w.verdict.contains("error")) {
    r.check = "library";
    r.message = w.verdict["error"].get<std::string>();
  } else {
    r.scenarios_passed = w.verdict.value("scenarios_passed", 0u);
    r.random_cases_passed = w.verdict.value("random_cases_passed", 0u);
    r.random_cases = w.verdict.value("random_cases", 0u);
    if (const auto f = w.verdict.find("failure"); f != w.verdict.end() && f->is_object()) {
      r.check = f->value("check", "");
      r.message = f->value("message", "");
      r.scenario = f->value("scenario", "");
      r.shrunk_from = f->value("shrunk_from", 0u);
      if (f->contains("calls") && (*f)["calls"].is_array())
        for (const auto& c : (*f)["calls"]) r.calls.push_back(c.is_string() ? c.get<std::string>() : c.dump());
    } else {
      r.passed = true;
    }
  }
  r.seconds = seconds_since(start);
  return r;
}

std::vector<std::string> describe(const build_result& b) {
  std::vector<std::string> lines;
  if (!b.problem.empty()) lines.push_back("build: " + b.problem);
  for (const diagnostic& d : b.errors)
    lines.push_back(d.file + ":" + std::to_string(d.line) + ":" + std::to_string(d.column) + ": error: " + d.message);
  if (lines.empty() && !b.ok) lines.push_back("build failed:\n" + b.output);
  return lines;
}

std::vector<std::string> describe(const grade_report& r) {
  std::vector<std::string> lines;
  if (r.passed) {
    lines.push_back("passed: " + std::to_string(r.scenarios_passed) + " lesson scenarios and " +
                    std::to_string(r.random_cases_passed) + " random sequences of calls");
    return lines;
  }
  std::string head = "not yet";
  if (!r.scenario.empty())
    head += " (" + r.scenario + ")";
  else if (r.check != "crash" && r.check != "hang" && r.check != "library")
    head += " (a random sequence, after the " + std::to_string(r.scenarios_passed) + " lesson scenarios passed)";
  lines.push_back(head + ": " + r.message);
  if (!r.calls.empty()) {
    std::string calls = "  the calls";
    if (r.shrunk_from > r.calls.size())
      calls += " (the shortest found; the first sequence had " + std::to_string(r.shrunk_from) + ")";
    lines.push_back(calls + ":");
    for (size_t i = 0; i < r.calls.size(); ++i) lines.push_back("    " + std::to_string(i + 1) + ". " + r.calls[i]);
  }
  if (!r.learner_output.empty()) lines.push_back("  your code printed:\n" + r.learner_output);
  return lines;
}

namespace {

// The lesson, with the learner's library loaded into this process and put in place of the
// engine's part. Headless: played to the end (its checks then judge their code too).
int run_in_engine(const options& opts, const exercise_info& ex, const fs::path& library_path) {
  auto lib = grade::library::open(library_path);
  auto table = lib ? lib->table("xe_exercise_deferred_free") : result<const void*>{lib.error_value()};
  const auto* api = table ? static_cast<const xe_deferred_free_api*>(*table) : nullptr;
  if (!api || api->abi != xe_exercise_abi) {
    std::printf("cannot run your code in the engine: %s\n",
                table ? "it was built against another version of the header" : table.error_value().reason.c_str());
    return exit_script;
  }
  gfx::lab::set_learner_heap_code(api);
  std::printf("lesson %s with your code keeping its heaps' indices%s\n", ex.lesson.c_str(),
              opts.headless ? "" : " (the Heaps tab shows your stack and lists)");
  std::fflush(stdout);
  options lesson = opts;
  lesson.exercise.clear();
  lesson.solution.clear();
  lesson.lesson = ex.lesson;
  lesson.play = opts.headless;
  if (!opts.frames_given) lesson.frames = 0;
  const int code = app{lesson}.run();
  gfx::lab::set_learner_heap_code(nullptr);
  return code;
}

// Set in the environment of the child that plays the lesson on a graded library: it skips
// the copy, the build and the grading.
constexpr const char* in_engine_only = "XE_EXERCISE_IN_ENGINE_ONLY";

// The lesson played headless on the learner's library in a child process first: code that
// passed the grader may still crash or hang on the lesson's heaps (another capacity, another
// sequence), and that must end the child, not the sandbox. Returns the exit code to give, or
// nothing when the child came through and the caller may go on.
struct lesson_child {
  std::optional<int> verdict;  // set when the run must end with it (a crash, a hang, headless)
  std::string output;
};

lesson_child play_in_child(const options& opts, const exercise_info& ex, const fs::path& library,
                           const fs::path& work) {
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
  const fs::path output = work / "lesson.txt";
#if defined(_WIN32)
  _putenv_s(in_engine_only, "1");
#else
  setenv(in_engine_only, "1", 1);
#endif
  // A step prints as it runs: a child silent for 20 s is stuck in the learner's code.
  auto end = run_process(argv, output, {std::chrono::seconds{300}, output, std::chrono::seconds{20}});
#if defined(_WIN32)
  _putenv_s(in_engine_only, "");
#else
  unsetenv(in_engine_only);
#endif
  lesson_child c;
  c.output = read_text(output, 1 << 20);
  if (!end) {
    c.verdict = exit_runtime;
    c.output += end.error_value().reason + "\n";
  } else if (end->crashed) {
    c.verdict = exit_script;
    c.output += "not yet: your code crashed the engine (" + end->crash_name + ") while lesson " + ex.lesson +
                " ran, in the step above; the grader's sequences did not reach that case. The sandbox is fine: it "
                "ran the lesson in a process of its own.\n";
  } else if (end->timed_out) {
    c.verdict = exit_script;
    c.output += "not yet: your code stopped answering while lesson " + ex.lesson +
                " ran (nothing printed for 20 s), in the step above: a loop that never ends? That process was "
                "stopped; the sandbox is fine.\n";
  } else if (opts.headless) {
    c.verdict = end->code;
  }
  return c;
}

}  // namespace

int run_exercise(const options& opts) {
  if (const char* child = std::getenv(in_engine_only); child && *child == '1') {
    auto cat = load_exercises(find_lessons_folder(opts.lessons_dir));
    auto ex = cat ? cat->find(opts.exercise) : result<const exercise_info*>{cat.error_value()};
    if (!ex) return exit_usage;
    return run_in_engine(opts, **ex, opts.solution);
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
  const fs::path work = folder / e.id / "build";
  // A library built elsewhere (Visual Studio, a cross compiler) is graded as it is.
  const std::string ext = source.extension().string();
  const bool prebuilt = ext == ".dll" || ext == ".so";
  build_result b;
  if (prebuilt) {
    b.ok = true;
    b.library = source;
  } else {
    b = build_exercise(*cat, e, source, work);
    if (!b.ok) {
      for (const std::string& line : describe(b)) std::printf("%s\n", line.c_str());
      return exit_script;
    }
    std::printf("built in %.1f s\n", b.seconds);
  }
  const grade_report r = grade_exercise(e, b.library, work);
  for (const std::string& line : describe(r)) std::printf("%s\n", line.c_str());
  std::printf("graded in %.1f s\n", r.seconds);
  std::error_code ec;
  const bool runs = r.passed || (r.check != "crash" && r.check != "hang" && r.check != "library");
  if (e.engine_part.empty() || !runs) {
    if (!prebuilt) fs::remove(b.library, ec);
    return r.passed ? exit_ok : exit_script;
  }
  // Graded without a crash or a hang: their part now runs in the engine, for the lesson:
  // played headless in a child first, then, in a window, in this process.
  const lesson_child child = play_in_child(opts, e, b.library, work);
  if (opts.headless || child.verdict) {
    std::fputs(child.output.c_str(), stdout);
  } else {  // the window replays it: only how the headless run ended
    const auto last = child.output.find_last_of('\n', child.output.size() >= 2 ? child.output.size() - 2 : 0);
    const std::string tail = child.output.substr(last == std::string::npos ? 0 : last + 1);
    std::printf("lesson %s played headless on your code first: %s", e.lesson.c_str(), tail.c_str());
  }
  int lesson = child.verdict.value_or(exit_ok);
  if (!child.verdict) lesson = run_in_engine(opts, e, b.library);
  if (!prebuilt) fs::remove(b.library, ec);
  if (!r.passed) return exit_script;
  return lesson;
}

}  // namespace xe::sandbox
