#include "app/app.h"

#include <chrono>
#include <cstdio>

#include <spdlog/fmt/fmt.h>

#include "common/log.h"
#include "script/script.h"
#include "snapshot/frame_state.h"
#include "snapshot/png.h"

namespace xe::sandbox {

int app::run() {
  std::optional<script> scenario;
  if (!_opts.script.empty()) {
    auto loaded = load_script(_opts.script);
    if (!loaded) {
      std::fprintf(stderr, "xengine-sandbox: %s\n", loaded.error_value().reason.c_str());
      return loaded.error_value().code == errc::io ? exit_usage : exit_script;
    }
    scenario = std::move(*loaded);
  }
  if (auto r = start(); !r) {
    XE_LOG_ERROR("start-up failed: {}", r.error_value().reason);
    stop();
    return exit_runtime;
  }

  int code = exit_ok;
  if (scenario) {
    action_runner runner{*this};
    for (const actions::step& step : scenario->steps) {
      if (auto r = runner.run(step); !r) {
        std::fprintf(stderr, "xengine-sandbox: script '%s': %s\n", scenario->source.c_str(),
                     r.error_value().reason.c_str());
        code = exit_script;
        break;
      }
    }
  }
  if (code == exit_ok && _opts.frames > 0) {
    if (auto r = run_frames(_opts.frames); !r) {
      XE_LOG_ERROR("{}", r.error_value().reason);
      code = exit_runtime;
    }
  }
  if (code == exit_ok) {
    if (auto r = write_outputs(); !r) {
      std::fprintf(stderr, "xengine-sandbox: %s\n", r.error_value().reason.c_str());
      code = exit_runtime;
    }
  }
  if (code == exit_ok) print_summary();
  if (code == exit_ok && gfx::get_validation_error_count() > 0) {
    std::fprintf(stderr, "xengine-sandbox: %u validation error(s) were reported\n", gfx::get_validation_error_count());
    code = exit_validation;
  }
  stop();
  return code;
}

result<void> app::start() {
  gfx::renderer_desc desc;
  desc.frames_in_flight = _opts.frames_in_flight;
  XE_TRY(gfx::initialize(desc));
  _recorder.emplace();
  if (_opts.headless_forced) XE_LOG_INFO("no display found: running headless");
  auto slot = create_surface(_opts.width, _opts.height);
  if (!slot) return std::move(slot).error_value();
  return {};
}

// One frame, top to bottom: engine frame (wait for the slot, deferred work), record each
// surface, submit and present.
result<void> app::frame() {
  const auto start = std::chrono::steady_clock::now();

  _recorder->new_frame();
  XE_TRY(gfx::begin_frame());
  for (const auto& [slot, surface] : _surfaces) XE_TRY(gfx::render_surface(surface, clear_color));
  XE_TRY(gfx::end_frame());

  const std::chrono::duration<f64, std::milli> elapsed = std::chrono::steady_clock::now() - start;
  _frame_ms_total += elapsed.count();
  _wait_ms_total += gfx::get_frame_stats().last_wait_ms;
  ++_frames_run;
  return {};
}

result<void> app::run_frames(u32 count) {
  for (u32 i = 0; i < count; ++i) {
    if (auto r = frame(); !r)
      return make_error(r.error_value().code, fmt::format("frame {} failed: {}", _frames_run, r.error_value().reason));
  }
  return {};
}

result<void> app::write_outputs() {
  if (!_opts.snapshot.empty()) XE_TRY(write_frame_state(_opts.snapshot, snapshot()));
  if (!_opts.screenshot.empty()) {
    auto image = screenshot(std::nullopt);
    if (!image) return std::move(image).error_value();
    XE_TRY(write_png(_opts.screenshot, *image));
  }
  return {};
}

void app::stop() {
  _recorder.reset();
  _surfaces.clear();
  const gfx::shutdown_report report = gfx::shutdown();
  if (report.device_references_left || report.objects_still_tracked)
    XE_LOG_ERROR("shutdown left {} device reference(s) and {} tracked object(s)", report.device_references_left,
                 report.objects_still_tracked);
}

result<gfx::surface_id> app::surface_at(u32 slot) const {
  auto it = _surfaces.find(slot);
  if (it == _surfaces.end()) return make_error(errc::invalid_handle, fmt::format("there is no surface in slot {}", slot));
  return it->second;
}

result<u32> app::create_surface(u32 width, u32 height) {
  auto id = gfx::create_surface({.width = width, .height = height});
  if (!id) return std::move(id).error_value();
  _surfaces[id->index()] = *id;
  return id->index();
}

result<void> app::remove_surface(u32 slot) {
  auto id = surface_at(slot);
  if (!id) return std::move(id).error_value();
  XE_TRY(gfx::remove_surface(*id));
  _surfaces.erase(slot);
  return {};
}

result<void> app::resize_surface(u32 slot, u32 width, u32 height) {
  auto id = surface_at(slot);
  if (!id) return std::move(id).error_value();
  return gfx::resize_surface(*id, width, height);
}

result<void> app::toggle_fullscreen(u32 slot) {
  auto id = surface_at(slot);
  if (!id) return std::move(id).error_value();
  return make_error(errc::unsupported, "offscreen surfaces have no fullscreen mode; run with a window");
}

result<gfx::image_rgba8> app::screenshot(std::optional<u32> slot) {
  if (!slot) {
    if (_surfaces.empty()) return make_error(errc::invalid_handle, "there is no surface to capture");
    slot = _surfaces.begin()->first;
  }
  auto id = surface_at(*slot);
  if (!id) return std::move(id).error_value();
  return gfx::read_back(*id);
}

nlohmann::json app::snapshot() { return capture_frame_state(_recorder ? &*_recorder : nullptr); }

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
  if (!_opts.snapshot.empty()) out += fmt::format("  snapshot: {}\n", _opts.snapshot);
  if (!_opts.screenshot.empty()) out += fmt::format("  screenshot: {}\n", _opts.screenshot);
  std::fputs(out.c_str(), stdout);
}

} // namespace xe::sandbox
