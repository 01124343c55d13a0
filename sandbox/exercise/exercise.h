#pragma once
// Build it yourself: the learner writes one of the engine's parts (lessons/exercises/<id>/),
// the sandbox builds their file into a library and grades it in a process of its own
// (xengine-grade), so nothing their code does can take the sandbox down.
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "common/types.h"

namespace xe::sandbox {

struct exercise_info {
  std::string id;      // "07-free-stack": its folder under lessons/exercises/
  std::string lesson;  // the lesson it belongs to
  std::string file;    // the learner's file, copied from the skeleton of that name
  std::string header;  // the part's interface, beside it
  std::string title;   // English (titles: in every language the catalogue has)
  // Where their part runs in the engine once graded: "heaps" (the lesson's heaps keep
  // their indices with it), "releases" (the engine's deferred release of COM objects runs
  // it), "surfaces" (the learner's free_list chooses the surfaces' slots), "frames" (the
  // command queue's frame ring runs it), or "" (graded only).
  std::string engine_part;
  // Texts by language code ("en" always): the title, and what the engine's own version does
  // differently and why (said once the learner's code passes).
  std::map<std::string, std::string> titles;
  std::map<std::string, std::string> engine_differs;
  std::filesystem::path home;  // lessons/exercises/<id>/
};

// A text of the catalogue in a language, or in English when it has none.
const std::string& text_in(const std::map<std::string, std::string>& texts, const std::string& code);

struct exercise_catalogue {
  std::filesystem::path folder;  // lessons/exercises/
  std::vector<exercise_info> exercises;
  // An id, a unique prefix of one ("07-free"), or a lesson number ("07": its first exercise).
  result<const exercise_info*> find(std::string_view name) const;
};

result<exercise_catalogue> load_exercises(const std::filesystem::path& lessons_folder);

// Where a learner's copies live: $XDG_DATA_HOME/xengine-sandbox/exercises (or
// ~/.local/share/...; %LOCALAPPDATA% on Windows).
std::filesystem::path learner_exercise_folder();

// The learner's copy of the skeleton (and read-only copies of the headers beside it), made
// if it is not there yet; an existing file is never replaced. Returns its path.
result<std::filesystem::path> learner_copy(const exercise_catalogue& cat, const exercise_info& ex,
                                           const std::filesystem::path& folder, bool* created);

struct diagnostic {
  std::string file;
  u32 line{0};
  u32 column{0};
  std::string message;
};

struct build_result {
  bool ok{false};
  std::filesystem::path library;
  std::vector<diagnostic> errors;  // the compiler's errors, first first
  std::string output;              // everything it printed
  std::string problem;             // no compiler, it could not start, it hung
  double seconds{0};
};

build_result build_exercise(const exercise_catalogue& cat, const exercise_info& ex, const std::filesystem::path& source,
                            const std::filesystem::path& build_folder);

struct grade_report {
  bool passed{false};
  u32 scenarios_passed{0};
  u32 random_cases_passed{0};
  u32 random_cases{0};
  std::string check;    // the failed check's name, "crash", "hang", "library"
  std::string message;  // what is wrong
  std::string scenario;
  std::vector<std::string> calls;  // the shortest sequence found, the failing call last
  u32 shrunk_from{0};
  std::string learner_output;  // what their code printed (cut)
  double seconds{0};
};

// Runs xengine-grade (beside this executable) on the library, with a time limit; a crash is
// replayed on shorter sequences until the shortest that still crashes.
grade_report grade_exercise(const exercise_info& ex, const std::filesystem::path& library,
                            const std::filesystem::path& work_folder);

std::vector<std::string> describe(const build_result& b);
std::vector<std::string> describe(const grade_report& r);

// The first max_bytes of a file (all of it when shorter; "" when it cannot be read).
std::string read_start(const std::filesystem::path& path, size_t max_bytes);

}  // namespace xe::sandbox
