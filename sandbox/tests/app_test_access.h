#pragma once
// The tests' (and the panel gallery's) way into an app: its loop one pass at a time, its
// requests, its overlay and lessons, without a window system or a process of its own.
#include "app/app.h"

namespace xe::sandbox {

struct app_test_access {
  // Loads the lessons and starts the engine, as run() does before its loop.
  static result<void> start(app& a) {
    a.read_lessons();
    result<void> started = a.start();
    if (a._lessons_read.get().code != exit_ok) return make_error(errc::parse, "the lessons did not load");
    return started;
  }
  static void stop(app& a) { a.stop(); }
  static result<void> tick(app& a) { return a.tick(); }  // one pass of the loop
  static result<void> frame(app& a) { return a.frame(); }
  static result<void> run_requests(app& a) { return a.run_requests(); }
  static result<void> run_control(app& a, const actions::step& step) { return a.run_control(step); }
  static bool engine_held(const app& a) { return a.engine_held(); }
  static sandbox::overlay& overlay(app& a) { return *a._overlay; }
  static sandbox::inspector* inspector(app& a) { return a._overlay->get_inspector(); }  // null without ImGui
  static lesson_session* lessons(app& a) { return a._lessons.get(); }
  static const latency_meter& latency(const app& a) { return a._latency; }
  // A key or button arriving now, as its window event would report it: the next request answers it.
  static void input_arrived(app& a) { a._latency.input_arrived(latency_meter::clock::now()); }
  // One redraw of a held engine, due now, with the window's events left unread.
  static result<void> redraw_held(app& a) {
    a._redraw = true;
    return a.redraw_held();
  }
  static app::surface_entry& surface(app& a, u32 slot) { return a._surfaces.at(slot); }
  // A lesson key pressed (Right, Left, Home) or panel request: handled at the next run_requests.
  static void press(app& a, lesson_request request) { a._key_requests.push_back(std::move(request)); }
  // The state the app kept for a step of the open lesson (what a request that replays shows at once).
  static const frame_record* kept_state(const app& a, u32 steps_done) {
    return steps_done < a._kept_states.size() && a._kept_states[steps_done] ? &a._kept_states[steps_done]->record
                                                                            : nullptr;
  }
  // What a request that replays puts on screen before its replay runs; the app's own handling
  // of the request then replays and ends it.
  static result<void> show_kept_state(app& a, const lesson_request& request) {
    return a.show_kept_state(request, latency_kind::back);
  }
  // The panel's view a request that replays shows at once (none: nothing kept for it).
  static std::optional<lesson_view> kept_view(const app& a, const lesson_request& request) {
    const app::kept_state* kept = a.kept_for(request);
    if (!kept) return std::nullopt;
    return a._lessons->view_after(request, kept->outcome ? &*kept->outcome : nullptr);
  }
};

}  // namespace xe::sandbox
