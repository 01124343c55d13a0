#pragma once
// The sandbox application: owns the windows and surfaces, runs the loop (app.cpp), and
// hosts scenario scripts and lessons. The loop, between frames: window events, then
// requests (inspector controls, lesson steps, engine restarts: they may run frames of
// their own), then either one engine frame or, while the engine is held (a lesson is open,
// or the learner paused it), one overlay redraw through the overlay's own submission path.
#include <chrono>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "app/cli.h"
#include "app/latency.h"
#include "app/overlay.h"
#include "app/renderdoc.h"
#include "graphics/renderer.h"
#include "lessons/lesson_console.h"
#include "lessons/lesson_session.h"
#include "platform/window.h"
#include "script/runner.h"
#include "snapshot/event_recorder.h"

namespace xe::sandbox {

// Exit codes shared by every front end (CLI, scripts, lessons). A stop signal exits with
// 128 + its number (stop_signal.h).
enum exit_code : int {
  exit_ok = 0,
  exit_runtime = 1,
  exit_usage = 2,
  exit_script = 3,
  exit_validation = 4,
  exit_display_lost = 5,  // the X server ended or closed the app's connection
  exit_unchecked = 6,     // played lessons held, but hazard checks ran without a validation layer
};

// --exercise (app_exercise.cpp, docs/exercises.md): copy, build, grade, then the lesson on the
// learner's code; the exit code (0 passed, 3 not yet, 2 usage).
int run_exercise(const options& opts);

// --exercise in a window: the learner's file, watched between frames (app_exercise.cpp).
class code_watch {
public:
  virtual ~code_watch() = default;
  enum class news : u8 { none, changed, reload };
  // Between frames, cheap. changed: the view moved on; reload: their new code is in place,
  // and the engine must be rebuilt on it (the lesson replayed to where the learner was),
  // then replayed() told.
  virtual news poll() = 0;
  virtual void replayed(const result<void>& r, f64 seconds, u32 step) = 0;
  virtual const learner_code_view& view() const = 0;
};

class app final : public scenario_host, public lesson_host, public lesson_listener {
public:
  // What every surface is cleared to. Exact multiples of 1/255, so the 8-bit value a
  // screenshot shows is unambiguous (26, 51, 77) whatever rounding the GPU applies.
  static constexpr gfx::color clear_color{26 / 255.f, 51 / 255.f, 77 / 255.f, 1.f};

  explicit app(const options& opts) : _opts{opts} {}
  // Not owned; outlives run().
  void watch_code(code_watch* watch) { _code = watch; }
  // Runs the script, then the loop until the budget is spent or the last window closes;
  // returns the process exit code.
  int run();

  // scenario_host
  result<u32> create_surface(u32 width, u32 height) override;
  result<void> remove_surface(u32 slot) override;
  result<void> resize_surface(u32 slot, u32 width, u32 height) override;
  result<void> toggle_fullscreen(u32 slot) override;
  result<gfx::image_rgba8> screenshot(std::optional<u32> slot) override;
  result<void> run_frames(u32 count) override;  // public: tests drive frames too
  void set_triangle(bool visible) override { _content.triangle = visible; }
  void set_quad(const std::string& texture) override { _content.quad_texture = texture; }
  const std::string& quad() const override { return _content.quad_texture; }
  void set_gpu_load(u32 passes) override { _content.gpu_load_passes = passes; }

  // lesson_host. A fresh engine for a lesson: a new device and queue (fence values from
  // 0, only the engine's heaps), the first --windows surfaces on the same windows at the
  // start-up size, content reset.
  result<void> restart_engine() override;
  action_runner& runner() override { return _runner; }
  // lesson_listener: a learner's step, printed as the headless player prints it.
  void step_starting(const lesson& l, const lesson_step& step) override;
  void step_finished(const lesson& l, const lesson_step& step, const result<step_outcome>& outcome) override;

  nlohmann::json snapshot() override;
  result<std::string> trace() override;
  result<std::string> capture_frames(u32 count, const std::string& file) override;
  result<void> open_capture(const std::string& file) override;
  // out/LESSON-stepN-frameF.rdc for the frame about to be drawn (out/frameF.rdc without a lesson).
  std::string capture_name() const;
  nlohmann::json snapshot_part(const nlohmann::json::json_pointer& needed) override;

private:
  friend struct app_test_access;  // the tests' and tools' way in (sandbox/tests/app_test_access.h)

  // A surface and, when not headless, the window it presents to.
  struct surface_entry {
    gfx::surface_id id;
    std::unique_ptr<platform::window> window;
    // The surface's size when the app last made or checked it: a difference later is the
    // engine's stale path rebuilding it first (rebuild_if_resized).
    u32 width{}, height{};
  };
  using clock = std::chrono::steady_clock;

