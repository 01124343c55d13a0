// --exercise (exercise/exercise.h): the loop a learner runs, from the copy of the skeleton to
// the lesson played on their code. Here, at the top, because it ends by running the app.
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "07-deferred-free/deferred_free.h"
#include "app/app.h"
#include "app/cli.h"
#include "exercise/exercise.h"
#include "exercise/library.h"
#include "exercise/process.h"
#include "graphics/lab.h"
#include "lessons/lesson.h"
#include "platform/paths.h"

namespace xe::sandbox {
namespace fs = std::filesystem;

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
  // A step prints as it runs: a child silent for 20 s is stuck in the learner's code.
  const auto end = [&] {
    const scoped_environment child{in_engine_only, "1"};
    return run_process(argv, output, {std::chrono::seconds{300}, output, std::chrono::seconds{20}});
  }();
  lesson_child c;
  c.output = read_start(output, 1 << 20);
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
  } else {  // the window replays it: only how the headless run ended (its verdict line)
    std::string verdict = "it ended without a verdict";
    std::istringstream lines{child.output};
    for (std::string line; std::getline(lines, line);)
      if (line.find(" lesson(s), ") != std::string::npos || line.find("xengine-sandbox: lesson ") == 0) verdict = line;
    std::printf("lesson %s played headless on your code first: %s\n", e.lesson.c_str(), verdict.c_str());
  }
  int lesson = child.verdict.value_or(exit_ok);
  if (!child.verdict) lesson = run_in_engine(opts, e, b.library);
  if (!prebuilt) fs::remove(b.library, ec);
  if (!r.passed) return exit_script;
  return lesson;
}

}  // namespace xe::sandbox
