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
#include "script/actions.h"

namespace xe::sandbox {

enum class language : u8 { zh, en };
const char* to_string(language l);

struct bilingual {
  std::string zh;
  std::string en;
  const std::string& in(language l) const { return l == language::zh ? zh : en; }
};

struct lesson_focus {
  std::string panel;          // an inspector panel: "Heaps", "Deferred", "Fences", ...
  std::string heap;           // Heaps: which heap
  std::vector<u32> cells;     // Heaps: indices to outline
  u32 slot{invalid_id};       // Deferred: the frame slot whose queue the step is about
  u32 surface{invalid_id};    // Surfaces: the surface slot the step is about
};

struct choice {
  nlohmann::json value;            // compared with the answer read from the engine
  std::optional<bilingual> label;  // shown instead of the value when given
};

struct prediction {
  // Where the answer comes from: the engine's state after the step ("answer": POINTER),
  // the change at a pointer across the step ({"change_of": POINTER}), or a documented fact
  // the engine cannot show ({"value": V}; the step's text says where it comes from).
  enum class source : u8 { state, change, fact };
  bilingual question;
  std::vector<choice> choices;     // the answer must be one of them
  source from{source::state};
  std::string answer_path;         // state and change: read after (and before) the step runs
  nlohmann::json::json_pointer answer;
  nlohmann::json fact;             // fact: the answer
};

struct lesson_step {
  u32 number{};
  bilingual title;
  bilingual text;
  std::vector<actions::step> actions;
  std::vector<actions::expect> expect;  // checked after the actions
  std::optional<lesson_focus> focus;
  std::optional<prediction> predict;
};

struct lesson {
  std::string id;       // file name without .json, e.g. "07-descriptor-heaps"
  u32 chapter{};
  bilingual title;
  bilingual summary;
  std::vector<lesson_step> steps;
  std::string source;   // the file, for messages
};

// Errors name the file and, where it applies, the step: "lesson 'FILE': step 3: ...".
result<lesson> parse_lesson(std::string_view text, std::string_view source, const json_limits& limits = document_limits);
// errc::io: the file cannot be read (missing, a folder, a FIFO, a device); errc::parse: its content.
result<lesson> load_lesson(const std::filesystem::path& file);
// Every *.json in folder, in chapter order.
result<std::vector<lesson>> load_lessons(const std::filesystem::path& folder);
// The lessons folder: an explicit one, else ./lessons, else the installed one found from
// the executable (app/data_paths.h), which for a binary in its build tree is the source's.
std::filesystem::path find_lessons_folder(const std::string& explicit_folder);

} // namespace xe::sandbox
