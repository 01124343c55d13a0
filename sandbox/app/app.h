#pragma once
// The sandbox application: owns the windows and surfaces, runs THE frame (app.cpp), and
// hosts scenario scripts (it is their scenario_host).
#include <chrono>
#include <map>
#include <memory>
#include <optional>
#include <vector>

#include "app/cli.h"
#include "app/overlay.h"
#include "graphics/renderer.h"
#include "lessons/lesson_session.h"
#include "platform/window.h"
#include "script/runner.h"
#include "snapshot/event_recorder.h"

namespace xe::sandbox {

// Exit codes shared by every front end (CLI, scripts, lessons).
enum exit_code : int { exit_ok = 0, exit_runtime = 1, exit_usage = 2, exit_script = 3, exit_validation = 4 };

class app final : public scenario_host, public lesson_host {
public:
  // What every surface is cleared to. Exact multiples of 1/255, so the 8-bit value a
  // screenshot shows is unambiguous (26, 51, 77) whatever rounding the GPU applies.
  static constexpr gfx::color clear_color{26 / 255.f, 51 / 255.f, 77 / 255.f, 1.f};

  explicit app(const options& opts) : _opts{opts} {}
  // Runs the script, then frames until the budget is spent or the last window closes;
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
  void set_gpu_load(u32 passes) override { _content.gpu_load_passes = passes; }

  // lesson_host. A fresh engine for a lesson: a new device and queue (fence values from
  // 0, only the engine's heaps), the first --windows surfaces on the same windows at the
  // start-up size, content reset.
  result<void> restart_engine() override;
  action_runner& runner() override { return _runner; }

  // The overlay (for tests driving the inspector in-process).
  sandbox::overlay& get_overlay() { return *_overlay; }
  result<void> start_for_tests() {
    if (load_lessons() != exit_ok) return make_error(errc::parse, "the lessons did not load");
    return start();
  }
  lesson_session* lessons_for_tests() { return _lessons.get(); }
  result<void> frame_for_tests() { return frame(); }
  void stop_for_tests() { stop(); }
  nlohmann::json snapshot() override;

private:
  // A surface and, when not headless, the window it presents to.
  struct surface_entry {
    gfx::surface_id id;
    std::unique_ptr<platform::window> window;
  };

  gfx::renderer_desc renderer_desc() const;
  int load_lessons();
  int play_lessons();
  int bench_frames();
  result<void> start();
  result<void> frame();
  result<void> handle_events();
  result<void> run_requests();
  result<void> attach_overlay();
  result<void> rebuild_if_resized(u32 slot);
  result<void> write_outputs();
  void stop();
  static void report_leaks(const gfx::shutdown_report& report);
  void print_summary() const;
  result<surface_entry*> entry_at(u32 slot);
  u32 slot_of_window(u32 window_id) const;
  bool windowed() const { return !_opts.headless; }

  options _opts;
  std::map<u32, surface_entry> _surfaces;  // by free-list slot
  std::optional<event_recorder> _recorder;
  std::unique_ptr<overlay> _overlay;
  action_runner _runner{*this};  // one for scripts and controls: labels outlive a frame
  std::unique_ptr<lesson_session> _lessons;  // null: no lesson panel
  bool _in_lesson_step{false};   // a lesson step runs frames: its panel waits
  u32 _overlay_slot{invalid_id};  // the surface the overlay draws into (the lowest slot)
  std::chrono::steady_clock::time_point _last_frame{};
  std::vector<platform::window_event> _events;
  gfx::frame_content _content{clear_color};
  bool _quit{false};
  f64 _frame_ms_total{0.0};
  f64 _wait_ms_total{0.0};
  u64 _frames_run{0};
};

} // namespace xe::sandbox
