// The overlay's layout at the window sizes learners use: every panel inside the window,
// none over another, the frame visible between them when the window is wide.
#include <gtest/gtest.h>

#include "inspector/layout.h"

namespace xe::sandbox {
namespace {

struct size {
  f32 w, h;
};
constexpr size sizes[] = {{640, 360}, {800, 600}, {1280, 720}, {1920, 1080}, {1000, 600}, {999, 600}, {320, 200}};

TEST(layout, panels_lie_inside_the_window_and_apart) {
  for (const size s : sizes)
    for (const bool lesson : {false, true}) {
      const panel_layout l = compute_layout(s.w, s.h, lesson);
      SCOPED_TRACE(testing::Message() << s.w << "x" << s.h << (lesson ? " with a lesson" : ""));
      EXPECT_TRUE(l.inspector.inside(s.w, s.h));
      EXPECT_GT(l.inspector.w, 0.f);
      if (l.compact) continue;  // one tabbed panel
      EXPECT_TRUE(l.controls.inside(s.w, s.h));
      EXPECT_FALSE(l.controls.overlaps(l.inspector));
      if (lesson) {
        EXPECT_TRUE(l.lesson.inside(s.w, s.h));
        EXPECT_FALSE(l.lesson.overlaps(l.inspector));
        EXPECT_FALSE(l.lesson.overlaps(l.controls));
      }
      // The frame shows between the columns.
      EXPECT_GE(l.inspector.x - l.controls.right(), 200.f);
    }
}

// At an exercise the controls get more of the left column, the lesson less, both still apart.
TEST(layout, an_exercise_gives_the_controls_more_room) {
  for (const size s : {size{1280, 720}, size{1920, 1080}, size{1000, 600}}) {
    const panel_layout reading = compute_layout(s.w, s.h, true), doing = compute_layout(s.w, s.h, true, true);
    EXPECT_GT(doing.controls.h, reading.controls.h) << s.w;
    EXPECT_LT(doing.lesson.h, reading.lesson.h) << s.w;
    EXPECT_FALSE(doing.lesson.overlaps(doing.controls)) << s.w;
    EXPECT_TRUE(doing.controls.inside(s.w, s.h)) << s.w;
  }
}

TEST(layout, narrow_windows_get_one_tabbed_panel_that_leaves_part_of_the_frame) {
  for (const size s : {size{640, 360}, size{800, 600}, size{999, 600}}) {
    const panel_layout l = compute_layout(s.w, s.h, true);
    EXPECT_TRUE(l.compact) << s.w;
    EXPECT_LT(l.inspector.w, s.w * 0.7f) << s.w;
  }
  EXPECT_FALSE(compute_layout(1000, 600, true).compact);
}

}  // namespace
}  // namespace xe::sandbox
