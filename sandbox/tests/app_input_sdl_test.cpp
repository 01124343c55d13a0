// Input for the app's window put on SDL's own event queue, where the window system's
// arrives (SDL2 windows: Linux builds), read by the app a pass of its loop at a time.
#include <SDL.h>
#include <gtest/gtest.h>

#include <chrono>

#include "app_window_fixture.h"
#include "inspector/inspector.h"
#include "inspector/panel_common.h"
#include "script/action.h"

namespace xe::sandbox {
namespace {

using namespace std::chrono_literals;

class app_input : public app_window {
protected:
  void push_mouse(Uint32 type, ImVec2 at) {
    SDL_Event e{};
    e.type = type;
    if (type == SDL_MOUSEMOTION) {
      e.motion.windowID = window().window->id();
      e.motion.x = static_cast<Sint32>(at.x);
      e.motion.y = static_cast<Sint32>(at.y);
    } else {
      e.button.windowID = window().window->id();
      e.button.button = SDL_BUTTON_LEFT;
      e.button.state = type == SDL_MOUSEBUTTONDOWN ? SDL_PRESSED : SDL_RELEASED;
      e.button.clicks = 1;
      e.button.x = static_cast<Sint32>(at.x);
      e.button.y = static_cast<Sint32>(at.y);
    }
    ASSERT_EQ(SDL_PushEvent(&e), 1) << SDL_GetError();
  }
  u64 presents() const { return app_test_access::latency(*_app).presents(); }
  // The window system's pointer too: a press makes ImGui's backend capture the mouse, and the
  // window system then reports where the real pointer is.
  void point_at(ImVec2 at) {
    SDL_WarpMouseInWindow(static_cast<SDL_Window*>(window().window->native_handle()), static_cast<int>(at.x),
                          static_cast<int>(at.y));
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEMOTION, at));
  }
  // The pointer on the button's centre, once the panels stop moving it (they settle in their
  // first passes), and taken by a UI pass.
  void aim_at(const char* button_label, ImVec2& centre) {
    const inspector* panels = app_test_access::inspector(*_app);
    ASSERT_NE(panels, nullptr);
    centre = {-1.f, -1.f};
    for (int aim = 0; aim < 5; ++aim) {
      tick_for(200ms);
      const std::optional<ImVec4> button = panels->button_rect(button_label);
      ASSERT_TRUE(button) << "no " << button_label << " button";
      const ImVec2 at{(button->x + button->z) / 2, (button->y + button->w) / 2};
      if (at.x == centre.x && at.y == centre.y) return;
      centre = at;
      ASSERT_NO_FATAL_FAILURE(point_at(centre));
      tick_until([&] { return !app_test_access::overlay(*_app).input_pending(); }, "UI pass taking the pointer");
    }
  }
};

// A held window's UI pass that asks for something (Step one frame clicked) is not presented:
// its picture would show the state the request is about to change. The request runs at the
// next pass, and the present after it shows its result.
TEST_F(app_input, a_clicks_request_runs_before_the_window_is_presented_again) {
  ASSERT_NO_FATAL_FAILURE(start_lesson(1280, 720, "07"));
  const sandbox::overlay& overlay = app_test_access::overlay(*_app);
  // A click the window system's own events moved off the button (a new window's enter and
  // leave, late on a loaded machine) asks for nothing, and is made again.
  for (int attempt = 0; attempt < 5; ++attempt) {
    ImVec2 centre;
    ASSERT_NO_FATAL_FAILURE(aim_at("Step one frame", centre));
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEBUTTONDOWN, centre));
    tick_until([&] { return !overlay.input_pending(); }, "UI pass taking the press");
    tick_for(100ms);
    const u64 frame = gfx::get_frame_stats().frame_number;
    const u64 measured = app_test_access::latency(*_app).summarize(latency_kind::step_frame).count;

    // The release may reach ImGui a pass late: the press's pointer grab makes the window system
    // report the real pointer, wherever it is, and the release then waits a pass at its place.
    // So follow the passes one at a time until the frame runs.
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEBUTTONUP, centre));
    bool asked = false;  // the pass before asked for the frame
    u64 presented_asking = 0;
    for (int pass = 0; pass < 8; ++pass) {
      const u64 presented = presents();
      ASSERT_TRUE(app_test_access::tick(*_app));
      if (gfx::get_frame_stats().frame_number != frame) {
        ASSERT_TRUE(asked) << "the frame ran in the pass that asked for it";
        EXPECT_EQ(presented_asking, 0u) << "the pass that asked for the frame was presented";
        EXPECT_EQ(gfx::get_frame_stats().frame_number, frame + 1) << "Step one frame did not run one frame";
        EXPECT_EQ(presents(), presented + 2) << "not the frame's present and then the redraw's";
        EXPECT_EQ(app_test_access::latency(*_app).summarize(latency_kind::step_frame).count, measured + 1);
        return;
      }
      asked = overlay.requests_pending();
      presented_asking = presents() - presented;
    }
    // The click missed: nothing was asked for.
  }
  FAIL() << "5 clicks on Step one frame ran no frame";
}

