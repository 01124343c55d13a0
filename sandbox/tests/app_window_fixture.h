#pragma once
// An app in a process of its own behind one real window (needs a display: skipped without
// one), driven a pass of its loop at a time (app_window_test, app_input_sdl_test).
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <memory>

#include "app_test_access.h"
#include "graphics/renderer.h"
#include "graphics/stats.h"
#include "platform/window.h"
#include "test_support.h"

namespace xe::sandbox {

class app_window : public ::testing::Test {
protected:
  void SetUp() override {
    if (!platform::has_display()) GTEST_SKIP() << "no display";
  }
  void TearDown() override {
    if (!_app) return;
    EXPECT_EQ(gfx::get_validation_error_count(), 0u);
    app_test_access::stop(*_app);
  }
  void start(options o) {
    o.windows = 1;
    o.lessons_dir = XE_SOURCE_DIR "/lessons";
    o.language = "en";
    o.settings = (_dir.path() / "settings.json").string();
    _app = std::make_unique<app>(o);
    ASSERT_TRUE(app_test_access::start(*_app));
  }
  // A width x height window with lesson id open: the lesson holds the engine.
  void start_lesson(u32 width, u32 height, const char* id) {
    options o;
    o.width = width;
    o.height = height;
    ASSERT_NO_FATAL_FAILURE(start(o));
    ASSERT_TRUE(app_test_access::lessons(*_app)->open(id));
    ASSERT_TRUE(app_test_access::engine_held(*_app));
  }
  size_t resizes() const { return app_test_access::latency(*_app).summarize(latency_kind::resize).count; }
  auto& window() const { return app_test_access::surface(*_app, 0); }
  gfx::surface_info surface_info() const { return gfx::calculate_surfaces_info().slots[window().id.index()]; }
  // Passes of the loop until done() or, loaded or not, long past any window system's answer.
  void tick_until(const std::function<bool()>& done, const char* what) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{20};
    while (!done() && std::chrono::steady_clock::now() < deadline) ASSERT_TRUE(app_test_access::tick(*_app));
    ASSERT_TRUE(done()) << "no " << what << " in 20 s";
  }
  void tick_for(std::chrono::milliseconds time) {
    const auto end = std::chrono::steady_clock::now() + time;
    while (std::chrono::steady_clock::now() < end) ASSERT_TRUE(app_test_access::tick(*_app));
  }

  scratch_dir _dir{"xe-app-window-test"};
  std::unique_ptr<app> _app;
};

}  // namespace xe::sandbox
