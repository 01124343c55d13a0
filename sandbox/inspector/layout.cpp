#include "inspector/layout.h"

#include <algorithm>
#include <cmath>

namespace xe::sandbox {

panel_layout compute_layout(f32 width, f32 height, bool with_lesson, bool at_exercise) {
  constexpr f32 margin = 8.f;
  panel_layout out;
  const f32 inner_h = std::max(0.f, height - 2 * margin);
  if (width < wide_min_width) {
    out.compact = true;
    // Two thirds of a 640-pixel window: a lesson's text in lines long enough to read, and
    // the frame still in sight beside it.
    const f32 w = std::clamp(width * 0.66f, std::min(300.f, width - 2 * margin), std::max(0.f, width - 2 * margin));
    out.inspector = {width - margin - w, margin, w, inner_h};
    return out;
  }
  // Wide enough that a step's text reads in a few long lines rather than many short ones.
  const f32 left_w = std::clamp(width * 0.3f, 300.f, 480.f);
  // The inspector takes most of what the two columns leave: its tables and plots are what
  // lessons point at; the frame keeps a strip between them.
  const f32 right_w = std::clamp(width * 0.45f, 400.f, 880.f);
  out.inspector = {width - margin - right_w, margin, right_w, inner_h};
  if (!with_lesson) {
    out.controls = {margin, margin, left_w, inner_h};
    return out;
  }
  // The lesson's text scrolls on its own (what it asks stays in view); the controls below
  // keep room for the sections lessons send the learner to.
  const f32 lesson_h = std::floor((inner_h - margin) * (at_exercise ? 0.5f : 0.6f));
  out.lesson = {margin, margin, left_w, lesson_h};
  out.controls = {margin, margin + lesson_h + margin, left_w, std::max(0.f, inner_h - lesson_h - margin)};
  return out;
}

}  // namespace xe::sandbox
