// xengine-grade: the grading worker. The sandbox (exercise.cpp) starts it for each grading
// with the learner's library, so a crash, a hang or an exception in the learner's code ends
// this process, never the sandbox. Not meant to be run by hand, though it can be:
//   xengine-grade EXERCISE LIBRARY JOURNAL RESULT [--cases N] [--seed N] [--replay OPS]
// The journal gets every call before it is made; RESULT gets the verdict (JSON) at the end.
// Exit: 0 graded (RESULT says how), 2 usage, 4 the library could not be used.
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>


#include "exercise/grader.h"
#include "exercise/library.h"

namespace {

using namespace xe::grade;

int usage(const char* why) {
  std::fprintf(
      stderr,
      "xengine-grade: %s\nusage: xengine-grade EXERCISE LIBRARY JOURNAL RESULT [--cases N] [--seed N] [--replay OPS]\n",
      why);
  return 2;
}

bool write_result(const std::string& path, const nlohmann::json& j) {
  std::ofstream out{path, std::ios::binary | std::ios::trunc};
  out << j.dump(2) << '\n';
  return static_cast<bool>(out.flush());
}

nlohmann::json to_json(const failure& f) {
  return {{"check", f.check},
          {"message", f.message},
          {"calls", f.calls},
          {"scenario", f.scenario},
          {"shrunk_from", f.shrunk_from}};
}

bool parse_u32(std::string_view text, xe::u32& out) {
  if (text.empty() || text.size() > 9) return false;
  xe::u32 v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<xe::u32>(c - '0');
  }
  out = v;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  if (!tie_to_sandbox()) return 4;
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() < 4) return usage("missing arguments");
  grade_options opts;
  std::optional<std::vector<op>> replay;
  for (size_t i = 4; i < args.size(); i += 2) {
    if (i + 1 >= args.size()) return usage(("no value after " + args[i]).c_str());
    if (args[i] == "--cases" && parse_u32(args[i + 1], opts.random_cases)) continue;
    if (args[i] == "--seed" && parse_u32(args[i + 1], opts.seed)) continue;
    if (args[i] == "--replay" && (replay = parse_ops(args[i + 1]))) continue;
    return usage(("bad option " + args[i] + " " + args[i + 1]).c_str());
  }
  const exercise_grader* g = find_grader(args[0]);
  if (!g) return usage(("no exercise " + args[0]).c_str());

  auto lib = library::open(args[1]);
  auto table = lib ? lib->table(std::string{g->symbol}) : xe::result<const void*>{lib.error_value()};
  if (table && (!*table || !g->bind(*table)))
    table =
        xe::make_error(xe::errc::unsupported, "the library was built against another version of the exercise's header");
  if (!table) {
    write_result(args[3], {{"error", table.error_value().reason}});
    return 4;
  }

  std::FILE* journal_file = std::fopen(args[2].c_str(), "wb");
  if (!journal_file) return usage("cannot write the journal");
  journal j{journal_file};
  nlohmann::json out{{"exercise", g->id}};
  if (replay) {
    j.begin("replay", *replay);
    run_context ctx{&j, *replay};
    if (auto f = g->run(ctx)) out["failure"] = to_json(*f);
  } else {
    const grade_result r = grade(*g, j, opts);
    out["scenarios_passed"] = r.scenarios_passed;
    out["random_cases_passed"] = r.random_cases_passed;
    out["random_cases"] = opts.random_cases;
    if (r.failed) out["failure"] = to_json(*r.failed);
  }
  std::fclose(journal_file);
  return write_result(args[3], out) ? 0 : 4;
}
