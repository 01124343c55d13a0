// The app behind a real window (needs a display; skipped without one): what it counts when
// the window system changes a surface under it.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "app_test_access.h"
#include "graphics/renderer.h"
#include "graphics/stats.h"
#include "platform/window.h"

namespace xe::sandbox {
namespace {

namespace fs = std::filesystem;

// A learner's resize that the engine's stale path rebuilt before the app read the window's
// event (the window system told the swap chain first) is still that learner's resize: it is
// measured once, from the event, and never twice.
TEST(app_window, a_resize_the_engine_rebuilt_first_is_measured_once) {
  if (!platform::has_display()) GTEST_SKIP() << "no display";
  const fs::path dir = fs::temp_directory_path() / "xe-app-window-test";
  fs::create_directories(dir);
  options o;
  o.windows = 1;
  o.width = 320;
  o.height = 240;
  o.overlay = false;
  o.settings = (dir / "settings.json").string();
  app a{o};
  ASSERT_TRUE(app_test_access::start(a));
  auto resizes = [&] { return app_test_access::latency(a).summarize(latency_kind::resize).count; };
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(app_test_access::tick(a));
  ASSERT_EQ(resizes(), 0u);

  auto& entry = app_test_access::surface(a, 0);
  ASSERT_TRUE(entry.window->resize(400, 300));
  // What begin_frame's stale path does: the surface takes the window's new size.
  ASSERT_TRUE(gfx::resize_surface(entry.id, 0, 0));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{20};
  while (resizes() == 0 && std::chrono::steady_clock::now() < deadline) ASSERT_TRUE(app_test_access::tick(a));
  ASSERT_EQ(resizes(), 1u) << "the resize's event was not measured";
  // Minimised and restored at the same size: the restore's size check finds nothing new.
  ASSERT_TRUE(entry.window->resize(0, 0));
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(app_test_access::tick(a));
  ASSERT_TRUE(entry.window->resize(400, 300));
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(app_test_access::tick(a));
  EXPECT_EQ(resizes(), 1u) << "one resize measured twice";

  EXPECT_EQ(gfx::get_validation_error_count(), 0u);
  app_test_access::stop(a);
  fs::remove_all(dir);
}

// Held by a lesson, the engine only redraws, and the redraw rebuilds a stale swap chain
// itself. Whichever comes first, the redraw's rebuild or the window's event, the learner's
// change is noted as the resize it was and measured once.
TEST(app_window, a_resize_while_a_lesson_holds_the_engine_is_noted_and_measured_once) {
  if (!platform::has_display()) GTEST_SKIP() << "no display";
  const fs::path dir = fs::temp_directory_path() / "xe-app-window-test-held";
  fs::create_directories(dir);
  options o;
  o.windows = 1;
  o.width = 640;
  o.height = 480;
  o.lessons_dir = XE_SOURCE_DIR "/lessons";
  o.language = "en";
  o.settings = (dir / "settings.json").string();
  app a{o};
  ASSERT_TRUE(app_test_access::start(a));
  ASSERT_TRUE(app_test_access::lessons(a)->open("10"));
  ASSERT_TRUE(app_test_access::engine_held(a));
  auto resizes = [&] { return app_test_access::latency(a).summarize(latency_kind::resize).count; };
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(app_test_access::tick(a));

  auto& entry = app_test_access::surface(a, 0);
  ASSERT_TRUE(entry.window->resize(720, 540));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds{20};
  while (resizes() == 0 && std::chrono::steady_clock::now() < deadline) ASSERT_TRUE(app_test_access::tick(a));
  ASSERT_EQ(resizes(), 1u) << "the resize was not measured";
  for (int i = 0; i < 10; ++i) ASSERT_TRUE(app_test_access::tick(a));
  EXPECT_EQ(resizes(), 1u) << "one resize measured twice";
  const gfx::surface_info s = gfx::calculate_surfaces_info().slots[entry.id.index()];
  EXPECT_EQ(s.width, 720u);
  EXPECT_EQ(s.height, 540u);
  const auto changed = app_test_access::lessons(a)->view().engine_changed;
  ASSERT_TRUE(changed) << "the resize was not noted as the learner's change";
  EXPECT_EQ(changed->in(language::english()), "a window was resized");

  EXPECT_EQ(gfx::get_validation_error_count(), 0u);
  app_test_access::stop(a);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace xe::sandbox
