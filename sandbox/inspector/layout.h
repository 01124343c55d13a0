#pragma once
// Where the overlay's panels go for a display size. Wide displays (at least wide_min_width
// pixels) get three panels: the lesson and the controls stacked in a left column, the
// inspector in a right column, the frame visible between them. Narrower ones get one
// panel on the right with the three as tabs. Every rectangle lies inside the display and
// none overlaps another; panels may be shorter than their rectangle (sized to content).
#include "common/types.h"

namespace xe::sandbox {

struct panel_rect {
  f32 x{}, y{}, w{}, h{};
  f32 right() const { return x + w; }
  f32 bottom() const { return y + h; }
  bool overlaps(const panel_rect& o) const {
    return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
  }
  bool inside(f32 width, f32 height) const { return x >= 0 && y >= 0 && right() <= width && bottom() <= height; }
};

struct panel_layout {
  bool compact{false};
  panel_rect lesson;     // wide only (and only with lessons)
  panel_rect controls;   // wide only
  panel_rect inspector;  // wide; compact: the one tabbed panel
};

constexpr f32 wide_min_width{1000.f};

// at_exercise: the lesson waits for the learner to use the controls, which get more of the
// left column (the lesson's text scrolls).
panel_layout compute_layout(f32 width, f32 height, bool with_lesson, bool at_exercise = false);

}  // namespace xe::sandbox
