#include "exercise/exercise.h"

#include <algorithm>
#include <cctype>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <regex>
#include <sstream>

#include <nlohmann/json.hpp>

#include "exercise/process.h"
#include "io/files.h"
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

}  // namespace

std::string read_start(const fs::path& path, size_t max_bytes) {
  std::ifstream in{path, std::ios::binary};
  std::string text(max_bytes, '\0');
  in.read(text.data(), static_cast<std::streamsize>(max_bytes));
  text.resize(static_cast<size_t>(in.gcount()));
  return text;
}

namespace {

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
    const char* fields[] = {"id", "lesson", "file", "header"};
    for (const char* f : fields)
      if (!e.is_object() || !e.contains(f) || !e[f].is_string())
        return make_error(errc::parse, file.string() + ": an exercise without a string \"" + f + "\"");
    const auto part = e.find("engine_part");
    constexpr std::string_view parts[] = {"heaps", "releases", "surfaces", "frames"};
    if (part != e.end() &&
        (!part->is_string() || std::ranges::find(parts, part->get<std::string>()) == std::end(parts)))
      return make_error(errc::parse, file.string() + ": exercise " + e["id"].get<std::string>() +
                                         ": \"engine_part\" must be \"heaps\", \"releases\", \"surfaces\" or "
                                         "\"frames\"");
    exercise_info ex{e["id"], e["lesson"], e["file"], e["header"], {}, part != e.end() ? *part : "", {}, {}, {}};
    // {"en": ..., "zh": ...}: English at least.
    for (const auto& [name, texts] :
         {std::pair{"title", &ex.titles}, std::pair{"engine_differs", &ex.engine_differs}}) {
      const auto it = e.find(name);
      if (it == e.end() || !it->is_object() || !it->contains("en"))
        return make_error(
            errc::parse, file.string() + ": exercise " + ex.id + " has no \"" + name + "\" object with an \"en\" text");
      for (const auto& [code, said] : it->items()) {
        if (!said.is_string())
          return make_error(errc::parse,
                            file.string() + ": exercise " + ex.id + ": " + name + "/" + code + " is not a string");
        (*texts)[code] = said.get<std::string>();
      }
    }
    ex.title = ex.titles.at("en");
    ex.home = cat.folder / ex.id;
    cat.exercises.push_back(std::move(ex));
  }
  return cat;
}

const std::string& text_in(const std::map<std::string, std::string>& texts, const std::string& code) {
  const auto it = texts.find(code);
  return it != texts.end() ? it->second : texts.at("en");
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
  if (const fs::path base = this_platform().learner_data_base; !base.empty())
    return base / "xengine-sandbox" / "exercises";
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
  static std::atomic<u32> builds = 0;
  const exercise_platform platform = this_platform();
  b.library =
      build_folder / (fs::path{ex.file}.stem().string() + "-" + std::to_string(++builds) + platform.library_suffix);
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
  argv.push_back(platform.library_flag);
  argv.insert(argv.end(), {source.string(), "-o", b.library.string()});
  const fs::path log = build_folder / "build.log";
  // The C locale: ASCII quotes and English, as the panel's font and the grader's words.
  auto end = run_process(argv, log, {compile_limit, {}, {}, {"LC_ALL=C"}});
  b.seconds = seconds_since(start);
  b.output = read_start(log, 64 * 1024);
  if (!end) {
    b.problem = end.error_value().reason + " (" + platform.no_compiler_hint + ")";
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
  return platform::executable_path().parent_path() / (std::string{"xengine-grade"} + this_platform().executable_suffix);
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
  w.verdict = nlohmann::json::parse(read_start(verdict, 1 << 20), nullptr, false);
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
  r.learner_output = read_start(work / "output.txt", 4096);
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

}  // namespace xe::sandbox
