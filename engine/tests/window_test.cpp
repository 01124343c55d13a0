// Real windows and swap chains (SDL2 + Vulkan WSI under Xvfb here; Win32 + DXGI on
// Windows). Skipped when no display is reachable; tools/test.sh starts Xvfb and openbox.
#include <algorithm>
#include <memory>
#include <random>

#include "gpu_test.h"
#include "platform/window.h"

namespace xe::test {
namespace {

class window_test : public gpu_test {
protected:
  void SetUp() override {
    if (!platform::has_display()) GTEST_SKIP() << "no display";
    gpu_test::SetUp();
  }
  void TearDown() override {
    if (!platform::has_display()) return;
    gpu_test::TearDown();  // removes the surfaces before the windows below are destroyed
    _windows.clear();
  }

  struct opened {
    platform::window* window;
    gfx::surface_id surface;
  };
  opened open(u32 width, u32 height) {
    auto w = platform::create_window({.title = "window_test", .width = width, .height = height});
    EXPECT_TRUE(w) << w.error_value().reason;
    if (!w) return {};
    platform::window* raw = w->get();
    _windows.push_back(std::move(*w));
    auto s = gfx::create_surface({.window = raw});
    EXPECT_TRUE(s) << s.error_value().reason;
    return {raw, s ? *s : gfx::surface_id{}};
  }
  static void frames(const std::vector<opened>& all, int count) {
    std::vector<platform::window_event> events;
    for (int i = 0; i < count; ++i) {
      platform::poll_events(events);
      ASSERT_TRUE(gfx::begin_frame());
      for (const opened& o : all) ASSERT_TRUE(gfx::render_surface(o.surface, gfx::color{0.2f, 0.4f, 0.6f, 1.f}));
      ASSERT_TRUE(gfx::end_frame());
    }
  }
  static gfx::surface_info info(gfx::surface_id id) { return gfx::calculate_surfaces_info().slots[id.index()]; }

