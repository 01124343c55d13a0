#pragma once
// The sandbox application: owns the surfaces and runs THE frame (app.cpp).
#include <vector>

#include "app/cli.h"
#include "graphics/renderer.h"

namespace xe::sandbox {

// Exit codes shared by every front end (CLI, scripts, lessons).
enum exit_code : int { exit_ok = 0, exit_runtime = 1, exit_usage = 2, exit_script = 3, exit_validation = 4 };

class app {
public:
  explicit app(const options& opts) : _opts{opts} {}
  // Runs until the frame budget is spent; returns the process exit code.
  int run();

private:
  result<void> start();
  result<void> frame();
  void stop();
  void print_summary() const;

  options _opts;
  std::vector<gfx::surface_id> _surfaces;
  gfx::color _clear{0.10f, 0.20f, 0.30f, 1.f};
  f64 _frame_ms_total{0.0};
  f64 _wait_ms_total{0.0};
  u64 _frames_run{0};
};

} // namespace xe::sandbox
