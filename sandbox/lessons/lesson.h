#pragma once
// Lessons (docs/lesson-authoring.md, docs/lesson.schema.json): one file per wiki chapter.
// Each step has Simplified Chinese and English text, actions in the scenario-script
// vocabulary, expectations on the engine's state, an optional prediction whose answer is
// read from the engine after the step, and a focus for the inspector.
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "io/json_input.h"
#include "text/text.h"
#include "script/action.h"
#include "script/expect.h"

namespace xe::sandbox {

struct lesson_focus {
  std::string panel;       // an inspector panel: "Heaps", "Deferred", "Fences", ...
  std::string heap;        // Heaps: which heap
  std::vector<u32> cells;  // Heaps: indices to outline
  // Heaps: also outline the indices read at this pointer just before the step runs (the
  // ones the step returns, whatever the run's buffer count); empty: none.
  std::string cells_before;
  nlohmann::json::json_pointer cells_before_at;
  u32 slot{invalid_id};     // Deferred: the frame slot whose queue the step is about
  u32 surface{invalid_id};  // Surfaces: the surface slot the step is about
  std::string resource;     // Resources: the row (a resource's name) the step is about
};

struct choice {
  nlohmann::json value;            // compared with the answer read from the engine
  std::optional<localized> label;  // shown instead of the value when given
};

struct prediction {
  // Where the answer comes from: the engine's state after the step ("answer": POINTER),
  // the change at a pointer across the step ({"change_of": POINTER}), or a documented fact
  // the engine cannot show ({"value": V}; the step's text says where it comes from).
  enum class source : u8 { state, change, fact };
  localized question;
  std::vector<choice> choices;  // the answer must be one of them
  source from{source::state};
  std::string answer_path;  // state and change: read after (and before) the step runs
  nlohmann::json::json_pointer answer;
  nlohmann::json fact;  // fact: the answer
};

// A section of the learning wiki (or of its companion notes) a step comes from.
struct wiki_ref {
  std::string section;  // "7.6", "changelog-2026-03-30": an id in lessons/wiki-sections.json
  localized title;      // filled in by load_lessons (empty when a file is parsed alone)
};

// Where the engine does what a step shows: a source file and a symbol in it.
struct code_ref {
  std::string file;    // from the source tree's root: "engine/include/utilities/free_list.h"
  std::string symbol;  // "utl::free_list::remove"
};

// "Your turn": a step that runs no actions of its own. The learner does the task with the
// inspector's controls; the step passes when its expectations hold on the live engine,
// measured against the state when the exercise began. A played run (--play, tests) runs
// the solution instead: the actions the controls would make.
struct exercise {
  localized task;                       // what to do, shown while the exercise waits
  std::vector<actions::step> solution;  // only what the Controls panel can do
};

struct lesson_step {
  u32 number{};
  localized title;
  localized text;  // an exercise's text is shown once it passes
  std::vector<actions::step> actions;
  std::vector<actions::expect> expect;  // checked after the actions (an exercise: on the live state)
  std::optional<lesson_focus> focus;
  std::optional<prediction> predict;
  std::vector<wiki_ref> wiki;  // where in the wiki the step comes from
  std::vector<code_ref> code;  // where in the engine it happens
  std::optional<sandbox::exercise> exercise;
  // The engine faults (common/fault.h) the step's checks are there to catch: the fault
  // matrix (tools/fault_matrix.py) fails when one is not caught. Every checked step names one.
  std::vector<std::string> catches;
  // The controls, panels and fields its text names ({ui:KEY}): the inspector opens the
  // sections that hold them.
  std::vector<std::string> names;
};

struct lesson {
  std::string id;      // file name without .json, e.g. "07-descriptor-heaps", "07b-wiki-heap-and-resources"
  std::string number;  // the id up to its first '-': the chapter and, for a second part, a letter ("07b")
  u32 chapter{};       // the wiki chapter (both parts of one chapter share it)
  localized title;
  localized summary;
  std::vector<lesson_step> steps;
  std::string source;  // the file, for messages
};

// Errors name the file and, where it applies, the step: "lesson 'FILE': step 3: ...".
result<lesson> parse_lesson(std::string_view text, std::string_view source,
                            const json_limits& limits = document_limits);
// errc::io: the file cannot be read (missing, a folder, a FIFO, a device); errc::parse: its content.
result<lesson> load_lesson(const std::filesystem::path& file);
// Every lesson file (NN-name.json or NNx-name.json) in folder, in chapter order: 07 before
// 07b before 08. The folder's data files (glossary.json, wiki-sections.json) are checked
// too, when present: a bad one fails like a bad lesson, naming the file. Each step's wiki
// references must name a section of wiki-sections.json; their titles are filled in.
result<std::vector<lesson>> load_lessons(const std::filesystem::path& folder);
// A lesson file's name: NN-name.json or NNx-name.json (not the data files beside them).
bool is_lesson_file(const std::filesystem::path& file);
// The folder's data files, beside the lessons.
inline constexpr const char* glossary_file{"glossary.json"};
inline constexpr const char* wiki_sections_file{"wiki-sections.json"};
// "wiki 7.6 FreeList 栈式索引管理" (a numbered section) or the title alone (a companion note).
std::string cite(const wiki_ref& ref, language l);
// Why ref does not hold in the source tree at root (its file is missing, or the last
// component of its symbol is not a whole identifier in it), or nothing when it holds.
std::optional<std::string> check_code_ref(const code_ref& ref, const std::filesystem::path& root);
// The lessons folder: an explicit one, else ./lessons, else the installed one found from
// the executable (io/data_paths.h), which for a binary in its build tree is the source's.
std::filesystem::path find_lessons_folder(const std::string& explicit_folder);

}  // namespace xe::sandbox