  std::vector<std::unique_ptr<platform::window>> _windows;
};

TEST_F(window_test, four_windows_close_the_second_and_the_next_takes_its_slot) {
  std::vector<opened> all;
  for (int i = 0; i < 4; ++i) all.push_back(open(200 + 40 * i, 150));
  frames(all, 3);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(all[i].surface.index(), static_cast<u32>(i));
  EXPECT_EQ(info(all[2].surface).kind, "window");
  EXPECT_EQ(info(all[2].surface).width, 280u);

  XE_ASSERT_OK(gfx::remove_surface(all[1].surface));
  all.erase(all.begin() + 1);
  frames(all, 2);
  EXPECT_EQ(gfx::calculate_surfaces_info().next_free, 1u);

  all.push_back(open(320, 240));
  EXPECT_EQ(all.back().surface.index(), 1u) << "the newest freed slot is reused";
  frames(all, 3);
  EXPECT_TRUE(info(all.back().surface).live);
  EXPECT_EQ(info(all.back().surface).width, 320u);
}

// Random sizes (0 x 0 minimises, 1 x 1 included) and fullscreen toggles across windows:
// no errors, no validation messages, and after the deferred queues drain the RTV and DSV
// heaps are back to their baseline (nothing leaked through the rebuilds).
TEST_F(window_test, resizes_and_fullscreen_toggles_rebuild_without_leaks) {
  std::vector<opened> all;
  for (int i = 0; i < 3; ++i) all.push_back(open(300, 200));
  frames(all, 3);
  const u32 rtv_baseline = gfx::get_heap_info(0).size;
  const u32 dsv_baseline = gfx::get_heap_info(1).size;

  std::mt19937 rng{1234};
  auto extent = [&](u32 max) { return 1 + rng() % max; };
  for (int i = 0; i < 200; ++i) {
    const opened& o = all[rng() % all.size()];
    u32 w = extent(900), h = extent(700);
    if (i % 25 == 0) w = h = 0;
    if (i % 25 == 1) w = h = 1;
    XE_ASSERT_OK(o.window->resize(w, h));
    XE_ASSERT_OK(gfx::resize_surface(o.surface, o.window->width(), o.window->height()));
    if (w && h) {
      EXPECT_EQ(info(o.surface).width, o.window->width());
      EXPECT_EQ(info(o.surface).height, o.window->height());
    } else {
      EXPECT_EQ(info(o.surface).width, 0u) << "minimised: zero extent";
    }
    frames(all, 1);
  }
  for (int i = 0; i < 50; ++i) {
    const opened& o = all[i % all.size()];
    XE_ASSERT_OK(o.window->set_fullscreen(!o.window->is_fullscreen()));
    XE_ASSERT_OK(gfx::resize_surface(o.surface, o.window->width(), o.window->height()));
    EXPECT_EQ(info(o.surface).fullscreen, o.window->is_fullscreen());
    frames(all, 1);
  }
  for (const opened& o : all) {
    if (o.window->is_fullscreen()) XE_ASSERT_OK(o.window->set_fullscreen(false));
    XE_ASSERT_OK(o.window->resize(300, 200));
    XE_ASSERT_OK(gfx::resize_surface(o.surface, 300, 200));
  }
  frames(all, 4);
  EXPECT_EQ(gfx::get_heap_info(0).size, rtv_baseline);
  EXPECT_EQ(gfx::get_heap_info(1).size, dsv_baseline);
}

TEST_F(window_test, screenshots_have_exactly_the_new_size) {
  opened o = open(256, 256);
  for (auto [w, h] : {std::pair<u32, u32>{640, 480}, {333, 222}, {1, 1}, {801, 97}}) {
    XE_ASSERT_OK(o.window->resize(w, h));
    XE_ASSERT_OK(gfx::resize_surface(o.surface, w, h));
    ASSERT_EQ(o.window->width(), w) << "the window system did not apply " << w << "x" << h;
    auto image = capture(o.surface, {1.f, 0.f, 0.f, 1.f});
    ASSERT_TRUE(image) << image.error_value().reason;
    EXPECT_EQ(image->width, w);
    EXPECT_EQ(image->height, h);
    EXPECT_EQ(image->pixels[0], 255);  // red channel, converted from BGRA
    EXPECT_EQ(image->pixels[2], 0);
  }
}

TEST_F(window_test, fullscreen_is_borderless_and_sized_to_the_display) {
  opened o = open(320, 240);
  frames({o}, 2);
  XE_ASSERT_OK(o.window->set_fullscreen(true));
  XE_ASSERT_OK(gfx::resize_surface(o.surface, 0, 0));
  EXPECT_TRUE(o.window->is_fullscreen());
  EXPECT_GT(info(o.surface).width, 320u) << "needs a window manager on the display (openbox)";
  EXPECT_TRUE(info(o.surface).fullscreen);
  frames({o}, 2);
  XE_ASSERT_OK(o.window->set_fullscreen(false));
  XE_ASSERT_OK(gfx::resize_surface(o.surface, 0, 0));
  EXPECT_EQ(info(o.surface).width, 320u);
  EXPECT_FALSE(info(o.surface).fullscreen);
  frames({o}, 2);
}

TEST_F(window_test, minimised_window_skips_frames_without_errors) {
  opened o = open(200, 100);
  frames({o}, 2);
  XE_ASSERT_OK(o.window->resize(0, 0));
  EXPECT_TRUE(o.window->is_minimized());
  const u64 before = gfx::get_frame_stats().frame_number;
  frames({o}, 5);
  EXPECT_EQ(gfx::get_frame_stats().frame_number, before + 5);
  XE_ASSERT_OK(gfx::request_capture(o.surface));
  frames({o}, 1);
  EXPECT_EQ(gfx::take_capture(o.surface).error_value().code, errc::invalid_argument) << "nothing was rendered";
  XE_ASSERT_OK(o.window->resize(200, 100));
  XE_ASSERT_OK(gfx::resize_surface(o.surface, 200, 100));
  auto image = capture(o.surface);
  ASSERT_TRUE(image);
  EXPECT_EQ(image->width, 200u);
}

}  // namespace
}  // namespace xe::test