// Dragging a slider asks for a change on every UI pass; the window is still presented,
// every other pass at least, so the learner sees the slider follow the pointer.
// A click's press and release that arrive together are taken in one pass: the release
// does not wait behind the press's present and the loop's pause, and the pass that takes
// it asks for the frame without being presented.
TEST_F(app_input, a_click_that_arrives_whole_asks_in_one_pass) {
  ASSERT_NO_FATAL_FAILURE(start_lesson(1280, 720, "07"));
  const sandbox::overlay& overlay = app_test_access::overlay(*_app);
  for (int attempt = 0; attempt < 5; ++attempt) {  // missed by the window system's own events: again
    ImVec2 centre;
    ASSERT_NO_FATAL_FAILURE(aim_at("Step one frame", centre));
    tick_for(100ms);
    const u64 frame = gfx::get_frame_stats().frame_number;
#if SDL_VERSION_ATLEAST(2, 26, 0)
    // A wait leaves SDL's poll sentinel in the queue, and the next poll stops there: events
    // pushed after it would be read a pass late. Real input comes in with the poll itself.
    SDL_FlushEvent(SDL_POLLSENTINEL);
#endif
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEBUTTONDOWN, centre));
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEBUTTONUP, centre));
    const u64 before = presents();
    ASSERT_TRUE(app_test_access::tick(*_app));
    if (!overlay.requests_pending()) {
      tick_for(200ms);
      if (gfx::get_frame_stats().frame_number == frame) continue;  // missed: nothing asked
      FAIL() << "the click's frame was asked for after the pass that took its press and release";
    }
    EXPECT_EQ(presents(), before) << "the pass that asked for the frame was presented";
    ASSERT_TRUE(app_test_access::tick(*_app));
    EXPECT_EQ(gfx::get_frame_stats().frame_number, frame + 1) << "Step one frame did not run at the next pass";
    return;
  }
  FAIL() << "5 clicks on Step one frame asked for nothing";
}

// Step one frame's click grows the lesson panel (its note that the engine changed), which
// the controls follow down: while the learner's pointer is on them they stay, so a second
// click lands on the same button. They follow once the pointer leaves.
TEST_F(app_input, the_controls_stay_under_the_pointer_while_the_lesson_grows) {
  ASSERT_NO_FATAL_FAILURE(start_lesson(1280, 720, "07"));
  const inspector* panels = app_test_access::inspector(*_app);
  ASSERT_NE(panels, nullptr);
  for (int attempt = 0; attempt < 5; ++attempt) {  // missed by the window system's own events: again
    ImVec2 centre;
    ASSERT_NO_FATAL_FAILURE(aim_at("Step one frame", centre));
    const std::optional<ImVec4> before = panels->button_rect("Step one frame");
    const u64 frame = gfx::get_frame_stats().frame_number;
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEBUTTONDOWN, centre));
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEBUTTONUP, centre));
    tick_for(500ms);  // the frame, the note, and the panels sized to them
    if (gfx::get_frame_stats().frame_number == frame) continue;
    const std::optional<ImVec4> after = panels->button_rect("Step one frame");
    ASSERT_TRUE(before && after);
    EXPECT_EQ(after->y, before->y) << "the button moved from under the pointer";
    EXPECT_EQ(after->x, before->x);
    ASSERT_NO_FATAL_FAILURE(point_at(ImVec2{640.f, 700.f}));  // off every panel
    tick_for(500ms);
    const std::optional<ImVec4> left = panels->button_rect("Step one frame");
    ASSERT_TRUE(left);
    EXPECT_GT(left->y, before->y) << "the controls did not follow the grown lesson once the pointer left";
    return;
  }
  FAIL() << "5 clicks on Step one frame ran no frame";
}

TEST_F(app_input, a_slider_dragged_is_still_presented) {
  ASSERT_NO_FATAL_FAILURE(start_lesson(1280, 720, "07"));
  const sandbox::overlay& overlay = app_test_access::overlay(*_app);
  tick_for(1s);  // the panels settle to their size and place
  // A drag the window system's own events moved off the slider asks for nothing: again.
  for (int attempt = 0; attempt < 3; ++attempt) {
    const auto& names = ui::shown_names();
    const auto slider = names.find(actions::control_label("set_gpu_load").english);
    ASSERT_NE(slider, names.end()) << "no GPU load slider on screen";
    ImVec2 at{slider->second.rect.x + 2.f, (slider->second.rect.y + slider->second.rect.w) / 2.f};  // 0 passes
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEMOTION, at));
    tick_until([&] { return !overlay.input_pending(); }, "UI pass taking the pointer");
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEBUTTONDOWN, at));
    tick_until([&] { return !overlay.input_pending(); }, "UI pass taking the press");
    const u64 before = presents();
    for (int pass = 0; pass < 10; ++pass) {  // a few passes of GPU load each: the redraws stay short
      at.x += 3;
      ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEMOTION, at));
      ASSERT_TRUE(app_test_access::tick(*_app));
    }
    // Each pass's change runs at the next; a pass that asked nothing is presented anyway.
    const u64 presented = presents() - before;
    ASSERT_NO_FATAL_FAILURE(push_mouse(SDL_MOUSEBUTTONUP, at));
    tick_for(200ms);
    if (presented > 8) continue;  // nothing asked: the slider was missed
    EXPECT_GE(presented, 4u) << "a slider dragged over 10 passes was presented too seldom";
    return;
  }
  FAIL() << "3 drags asked for nothing: the slider was missed";
}

}  // namespace
}  // namespace xe::sandbox
