#pragma once
// What a lesson prints on a console, the same for a headless run and a windowed one:
// before a step runs, its intro (title, the prediction and its choices); after, its report
// (the label of the engine's answer, the step's text, what its checks recorded, and the
// state the step is about: the free stack, the deferred slots, the fence values...). The
// text comes after the step, as in the lesson panel: it explains what just happened and
// may give the answer away.
// The engine's log is held back while a lesson plays (log_capture) and printed inside an
// outcome, never between lines of lesson text; an expected failure prints as expected,
// never as an error. Lines that depend on the run rather than the lesson (timings, addresses,
// what the window system chose) start with "   ≈", engine log lines with "   !"; all other
// lines are the same in every run of the same steps, headless or windowed.
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>
#include <spdlog/common.h>

#include "lessons/lesson.h"
#include "lessons/lesson_player.h"

namespace xe::sandbox::lesson_console {

struct log_line {
  spdlog::level::level_enum level{};
  std::string text;
};

// While it lives: the engine's log stays off stderr and is collected here. One at a time.
class log_capture {
public:
  log_capture();
  ~log_capture();
  log_capture(const log_capture&) = delete;
  log_capture& operator=(const log_capture&) = delete;
  std::vector<log_line> take();  // the lines since the last take

private:
  struct sink;
  std::shared_ptr<sink> _sink;
};

// Where a step comes from: "wiki 7.6 Free-list index stack · engine/.../d3d12_descriptor_heap.cpp
// `descriptor_heap::free`" (the lesson panel shows the same line).
std::string references(const lesson_step& step, language lang);
// "== 07 Descriptor heaps..."
std::string lesson_header(const lesson& l, language lang);
// Title and the prediction with its choices, before the step runs.
std::string step_intro(const lesson& l, const lesson_step& step, language lang);
// After the step: the chosen label, the text, the step's checks, the state it is about,
// and the engine's warnings and errors (expected failures left out: the checks show them).
// state: the evaluation document after the step.
std::string step_report(const lesson_step& step, const step_outcome& outcome, const nlohmann::json& state,
                        std::span<const log_line> log, language lang);
// The engine's warnings and errors from lines (for a failed step, or a lesson's start).
std::string log_lines(std::span<const log_line> log, language lang);

// The label of the choice whose value is answer, or the value itself when it has none.
std::string chosen_label(const prediction& p, const nlohmann::json& answer, language lang);
// The state lines for the step's focus, read from state (with the frame line first).
std::string focus_state(const lesson_step& step, const nlohmann::json& state, language lang);

}  // namespace xe::sandbox::lesson_console
