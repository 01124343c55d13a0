#include "app/app.h"

#include <chrono>
#include <cstdio>

#include <spdlog/fmt/fmt.h>

#include "common/log.h"

namespace xe::sandbox {

int app::run() {
  if (auto r = start(); !r) {
    XE_LOG_ERROR("start-up failed: {}", r.error_value().reason);
    stop();
    return exit_runtime;
  }
  int code = exit_ok;
  for (u32 i = 0; i < _opts.frames; ++i) {
    if (auto r = frame(); !r) {
      XE_LOG_ERROR("frame {} failed: {}", _frames_run, r.error_value().reason);
      code = exit_runtime;
      break;
    }
  }
  if (code == exit_ok) print_summary();
  if (gfx::get_validation_error_count() > 0 && code == exit_ok) code = exit_validation;
  stop();
  return code;
}

result<void> app::start() {
  gfx::renderer_desc desc;
  desc.frames_in_flight = _opts.frames_in_flight;
  XE_TRY(gfx::initialize(desc));
  if (_opts.headless_forced) XE_LOG_INFO("no display found: running headless");
  auto surface = gfx::create_surface({.width = _opts.width, .height = _opts.height});
  if (!surface) return std::move(surface).error_value();
  _surfaces.push_back(*surface);
  return {};
}

// One frame, top to bottom: engine frame (wait for the slot, deferred work), record each
// surface, submit and present.
result<void> app::frame() {
  const auto start = std::chrono::steady_clock::now();

  XE_TRY(gfx::begin_frame());
  for (const gfx::surface_id surface : _surfaces) XE_TRY(gfx::render_surface(surface, _clear));
  XE_TRY(gfx::end_frame());

  const std::chrono::duration<f64, std::milli> elapsed = std::chrono::steady_clock::now() - start;
  _frame_ms_total += elapsed.count();
  _wait_ms_total += gfx::get_frame_stats().last_wait_ms;
  ++_frames_run;
  return {};
}

void app::stop() {
  const gfx::shutdown_report report = gfx::shutdown();
  if (report.device_references_left || report.objects_still_tracked)
    XE_LOG_ERROR("shutdown left {} device reference(s) and {} tracked object(s)", report.device_references_left,
                 report.objects_still_tracked);
}

void app::print_summary() const {
  const gfx::adapter_info& a = gfx::get_adapter_info();
  const gfx::frame_stats f = gfx::get_frame_stats();
  std::string out = fmt::format("xengine-sandbox: {} frames on {} via {} (feature level {}, shader model {})\n",
                                _frames_run, a.name, a.runtime, gfx::feature_level_name(a.feature_level),
                                gfx::shader_model_name(a.shader_model));
  out += fmt::format("  fence: cpu {} gpu {} slots [{}, {}, {}], frames in flight {}, mean wait {:.3f} ms\n",
                     f.cpu_fence_value, f.gpu_completed, f.slot_fence_values[0], f.slot_fence_values[1],
                     f.slot_fence_values[2], f.frames_in_flight, _frames_run ? _wait_ms_total / _frames_run : 0.0);
  out += "  heaps:";
  for (u32 i = 0; i < gfx::get_heap_count(); ++i) {
    const gfx::heap_info h = gfx::get_heap_info(i);
    out += fmt::format(" {} {}/{}{}", h.name, h.size, h.capacity, h.shader_visible ? " (shader-visible)" : "");
  }
  out += "\n";
  const gfx::surfaces_info s = gfx::calculate_surfaces_info();
  for (const gfx::surface_info& slot : s.slots)
    if (slot.live)
      out += fmt::format("  surface {}: {} {}x{}, {} back buffers\n", slot.slot, slot.kind, slot.width, slot.height,
                         slot.back_buffers);
  out += fmt::format("  frame time: mean {:.3f} ms (CPU wall time)\n", _frames_run ? _frame_ms_total / _frames_run : 0.0);
  std::fputs(out.c_str(), stdout);
}

} // namespace xe::sandbox
