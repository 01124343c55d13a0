#pragma once
// The GPU tests' engine: started with one 32x32 offscreen surface, run a whole frame at a time,
// and shut down with nothing wrong left: no validation error, no device reference, no object
// still tracked.
#include <gtest/gtest.h>

#include "graphics/renderer.h"

namespace xe::sandbox {

class engine_with_a_surface : public ::testing::Test {
protected:
  // After what the engine takes at initialize (a learner's code) was set.
  void start() {
    ASSERT_TRUE(gfx::initialize());
    auto s = gfx::create_surface({.width = 32, .height = 32});
    ASSERT_TRUE(s);
    _surface = *s;
  }
  void TearDown() override {
    EXPECT_EQ(gfx::get_validation_error_count(), 0u);
    const auto report = gfx::shutdown();
    EXPECT_EQ(report.device_references_left, 0u);
    EXPECT_EQ(report.objects_still_tracked, 0u);
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      ASSERT_TRUE(gfx::begin_frame());
      ASSERT_TRUE(gfx::render_surface(_surface, gfx::color{}));
      ASSERT_TRUE(gfx::end_frame());
    }
  }
  gfx::surface_id _surface;
};

}  // namespace xe::sandbox
