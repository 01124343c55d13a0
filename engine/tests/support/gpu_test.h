#pragma once
// A real renderer on vkd3d + lavapipe for each test; TearDown checks the shutdown was
// clean and that no validation error was reported while the test ran.
#include <gtest/gtest.h>

#include "graphics/lab.h"
#include "graphics/renderer.h"

namespace xe::test {

class gpu_test : public ::testing::Test {
protected:
  void SetUp() override {
    auto r = gfx::initialize(renderer_desc());
    ASSERT_TRUE(r) << r.error_value().reason;
  }
  void TearDown() override {
    EXPECT_EQ(gfx::get_validation_error_count(), 0u) << "validation errors were reported";
    const gfx::shutdown_report report = gfx::shutdown();
    EXPECT_EQ(report.device_references_left, 0u);
    EXPECT_EQ(report.objects_still_tracked, 0u);
  }
  virtual gfx::renderer_desc renderer_desc() const { return {}; }

  // Renders one frame that captures surface, and returns the captured image.
  static result<gfx::image_rgba8> capture(gfx::surface_id surface, gfx::color clear = {}) {
    XE_TRY(gfx::request_capture(surface));
    XE_TRY(gfx::begin_frame());
    XE_TRY(gfx::render_surface(surface, clear));
    XE_TRY(gfx::end_frame());
    return gfx::take_capture(surface);
  }

  // Runs one frame that clears each given surface.
  static void run_frame(std::initializer_list<gfx::surface_id> surfaces = {}, gfx::color clear = {}) {
    ASSERT_TRUE(gfx::begin_frame());
    for (auto s : surfaces) ASSERT_TRUE(gfx::render_surface(s, clear));
    ASSERT_TRUE(gfx::end_frame());
  }
};

struct rgba {
  int r, g, b, a;
};
inline rgba pixel(const gfx::image_rgba8& image, u32 x, u32 y) {
  const u8* p = image.pixels.data() + (static_cast<size_t>(y) * image.width + x) * 4;
  return {p[0], p[1], p[2], p[3]};
}
#define EXPECT_PIXEL_NEAR(actual, er, eg, eb, tolerance) \
  do {                                                   \
    const ::xe::test::rgba px_ = (actual);               \
    EXPECT_NEAR(px_.r, er, tolerance) << "red";          \
    EXPECT_NEAR(px_.g, eg, tolerance) << "green";        \
    EXPECT_NEAR(px_.b, eb, tolerance) << "blue";         \
  } while (0)

// ASSERT on a result, printing its reason.
#define XE_ASSERT_OK(expr)                                             \
  do {                                                                 \
    auto&& xe_r_ = (expr);                                             \
    ASSERT_TRUE(xe_r_) << #expr << ": " << xe_r_.error_value().reason; \
  } while (0)

}  // namespace xe::test
