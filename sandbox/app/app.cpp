#include "app/app.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

#include <spdlog/fmt/fmt.h>

#include "app/process_clock.h"
#include "app/stop_signal.h"
#include "common/fault.h"
#include "common/log.h"
#include "io/files.h"
#include "lessons/settings.h"
#include "platform/window.h"
#include "script/script.h"
#include "snapshot/frame_state.h"
#include "snapshot/png.h"

namespace xe::sandbox {

namespace {

// Progress and settings are saved as they change, so a lost display loses nothing: say so
// and end at once (platform/window.h: nothing of the window system may run again).
void on_display_lost() {
  static_assert(exit_display_lost == 5);
  static constexpr char message[] =
      "xengine-sandbox: the connection to the display was lost (the X server ended or closed this app's "
      "connection); progress and settings are saved as they change; exit 5\n";
  (void)std::fwrite(message, 1, sizeof message - 1, stderr);
  std::_Exit(exit_display_lost);
}

}  // namespace

int app::run() {
  install_stop_handlers();
  platform::set_display_lost_handler(on_display_lost);
  std::optional<script> scenario;
  if (!_opts.script.empty()) {
    auto loaded = load_script(_opts.script);
    if (!loaded) {
      std::fprintf(stderr, "xengine-sandbox: %s\n", loaded.error_value().reason.c_str());
      return loaded.error_value().code == errc::io ? exit_usage : exit_script;
    }
    scenario = std::move(*loaded);
    protect_input(_opts.script);  // no step may write onto the script itself
  }
  // Nor onto the learner's settings, named or not (the command line refuses them as outputs).
  keep_file(_opts.settings.empty() ? default_settings_path() : std::filesystem::path{_opts.settings}, settings_keeper);
  read_lessons();
  // A played lesson checks its hazards: the validation layer on where it is installed.
  if (_opts.play) gfx::request_validation_layer();
  if (!_opts.fault.empty()) {
    fault::set_active(fault::from_name(_opts.fault));
    std::fprintf(stderr, "xengine-sandbox: engine fault '%s' is on: this engine is wrong on purpose\n",
                 _opts.fault.c_str());
  }
  const result<void> engine = start();
  // No path leaves with the lessons still being read. Their exit code comes before the engine's.
  if (const int code = _lessons_read.get().code; code != exit_ok) {
    stop();
    return code;
  }
  if (!engine) {
    std::fprintf(stderr, "xengine-sandbox: start-up failed: %s\n", engine.error_value().reason.c_str());
    stop();
    return exit_runtime;
  }

  int code = exit_ok;
  if (scenario) {
    for (const actions::step& step : scenario->steps) {
      if (_quit || stop_requested()) break;
      if (auto r = _runner.run(step); !r) {
        if (stop_requested()) break;  // a step cut short by the stop: said below, not a failure
        std::fprintf(stderr, "xengine-sandbox: script '%s': %s\n", scenario->source.c_str(),
                     r.error_value().reason.c_str());
        code = exit_script;
        break;
      }
    }
  }
  if (code == exit_ok && _lessons && !_opts.ui_tour.empty()) {
    code = ui_tour();
  } else if (code == exit_ok && _lessons && _opts.play) {
    code = play_lessons();
  } else if (code == exit_ok && _lessons && !_opts.lesson.empty()) {
    // The engine start() made is the fresh one the lesson's start would make: the lesson
    // starts on it rather than on a second one (start-up latency). A script ran on it first.
    _engine_fresh = !scenario;
    const result<void> opened = _lessons->open(_opts.lesson);
    _engine_fresh = false;
    if (!opened) {
      std::fprintf(stderr, "xengine-sandbox: %s\n", opened.error_value().reason.c_str());
      code = exit_runtime;
    } else {
      keep_step_state();
    }
  }
  if (code == exit_ok && _opts.bench_frames) code = bench_frames();
  // Start-up ends at the loop's first present: the first frame that answers input.
  if (const auto started = process_started(); started && windowed())
    _latency.action_done(latency_kind::start_up, *started);
  // Windowed without --frames: run until the last window is closed (played lessons and
  // benchmarks end). Windowed, --frames counts passes of the loop: frames, or redraws
  // while the engine is held.
  const bool until_closed = windowed() && !_opts.frames_given && !_opts.play && !_opts.bench_frames;
  if (code == exit_ok && !_opts.bench_frames && _opts.ui_tour.empty()) {
    // A script may have closed every window: a windowed app then has nothing left to run.
    for (u64 i = 0;
         !_quit && !stop_requested() && !(windowed() && _surfaces.empty()) && (until_closed || i < _opts.frames); ++i) {
      if (auto r = tick(); !r) {
        if (stop_requested()) break;
        std::fprintf(stderr, "xengine-sandbox: frame %llu failed: %s\n", static_cast<unsigned long long>(_frames_run),
                     r.error_value().reason.c_str());
        code = exit_runtime;
        break;
      }
    }
  }
  if (stop_requested()) {
    // Interrupted: the frame in progress has ended; no output file is written.
    std::fprintf(stderr, "xengine-sandbox: stopped by a signal after %llu frames\n",
                 static_cast<unsigned long long>(_frames_run));
    stop();
    return stop_exit_code();
  }
  if (code == exit_ok && _lesson_failed) code = exit_script;
  // Lessons whose hazards no layer watched still ran to the end: their outputs are written.
  const auto ran = [&code] { return code == exit_ok || code == exit_unchecked; };
  // A failed capture still leaves the run's other outputs written; the exit code says it.
  bool capture_failed = false;
  if (ran() && _opts.capture_frames) {
    if (auto r = capture_frames(_opts.capture_frames, {}); !r) {
      std::fprintf(stderr, "xengine-sandbox: --capture-frames: %s\n", r.error_value().reason.c_str());
      capture_failed = true;
    }
  }
  if (ran()) {
    if (auto r = write_outputs(); !r) {
      std::fprintf(stderr, "xengine-sandbox: %s\n", r.error_value().reason.c_str());
      code = exit_runtime;
    }
  }
  if (capture_failed && ran()) code = exit_runtime;
  if (ran() && !_opts.bench_frames) print_summary();
  if (ran() && gfx::get_validation_error_count() > 0) {
    std::fprintf(stderr, "xengine-sandbox: %u validation error(s) were reported\n", gfx::get_validation_error_count());
    code = exit_validation;
  }
  stop();
  return code;
}

// The lessons are read on a thread while the device is made (start() waits for them before
// any window opens); the overlay's font waits for their characters.
void app::read_lessons() {
  _lessons_read = std::async(std::launch::async, [this] {
                    try {
                      const int code = load_lessons();
                      return lessons_read{code, code == exit_ok && _lessons ? _lessons->cjk_text() : std::string{}};
                    } catch (const std::exception& e) {  // not left to surface on the font's thread
                      std::fprintf(stderr, "xengine-sandbox: reading the lessons failed: %s\n", e.what());
                      return lessons_read{exit_runtime, {}};
                    }
                  }).share();
}

gfx::renderer_desc app::renderer_desc() const {
  gfx::renderer_desc desc;
  desc.adapter = _opts.adapter;
  desc.frames_in_flight = _opts.frames_in_flight;
  return desc;
}

result<void> app::start() {
  if (!_renderdoc_checked) {  // before the first device: RenderDoc hooks only later ones
    XE_TRY_ASSIGN(_renderdoc, renderdoc::attach(_opts.renderdoc));
    _renderdoc_checked = true;
    _renderdoc_ui = _renderdoc && _renderdoc->has_ui();
    if (_renderdoc)
      XE_LOG_INFO("{} is in the process: Capture, F12 and --capture-frames write .rdc files", _renderdoc->version());
  }
  // Lessons that could not be read end the run (run() says so): with no overlay to build
  // beside the device, before the engine starts; with one, before any window opens.
  if (!_opts.overlay && _lessons_read.get().code != exit_ok) return {};
  // A display that cannot be opened is said first, not after the device's lines.
  if (windowed())
    if (auto display = platform::check_display(); !display)
      return make_error(display.error_value().code,
                        display.error_value().reason + " (--headless runs without a window)");
  // The overlay first: its font is read and its atlas built on a thread while the device is made.
  _overlay = make_overlay(_opts.overlay, _opts.imgui_demo ? overlay_mode::imgui_demo : overlay_mode::inspector,
                          [read = _lessons_read] { return read.get().glyphs; });
  XE_TRY(gfx::initialize(renderer_desc()));
  if (_lessons_read.get().code != exit_ok) return {};
  if (_opts.hooks) _recorder.emplace();
  _content.triangle = _opts.triangle;
  _content.gpu_load_passes = _opts.gpu_load;
  if (_opts.overlay_hidden) _overlay->set_visible(false);
  if (!_opts.hint) _overlay->set_hint(false);
  if (!_opts.ui_map.empty()) _overlay->write_ui_map_to(_opts.ui_map);
  if (_opts.headless_forced) XE_LOG_INFO("no display found: running headless");
  if (windowed() || _opts.overlay) XE_TRY(_observer.initialize());
  // The windows open here while the overlay uploads its font on a thread: the window system's
  // answers come from other processes. The engine and the UI are the thread's until the join.
  std::vector<std::unique_ptr<platform::window>> windows;
  result<void> opened, prepared;
  {
    std::thread prepare{[this, &prepared] {
      prepared = _overlay->prepare_device_objects();
      gfx::flush_events();  // this thread's queued events, before it ends
    }};
    for (u32 i = 0; i < _opts.windows && opened; ++i) {
      auto window = open_window(_opts.width, _opts.height, i);
      if (window)
        windows.push_back(std::move(*window));
      else
        opened = std::move(window).error_value();
    }
    prepare.join();
  }
  XE_TRY(prepared);
  XE_TRY(opened);
  for (std::unique_ptr<platform::window>& window : windows)  // null headless
    XE_TRY(add_surface(_opts.width, _opts.height, std::move(window)));
  return attach_overlay();
}

result<void> app::restart_engine() {
  // A lesson opened at launch starts on the engine start() just made: nothing has run on it.
  if (!std::exchange(_engine_fresh, false)) XE_TRY(remake_engine());
  _runner.reset_state();
  _content = gfx::frame_content{clear_color};  // the lesson's own, not --triangle's
  if (_recorder) _recorder->clear();           // the engine's and the overlay's making are not the lesson's
  record_state();                              // the fresh engine, before any frame
  return {};
}

// A fresh engine behind the same windows, at their start-up size.
result<void> app::remake_engine() {
  // Windows beyond the first --windows ones close; the first keep their places.
  std::vector<std::unique_ptr<platform::window>> kept;
  for (auto& [slot, entry] : _surfaces)
    if (entry.window && kept.size() < _opts.windows) kept.push_back(std::move(entry.window));
  _overlay->release_device_objects();
  _overlay_slot = invalid_id;
  _overlay_surfaces_version = ~0ull;  // a fresh engine counts its surface versions again
  _observer.release();
  report_leaks(gfx::shutdown());
  _surfaces.clear();
  XE_TRY(gfx::initialize(renderer_desc()));
  if (windowed() || _opts.overlay) XE_TRY(_observer.initialize());
  for (std::unique_ptr<platform::window>& window : kept) {
    if (window->is_fullscreen()) XE_TRY(window->set_fullscreen(false));
    XE_TRY(window->resize(_opts.width, _opts.height));
    XE_TRY(add_surface(_opts.width, _opts.height, std::move(window)));
  }
  for (size_t i = kept.size(); i < _opts.windows; ++i) {  // the learner closed some
    XE_TRY(create_surface(_opts.width, _opts.height));
  }
  return attach_overlay();
}

// The overlay lives in the surface at the lowest slot; it moves when that one closes.
result<void> app::attach_overlay() {
  if (!_overlay) return {};
  const u32 slot = _surfaces.empty() ? invalid_id : _surfaces.begin()->first;
  if (slot == _overlay_slot) return {};
  _overlay_slot = slot;
  update_titles();
  return _overlay->attach(slot == invalid_id ? nullptr : _surfaces.begin()->second.window.get());
}

// One pass of the loop, between frames: window events → requests (controls, lesson steps,
// restarts; they may run whole frames) → one engine frame, or, while the engine is held,
// one overlay redraw through the overlay's own submission path. Nothing here runs inside a
// frame, and no frame runs another.
result<void> app::tick() {
  XE_TRY(handle_events());
  if (_quit || stop_requested()) return {};
  XE_TRY(run_requests());
  if (_quit || stop_requested()) return {};
  if (engine_held()) return redraw_held();
  return frame();
}

// One engine frame, top to bottom: the overlay's UI from the state recorded last → begin
// (rebuild stale swap chains, wait for the slot's fence, its deferred work) → record each
// surface, the UI in its own → end (submit, present, signal) → the frame's state into the
// inspector's history.
result<void> app::frame() {
  const auto start = clock::now();
  build_overlay();
  if (_recorder) _recorder->new_frame();
  XE_TRY(gfx::begin_frame());
  for (const auto& [slot, entry] : _surfaces)
    XE_TRY(gfx::render_surface(entry.id, _content, slot == _overlay_slot ? _overlay->recorder() : nullptr));
  XE_TRY(gfx::end_frame());
  _latency.presented(clock::now());
  const std::chrono::duration<f32, std::milli> cpu_ms = clock::now() - start;
  const gfx::frame_stats stats = gfx::get_frame_stats();  // once: the record keeps them too
  record_state(stats, cpu_ms.count());

  const std::chrono::duration<f64, std::milli> elapsed = clock::now() - start;
  _frame_ms_total += elapsed.count();
  _wait_ms_total += stats.last_wait_ms;
  ++_frames_run;
  return {};
}

// A lesson holds the engine while it is open in a window, and so does the learner's pause:
// the engine then advances only through steps, Step one frame, and changes the learner
// makes. Headless runs are never held (nobody is reading).
bool app::engine_held() const {
  if (!windowed()) return false;
  return _overlay->loop_paused() || (_lessons && !_opts.play && _lessons->holds_engine());
}

void app::build_overlay() {
  if (_lessons) {  // hidden, the panel is not drawn, but its steps mark the history
    lesson_view view = _kept_view ? *_kept_view : _lessons->view();
    if (_code) view.code = &_code->view();
    if (const auto it = _own_turn.find((*view.lessons)[view.current].id); it != _own_turn.end())
      view.own_turn = &it->second;
    _overlay->show_lesson(&view);
  }
  // Disabled, or hidden with no hint, the overlay builds nothing: skip reading the surfaces
  // for it. A minimised window has 0 x 0 to draw into: the overlay only notes the state then.
  const auto now = clock::now();
  if (_overlay->draws() && _surfaces.count(_overlay_slot)) {
    if (const u64 version = gfx::get_surfaces_version(); version != _overlay_surfaces_version || version == 0) {
      gfx::calculate_surfaces_info(_overlay_surfaces);  // a surface changed: read its size again
      _overlay_surfaces_version = version;
    }
    const gfx::surface_info& info = _overlay_surfaces.slots[_overlay_slot];
    const std::chrono::duration<f32> dt = now - _last_build;
    u32 windows = 0;
    for (const auto& [slot, entry] : _surfaces) windows += entry.window ? 1 : 0;
    const overlay_state state{_content,      _lessons && !_opts.play && _lessons->holds_engine(),
                              windows,       _renderdoc != nullptr,
                              _renderdoc_ui, _captures.empty() ? std::string{} : _captures.back().file};
    _overlay->build(info.width, info.height, _last_build == clock::time_point{} ? 1.f / 60.f : dt.count(), state);
  }
  _last_build = now;
}

// Held: the UI redraws at frame rate while input is arriving (and a little after, so a
// click's press and release both reach it), slowly when idle, and otherwise the loop
// sleeps until the window system has something. Every window is redrawn, so one uncovered
// or exposed shows its content again; none of it touches the engine's frame state.
result<void> app::redraw_held() {
  using namespace std::chrono_literals;
  const auto now = clock::now();
  if (_redraw) _active_until = now + 300ms;
  const bool due = _redraw || _overlay->input_pending() || now < _active_until || now >= _next_idle_redraw;
  if (!due) {
    platform::wait_events(50);
    return {};
  }
  _redraw = false;
  _next_idle_redraw = now + 500ms;
  build_overlay();
  // Input still queued (a click's release behind its press) is taken now, not after a
  // present and the wait below; a pass that asks for something stops there. Bounded: each
  // pass takes a button change, and the window system keeps delivering.
  for (int more = 0; more < 3 && _overlay->input_queued() && !_overlay->requests_pending(); ++more) build_overlay();
  // The UI pass asked for something (a button, a slider): it runs at the next pass's
  // run_requests, and the redraw after it shows its result; this pass's picture would show
  // the state it is about to change. Never twice in a row: a slider dragged asks every pass.
  if (_overlay->requests_pending() && !_skipped_present) {
    _skipped_present = true;
    _redraw = true;
    return {};
  }
  _skipped_present = false;
  XE_TRY(redraw_windows());
  // A swap chain the window system declared stale is rebuilt and recorded now. A resize is
  // noted and measured at the window's event, whichever comes first (rebuild_if_resized); a
  // rebuild at the size the app last saw is the window system's, not the learner's.
  XE_TRY_ASSIGN(auto rebuilt, gfx::rebuild_stale_surfaces());
  if (rebuilt) record_between_frames();
  // About 60 redraws a second while active; an event ends the wait early.
  const auto next = now + 16ms;
  if (const auto left = next - clock::now(); left > 0ms)
    platform::wait_events(static_cast<u32>(std::chrono::duration_cast<std::chrono::milliseconds>(left).count()));
  return {};
}

result<void> app::redraw_windows() {
  for (const auto& [slot, entry] : _surfaces) {
    if (!entry.window) continue;
    XE_TRY(_observer.redraw(entry.id, _content, slot == _overlay_slot ? _overlay->recorder() : nullptr));
  }
  _latency.presented(clock::now());
  return {};
}

// After a request: the state of the step the lesson is at, when playing its steps on a fresh
// engine leads here. Such a record stays true until the lesson or the learner's code changes.
// A minimised window skips its presents, which a replay (windows restored) makes: its
// back-buffer index would differ, so nothing is kept then.
void app::keep_step_state() {
  if (!_lessons) return;
  if (_lessons->current() != _kept_lesson) {
    _kept_states.clear();
    _kept_lesson = _lessons->current();
  }
  if (!_kept_lesson || !_lessons->player().on_played_path()) return;
  for (const auto& [slot, entry] : _surfaces)
    if (entry.window && entry.window->is_minimized()) return;
  std::optional<frame_record> record = _overlay->latest_record();
  if (!record) return;
  const u32 done = _lessons->player().steps_done();
  const step_outcome* outcome = _lessons->player().outcome_of(done);
  if (_kept_states.size() <= done) _kept_states.resize(done + 1);
  _kept_states[done] = kept_state{std::move(*record), outcome ? std::optional{*outcome} : std::nullopt, _content};
}

// What a request that replays leads to, as kept (lesson_session::target_of; null: nothing
// kept, or it replays nothing).
const app::kept_state* app::kept_for(const lesson_request& request) const {
  if (!_lessons || _lessons->current() != _kept_lesson) return nullptr;
  const std::optional<u32> target = _lessons->target_of(request);
  if (!target || *target >= _kept_states.size() || !_kept_states[*target]) return nullptr;
  const kept_state& kept = *_kept_states[*target];
  return *target > 0 && !kept.outcome ? nullptr : &kept;
}

// Back, Home and Next after a change replay the lesson on a fresh engine, a few frames'
// time: the state they lead to, as kept, is on screen first, and stays there (panel and
// inspector) until the replay has reached it. With nothing kept, the panel still shows the
// step they lead to during the replay's frames, not the steps it passes through, and the
// Inspector says its frames are the replay's. kind: the latency this present ends.
result<void> app::show_kept_state(const lesson_request& request, latency_kind kind) {
  if (!engine_held() || !_overlay->draws() || !_lessons->target_of(request)) return {};
  const kept_state* kept = kept_for(request);
  _kept_view = _lessons->view_after(request, kept && kept->outcome ? &*kept->outcome : nullptr);
  _overlay->show_replay(kept ? &kept->record : nullptr, _kept_view->steps_done);
  if (!kept) return {};
  _content = kept->content;  // the replay starts from a fresh engine's anyway
  const auto now = clock::now();
  _latency.action_done(kind, latency_meter::span{now, now});  // showing it is all the app's
  // Passes until the step's tab is in front (ImGui selects it the pass after it is asked
  // for) and the panels have sized to their new content: two at most after the first.
  build_overlay();
  for (int pass = 0; pass < 2 && _overlay->layout_moving(); ++pass) build_overlay();
  return redraw_windows();
}

// Window events, coalesced per window: any number of resizes is one rebuild at the final
// size, an even number of fullscreen toggles none. A minimised window keeps its swap chain
// (it is skipped until restored); a restored one is rebuilt only if its size changed.
result<void> app::handle_events() {
  if (!windowed()) return {};
  _events.clear();
  platform::poll_events(_events);
  const auto polled = clock::now();
  struct window_change {
    bool close{false};
    bool toggle_fullscreen{false};
    bool check_size{false};
    std::optional<clock::time_point> arrived;  // the change's first event
  };
  std::map<u32, window_change> changes;
  for (const platform::window_event& e : _events) {
    _redraw = true;
    const auto arrived = polled - std::chrono::milliseconds(e.age_ms);
    if (e.button) _latency.input_arrived(arrived);
    if (e.type == platform::event_type::quit) {
      _quit = true;
      return {};
    }
    // Keys belong to the app, whichever of its windows had the focus (it may have closed
    // since): F1, and the lesson keys unless a text field has the keyboard.
    if (e.type == platform::event_type::key_pressed) {
      if (e.code == platform::key::f1) _overlay->set_visible(!_overlay->visible());
      if (e.code == platform::key::f12) {  // RenderDoc's capture key, ours here
        if (_renderdoc)
          _capture_key = true;
        else
          XE_LOG_WARN("F12 captures a frame only when RenderDoc is loaded: start the sandbox with --renderdoc");
      }
      if (!_lessons || _overlay->wants_keyboard()) continue;
      switch (e.code) {
        case platform::key::right:
        case platform::key::page_down:
          // At an exercise the key checks the learner's work: only a click on Show me plays the solution.
          _key_requests.push_back({_lessons->player().at_exercise() ? lesson_command::check : lesson_command::next});
          break;
        case platform::key::left:
        case platform::key::page_up: _key_requests.push_back({lesson_command::back}); break;
        case platform::key::home: _key_requests.push_back({lesson_command::restart}); break;
        case platform::key::r: _key_requests.push_back({lesson_command::retry}); break;
        default: break;
      }
      continue;
    }
    const u32 slot = slot_of_window(e.window);
    if (slot == invalid_id) continue;  // a window closed earlier
    switch (e.type) {
      case platform::event_type::close_requested: changes[slot].close = true; break;
      case platform::event_type::toggle_fullscreen:
        changes[slot].toggle_fullscreen ^= true;
        changes[slot].arrived = arrived;
        break;
      case platform::event_type::resized:
      case platform::event_type::restored:
        changes[slot].check_size = true;
        if (!changes[slot].arrived) changes[slot].arrived = arrived;  // the first of a burst
        break;
      default: break;
    }
  }
  bool changed = false;
  for (const auto& [slot, change] : changes) {
    if (!_surfaces.count(slot)) continue;
    if (change.close) {
      note_learner_change(localize("a window was closed"_t));
      XE_TRY(remove_surface(slot));
      changed = true;
      if (_surfaces.empty()) _quit = true;  // the learner closed the last window: the app ends
      continue;
    }
    if (change.toggle_fullscreen) {
      note_learner_change(localize("a window went fullscreen or back"_t));
      const auto began = clock::now();
      XE_TRY(toggle_fullscreen(slot));
      _latency.action_done(latency_kind::fullscreen, change.arrived.value_or(polled),
                           latency_meter::span{began, clock::now()});
      changed = true;
    } else if (change.check_size) {
      const auto began = clock::now();
      XE_TRY_ASSIGN(const size_check checked, rebuild_if_resized(slot));
      if (checked.resized) {
        note_learner_change(localize("a window was resized"_t));
        _latency.action_done(latency_kind::resize, change.arrived.value_or(polled),
                             latency_meter::span{began, clock::now()});
      }
      changed = changed || checked.rebuilt;
    }
  }
  if (changed && !_quit) record_between_frames();
  return {};
}

// A held engine runs no frame to record what a change did (a rebuilt surface, a closed
// window): the inspector is given the state now, so it never shows one from before.
void app::record_between_frames() {
  if (!engine_held()) return;  // the next frame records it (the recorder keeps its events)
  record_state();
  _redraw = true;
}

// The engine's state into the inspector's history; the events so far are recorded then.
void app::record_state(const gfx::frame_stats& stats, f32 frame_ms) {
  _overlay->record(_recorder ? &*_recorder : nullptr, stats, frame_ms);
  if (_recorder) _recorder->mark_recorded();
}

// The inspector's controls speak the scenario vocabulary; lesson commands come from the
// panel and the keys. All of them run here, between frames (they may run frames).
result<void> app::run_requests() {
  bool ran = false;
  poll_code();
  std::vector<actions::step> controls = _overlay->take_requests();
  if (_capture_key) {  // F12: the Capture control's request
    _capture_key = false;
    if (auto step = actions::parse_step({{"do", "capture"}}, 0)) controls.push_back(std::move(*step));
  }
  for (actions::step& step : controls) {
    // A capture from the Controls is named now, so its notice can say where it went.
    if (step.name == "capture" && !step.params.value("file", nlohmann::json{}).is_string())
      if (auto named = actions::parse_step({{"do", "capture"}, {"file", capture_name()}}, 0)) step = std::move(*named);
    ran = true;
    const result<void> r = run_control(step);
    if (!r) XE_LOG_ERROR("inspector: {}", r.error_value().reason);
    _overlay->request_done(step, r);
  }
  if (_overlay->take_step_request()) {
    ran = true;
    note_learner_change(localize("Step one frame"_t), "advance_frames");
    const auto began = clock::now();
    XE_TRY(frame());
    // That frame's UI was built from the record before it: the next present shows the new one.
    _latency.action_done(latency_kind::step_frame, latency_meter::span{began, clock::now()});
  }
  if (_lessons) {
    std::vector<lesson_request> requests = _overlay->take_lesson_requests();
    requests.insert(requests.end(), _key_requests.begin(), _key_requests.end());
    _key_requests.clear();
    for (const lesson_request& request : requests) {
      ran = true;
      if (request.command == lesson_command::your_turn) {
        start_own_turn(request.exercise);
        continue;
      }
      const bool back = request.command == lesson_command::back, home = request.command == lesson_command::restart;
      const bool step = request.command == lesson_command::next || request.command == lesson_command::check;
      // These replay the lesson on a fresh engine: the state they lead to, as kept, goes first.
      const bool replays = back || home || (step && _lessons->target_of(request));
      const latency_kind kind = back ? latency_kind::back : home ? latency_kind::home : latency_kind::step;
      const std::optional<clock::time_point> input = _latency.latest_input();
      const result<void> shown = replays ? show_kept_state(request, kind) : result<void>{};
      const auto began = clock::now();
      _lessons->apply(request);
      const latency_meter::span applied{began, clock::now()};
      if (_kept_view) {
        _kept_view.reset();
        _overlay->end_replay();
      }
      XE_TRY(shown);
      if (step || back || home) _latency.action_done(kind, applied);  // a step's; a replay's when nothing was kept
      if (replays && input)
        _latency.action_done(back   ? latency_kind::back_live
                             : home ? latency_kind::home_live
                                    : latency_kind::step_live,
                             *input, applied);
    }
  }
  if (ran) {
    // The state after the request, whatever frames it ran, is what the inspector shows.
    record_state();
    keep_step_state();
    _redraw = true;
  }
  return {};
}

// The learner saved their exercise: once graded, their new code replaces the old, and the
// lesson replays on it to where they were. A pass goes into their progress.
void app::poll_code() {
  if (!_code) return;
  const code_watch::news news = _code->poll();
  if (news == code_watch::news::none) return;
  _redraw = true;
  if (news == code_watch::news::reload) {
    _lesson_failed = false;  // steps that failed ran on code that is gone: the exit code is the new code's
    _kept_states.clear();    // kept from the engine on their old code
    const auto start = clock::now();
    const result<void> r = _lessons && _lessons->current() ? _lessons->replay() : restart_engine();
    if (!r) XE_LOG_ERROR("{}", r.error_value().reason);
    _code->replayed(r, std::chrono::duration<f64>(clock::now() - start).count(),
                    _lessons ? _lessons->player().steps_done() : 0);
    record_state();
    keep_step_state();
  }
  if (_lessons && _code->view().passed) _lessons->note_exercise_passed(_code->view().exercise);
}

// An inspector control. Exports read the engine; a screenshot of a held engine's window is
// the overlay's redraw, copied back, so it advances nothing; every other control changes
// the engine, which a lesson holding it must know.
result<void> app::run_control(const actions::step& step) {
  // An export from the Controls makes the folder it names (out/ at first), and says so.
  if (step.name == "snapshot" || step.name == "screenshot" || step.name == "trace" ||
      (step.name == "capture" && step.params.value("file", nlohmann::json{}).is_string())) {
    XE_TRY_ASSIGN(const std::string made, make_parent_folders(step.params.at("file").get<std::string>()));
    if (!made.empty()) XE_LOG_INFO("created folder '{}' for the export", made);
  }
  if (step.name == "snapshot" || step.name == "trace" || step.name == "open_capture") return _runner.run(step);
  if (step.name == "capture") {  // draws a frame, when it can: a change only once it did
    XE_TRY(_runner.run(step));
    if (auto pressed = control_pressed(step)) note_learner_change(*pressed, step.name);
    return {};
  }
  if (step.name != "screenshot") {
    // A step that is part of another control (Allocate's first press creates the heap) is
    // noted with that control.
    if (auto pressed = control_pressed(step)) note_learner_change(*pressed, step.name);
    return _runner.run(step);
  }
  if (!engine_held()) return _runner.run(step);
  const u32 slot = step.params.value("slot", _surfaces.empty() ? invalid_id : _surfaces.begin()->first);
  XE_TRY_ASSIGN(auto entry, entry_at(slot));
  XE_TRY_ASSIGN(auto image,
                _observer.capture(entry->id, _content, slot == _overlay_slot ? _overlay->recorder() : nullptr));
  return write_png(step.params.at("file").get<std::string>(), image);
}

// A Controls request as the learner knows it: the label they pressed ("960x540", "Allocate");
// none for a step that is part of another control.
std::optional<localized> app::control_pressed(const actions::step& step) {
  if (!step.what) return localize("the inspector's {} control"_t, step.name);
  if (step.what->control_name(language::english()).empty()) return std::nullopt;
  localized pressed;
  for (language lang : languages()) pressed.texts.push_back(step.what->control_name(lang));
  return pressed;
}

// While a lesson holds the engine, a change outside its steps means the next step must
// first replay the lesson to where it was; the panel says so.
void app::note_learner_change(const localized& what, std::string_view control) {
  if (_lessons && !_opts.play && _lessons->holds_engine()) _lessons->note_engine_changed(what, control);
}

result<void> app::run_frames(u32 count) {
  for (u32 i = 0; i < count && !_quit; ++i) {
    if (stop_requested()) return make_error(errc::invalid_argument, "stopped by a signal");
    if (auto r = frame(); !r)
      return make_error(r.error_value().code, fmt::format("frame {} failed: {}", _frames_run, r.error_value().reason));
  }
  return {};
}

result<void> app::write_outputs() {
  if (!_opts.snapshot.empty()) XE_TRY(write_frame_state(_opts.snapshot, snapshot()));
  if (!_opts.trace.empty()) {
    XE_TRY_ASSIGN(const std::string document, trace());
    XE_TRY(write_file_atomic(_opts.trace, document));
  }
  if (!_opts.screenshot.empty()) {
    XE_TRY_ASSIGN(auto image, screenshot(std::nullopt));
    XE_TRY(write_png(_opts.screenshot, image));
  }
  return {};
}

void app::stop() {
  _overlay.reset();  // releases its font atlas while the renderer is up
  _observer.release();
  _recorder.reset();
  // Surfaces go first (the renderer flushes), then their windows.
  report_leaks(gfx::shutdown());
  _surfaces.clear();
}

void app::report_leaks(const gfx::shutdown_report& report) {
  if (report.gpu_hung) return;  // said already; nothing was released on purpose
  if (report.device_references_left || report.objects_still_tracked)
    XE_LOG_ERROR("shutdown left {} device reference(s) and {} tracked object(s)", report.device_references_left,
                 report.objects_still_tracked);
}

}  // namespace xe::sandbox
