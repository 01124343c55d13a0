// The app behind a real window (needs a display; skipped without one): what it counts when
// the window system changes a surface under it, and what it presents while it replays.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>

#include "app_window_fixture.h"
#include "inspector/inspector.h"
#include "lessons/lesson_session.h"

namespace xe::sandbox {
namespace {

using namespace std::chrono_literals;

// A learner's resize that the engine's stale path rebuilt before the app read the window's
// event (the window system told the swap chain first) is still that learner's resize: it is
// measured once, from the event, and a restore at the same size later adds nothing.
TEST_F(app_window, a_resize_the_engine_rebuilt_first_is_measured_once) {
  options o;
  o.width = 320;
  o.height = 240;
  o.overlay = false;
  start(o);
  tick_for(200ms);
  ASSERT_EQ(resizes(), 0u);

  ASSERT_TRUE(window().window->resize(400, 300));
  tick_until([&] { return window().window->width() == 400 && window().window->height() == 300; }, "400x300 window");
  // What begin_frame's stale path does: the surface takes the window's new size.
  ASSERT_TRUE(gfx::resize_surface(window().id, 0, 0));
  ASSERT_EQ(surface_info().width, 400u);
  tick_until([&] { return resizes() > 0; }, "resize measured");
  ASSERT_EQ(resizes(), 1u);

  ASSERT_TRUE(window().window->resize(0, 0));
  tick_until([&] { return window().window->is_minimized(); }, "minimised window");
  ASSERT_TRUE(window().window->resize(400, 300));
  tick_until([&] { return !window().window->is_minimized(); }, "restored window");
  tick_for(1s);
  EXPECT_EQ(resizes(), 1u) << "one resize measured twice";
}

// Held by a lesson, the engine only redraws, and a redraw rebuilds a swap chain that went
// stale itself, before the app reads the window's event. The learner's change is then noted
// as the resize it was, at the event, and measured once; nothing is noted before it.
TEST_F(app_window, a_resize_a_held_redraw_rebuilt_first_is_noted_and_measured_once) {
  ASSERT_NO_FATAL_FAILURE(start_lesson(640, 480, "10"));
  tick_for(500ms);
  ASSERT_EQ(resizes(), 0u);
  const auto before = app_test_access::lessons(*_app)->view().engine_changed;
  ASSERT_FALSE(before) << "noted before the learner changed anything: " << before->in(language::english());

  ASSERT_TRUE(window().window->resize(720, 540));
  for (int i = 0; i < 40 && surface_info().width != 720; ++i) ASSERT_TRUE(app_test_access::redraw_held(*_app));
  ASSERT_EQ(surface_info().width, 720u) << "the redraw never found the swap chain stale";
  ASSERT_EQ(surface_info().height, 540u);
  ASSERT_EQ(resizes(), 0u);

  tick_until([&] { return resizes() > 0; }, "resize measured");
  tick_for(1s);
  EXPECT_EQ(resizes(), 1u) << "one resize measured twice";
  const auto changed = app_test_access::lessons(*_app)->view().engine_changed;
  ASSERT_TRUE(changed) << "the resize was not noted as the learner's change";
  EXPECT_EQ(changed->in(language::english()), "a window was resized");
}

// After the learner's own change, Next starts the engine again and replays the lesson to
// its next step. The state kept for that step is presented first, before the replay: the
// step's wait ends there, the live engine's after the replay.
TEST_F(app_window, a_next_that_replays_presents_the_kept_step_first) {
  ASSERT_NO_FATAL_FAILURE(start_lesson(640, 480, "07"));
  const auto request = [&](lesson_command command) {
    app_test_access::press(*_app, {command});
    ASSERT_TRUE(app_test_access::run_requests(*_app));
  };
  for (lesson_command command : {lesson_command::restart, lesson_command::next, lesson_command::next})
    ASSERT_NO_FATAL_FAILURE(request(command));  // steps 1 and 2 kept on the lesson's path
  ASSERT_NO_FATAL_FAILURE(request(lesson_command::back));
  auto two_frames = actions::parse_step({{"do", "advance_frames"}, {"count", 2}}, 1);
  ASSERT_TRUE(two_frames) << two_frames.error_value().reason;
  ASSERT_TRUE(app_test_access::run_control(*_app, *two_frames));
  ASSERT_TRUE(app_test_access::lessons(*_app)->player().engine_changed());

  app_test_access::input_arrived(*_app);
  ASSERT_NO_FATAL_FAILURE(request(lesson_command::next));
  ASSERT_EQ(app_test_access::lessons(*_app)->player().steps_done(), 2u);
  const latency_meter& latency = app_test_access::latency(*_app);
  tick_until([&] { return latency.summarize(latency_kind::step_live).count > 0; }, "replayed engine presented");
  const latency_meter::summary shown = latency.summarize(latency_kind::step),
                               live = latency.summarize(latency_kind::step_live);
  ASSERT_EQ(shown.count, 1u);
  ASSERT_EQ(live.count, 1u);
  EXPECT_LT(shown.max_ms, live.max_ms) << "the kept step was not presented before the replay";
}

// Until a replay is done, the panel shows the step it leads to, and the Inspector says what
// its panels show: the state kept for that step, or, with nothing kept (steps the session ran
// on its own, not through the app's requests), the replay's frames on the way. The UI map
// says a replay is running, since its "engine" is not yet at that step.
TEST_F(app_window, a_replay_says_what_the_inspector_shows_until_it_is_done) {
  ASSERT_NO_FATAL_FAILURE(start_lesson(1280, 720, "07"));
  lesson_session& session = *app_test_access::lessons(*_app);
  const std::filesystem::path map_file = _dir.path() / "ui-map.json";
  app_test_access::overlay(*_app).write_ui_map_to(map_file.string());
  const auto map = [&] {
    std::ifstream in{map_file};
    return nlohmann::json::parse(in, nullptr, false);
  };
  const auto shows = [&](const nlohmann::json& m, std::string_view text) {
    return std::ranges::any_of(m.value("texts", nlohmann::json::array()), [&](const nlohmann::json& line) {
      return line.get<std::string>().find(text) != std::string::npos;
    });
  };
  const lesson_request back{lesson_command::back};
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(session.next());
  ASSERT_EQ(app_test_access::kept_state(*_app, 3), nullptr);
  ASSERT_TRUE(app_test_access::show_kept_state(*_app, back));
  ASSERT_TRUE(app_test_access::frame(*_app));  // one of the replay's own frames
  nlohmann::json m = map();
  EXPECT_EQ(m.value("replaying", -1), 3) << "nothing kept";
  EXPECT_EQ(m["lesson"]["steps_done"], 3) << "nothing kept";
  EXPECT_TRUE(shows(m, "The engine is being replayed to step 3: these are its frames on the way")) << m["texts"];

  app_test_access::press(*_app, back);
  ASSERT_TRUE(app_test_access::run_requests(*_app));
  ASSERT_TRUE(app_test_access::tick(*_app));
  m = map();
  EXPECT_FALSE(m.contains("replaying")) << "after the replay";
  EXPECT_FALSE(shows(m, "being replayed")) << m["texts"];

  // Step 3 was kept as Back reached it: a second Back from step 4 shows it at once.
  app_test_access::press(*_app, lesson_request{lesson_command::next});
  ASSERT_TRUE(app_test_access::run_requests(*_app));
  ASSERT_NE(app_test_access::kept_state(*_app, 3), nullptr);
  ASSERT_TRUE(app_test_access::show_kept_state(*_app, back));
  m = map();
  EXPECT_EQ(m.value("replaying", -1), 3) << "kept";
  EXPECT_TRUE(shows(m, "As recorded after step 3: the engine is being replayed to it")) << m["texts"];
  app_test_access::press(*_app, back);
  ASSERT_TRUE(app_test_access::run_requests(*_app));
  ASSERT_TRUE(app_test_access::tick(*_app));
  EXPECT_FALSE(map().contains("replaying")) << "after the kept replay";
}

// A kept state goes on screen with its step's panel in front: a tab asked for in one UI pass
// is selected in the next, so the passes before the kept state's present run until it is.
TEST_F(app_window, a_kept_state_is_shown_with_its_steps_panel_in_front) {
  ASSERT_NO_FATAL_FAILURE(start_lesson(1280, 720, "07"));
  lesson_session& session = *app_test_access::lessons(*_app);
  const inspector* panels = app_test_access::inspector(*_app);
  ASSERT_NE(panels, nullptr);
  const auto request = [&](lesson_command command) {
    app_test_access::press(*_app, lesson_request{command});
    ASSERT_TRUE(app_test_access::run_requests(*_app));
    ASSERT_TRUE(app_test_access::tick(*_app));
  };
  for (int i = 0; i < 40 && !session.player().finished(); ++i)
    ASSERT_NO_FATAL_FAILURE(request(lesson_command::next));  // each step's state kept on the way
  ASSERT_TRUE(session.player().finished());
  const lesson_request back{lesson_command::back};
  u32 switched = 0;  // Backs whose step has another panel in front than the step before
  while (session.player().steps_done() > 1) {
    const std::optional<lesson_view> view = app_test_access::kept_view(*_app, back);
    ASSERT_TRUE(view) << "nothing kept for step " << session.player().steps_done() - 1;
    const std::string before = panels->shown_panel();
    ASSERT_TRUE(app_test_access::show_kept_state(*_app, back));
    if (view->focus && !view->focus->panel.empty()) {
      EXPECT_EQ(panels->shown_panel(), view->focus->panel) << "step " << view->steps_done;
      switched += panels->shown_panel() != before;
    }
    ASSERT_NO_FATAL_FAILURE(request(lesson_command::back));
  }
  EXPECT_GT(switched, 0u) << "no Back brought another panel forward: the test shows nothing";
}

}  // namespace
}  // namespace xe::sandbox
