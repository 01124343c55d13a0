#pragma once
// The sandbox application: owns the surfaces, runs THE frame (app.cpp), and hosts
// scenario scripts (it is their scenario_host).
#include <map>
#include <optional>

#include "app/cli.h"
#include "graphics/renderer.h"
#include "script/runner.h"
#include "snapshot/event_recorder.h"

namespace xe::sandbox {

// Exit codes shared by every front end (CLI, scripts, lessons).
enum exit_code : int { exit_ok = 0, exit_runtime = 1, exit_usage = 2, exit_script = 3, exit_validation = 4 };

class app final : public scenario_host {
public:
  // What every surface is cleared to. Exact multiples of 1/255, so the 8-bit value a
  // screenshot shows is unambiguous (26, 51, 77) whatever rounding the GPU applies.
  static constexpr gfx::color clear_color{26 / 255.f, 51 / 255.f, 77 / 255.f, 1.f};

  explicit app(const options& opts) : _opts{opts} {}
  // Runs the script and/or the frame budget; returns the process exit code.
  int run();

  // scenario_host
  result<u32> create_surface(u32 width, u32 height) override;
  result<void> remove_surface(u32 slot) override;
  result<void> resize_surface(u32 slot, u32 width, u32 height) override;
  result<void> toggle_fullscreen(u32 slot) override;
  result<gfx::image_rgba8> screenshot(std::optional<u32> slot) override;
  result<void> run_frames(u32 count) override;
  nlohmann::json snapshot() override;

private:
  result<void> start();
  result<void> frame();
  result<void> write_outputs();
  void stop();
  void print_summary() const;
  result<gfx::surface_id> surface_at(u32 slot) const;

  options _opts;
  std::map<u32, gfx::surface_id> _surfaces;  // by free-list slot
  std::optional<event_recorder> _recorder;
  f64 _frame_ms_total{0.0};
  f64 _wait_ms_total{0.0};
  u64 _frames_run{0};
};

} // namespace xe::sandbox