  gfx::renderer_desc renderer_desc() const;
  // load_lessons' exit code, and the lessons' Chinese characters for the overlay's font.
  struct lessons_read {
    int code;
    std::string glyphs;
  };
  int load_lessons();
  void read_lessons();  // load_lessons on a thread: _lessons_read
  std::vector<u32> lessons_asked() const;
  int play_lessons();
  int ui_tour();
  result<void> settle_overlay();
  result<void> report_step(nlohmann::json& report, const lesson& l, const lesson_step& step,
                           const result<step_outcome>& outcome);
  int bench_frames();
  result<void> start();
  result<void> tick();
  result<void> frame();
  result<void> redraw_held();
  result<void> redraw_windows();
  bool engine_held() const;
  void build_overlay();
  void keep_step_state();
  struct kept_state;
  const kept_state* kept_for(const lesson_request& request) const;
  result<void> show_kept_state(const lesson_request& request, latency_kind kind);
  result<void> handle_events();
  result<void> run_requests();
  void poll_code();
  void start_own_turn(const std::string& exercise);  // app_exercise.cpp
  void record_between_frames();
  void record_state() { record_state(gfx::get_frame_stats()); }
  void record_state(const gfx::frame_stats& stats, f32 frame_ms = -1.f);
  result<void> run_control(const actions::step& step);
  void note_learner_change(const localized& what, std::string_view control = {});
  static std::optional<localized> control_pressed(const actions::step& step);
  result<void> attach_overlay();
  // create_surface's two halves: a window (none headless), cascaded as the open-th, then
  // its surface in the engine.
  result<std::unique_ptr<platform::window>> open_window(u32 width, u32 height, u32 open);
  result<u32> add_surface(u32 width, u32 height, std::unique_ptr<platform::window> window);
  result<void> remake_engine();  // restart_engine's new device, surfaces and overlay
  // What a window's size check found (rebuild_if_resized).
  struct size_check {
    bool rebuilt{};  // the app rebuilt the surface now: the inspector's record is due
    bool resized{};  // its size is not the one the app last saw: the learner's resize
  };
  result<size_check> rebuild_if_resized(u32 slot);
  void note_surface_size(surface_entry& entry);
  result<void> write_outputs();
  void stop();
  static void report_leaks(const gfx::shutdown_report& report);
  void print_summary() const;
  result<surface_entry*> entry_at(u32 slot);
  u32 slot_of_window(u32 window_id) const;
  void update_titles();
  static void print_lesson_text(const std::string& text);
  bool windowed() const { return !_opts.headless; }

  options _opts;
  std::map<u32, surface_entry> _surfaces;  // by free-list slot
  std::optional<event_recorder> _recorder;
  std::unique_ptr<renderdoc> _renderdoc;  // RenderDoc's API, when its library is in the process
  bool _renderdoc_checked{false};         // looked for once, before the first device
  bool _renderdoc_ui{false};              // qrenderdoc installed (looked for once)
  bool _capture_key{false};               // F12 pressed: capture at the next request pass
  struct capture_record {
    std::string file;
    u64 frame{};
  };
  std::vector<capture_record> _captures;  // this run's, oldest first: in snapshots
  std::unique_ptr<overlay> _overlay;
  gfx::observer _observer;                   // the overlay's redraws while the engine is held
  action_runner _runner{*this};              // one for scripts and controls: labels outlive a frame
  std::unique_ptr<lesson_session> _lessons;  // null: no lesson panel
  // Read on a thread while the device is made; _lessons and _own_turn are that thread's
  // until it is ready.
  std::shared_future<lessons_read> _lessons_read;
  code_watch* _code{nullptr};                                                  // --exercise in a window, or _own_code
  std::unique_ptr<code_watch> _own_code;                                       // an exercise started with Your turn
  std::map<std::string, std::vector<lesson_exercise>, std::less<>> _own_turn;  // exercises by lesson id
  std::vector<lesson_request> _key_requests;                                   // lesson keys pressed in a window
  // The open lesson's state after each step, recorded when the engine was on the lesson's
  // own path (lesson_player::on_played_path): what Back, Home and a Next that replays show
  // while they replay.
  struct kept_state {
    frame_record record;
    std::optional<step_outcome> outcome;  // the step's, for the panel
    gfx::frame_content content;           // what the windows drew
  };
  std::vector<std::optional<kept_state>> _kept_states;
  const lesson* _kept_lesson{nullptr};
  std::optional<lesson_view> _kept_view;  // the panel's view while they replay
  u32 _overlay_slot{invalid_id};          // the surface the overlay draws into (the lowest slot)
  clock::time_point _last_build{};
  gfx::surfaces_info _overlay_surfaces;   // reused: reading the overlay's size allocates nothing
  u64 _overlay_surfaces_version{~0ull};   // gfx::get_surfaces_version() when read
  clock::time_point _active_until{};      // held: redraw at frame rate until then (input settles)
  clock::time_point _next_idle_redraw{};  // held and idle: a slow redraw (tooltips, timers)
  bool _redraw{true};                     // held: something changed; redraw now
  bool _skipped_present{false};           // held: the last UI pass was not presented (its request ran)
  std::vector<platform::window_event> _events;
  gfx::frame_content _content{clear_color};
  bool _engine_fresh{false};  // start() made the engine and nothing has run on it yet
  bool _quit{false};
  bool _lesson_failed{false};                            // a learner's step failed in this run (exit 3)
  std::optional<lesson_console::log_capture> _step_log;  // while a lesson step runs
  f64 _frame_ms_total{0.0};
  f64 _wait_ms_total{0.0};
  u64 _frames_run{0};
  latency_meter _latency;  // input to present, per kind (--bench-latency)
};

}  // namespace xe::sandbox
