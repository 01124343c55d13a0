// The overlay with Dear ImGui: the inspector (or ImGui's demo window, for benchmarks),
// drawn by the sandbox's D3D12 renderer into the surface's own pass.
#include <optional>

#include <imgui.h>

#include "app/overlay.h"
#include "common/log.h"
#include "graphics/renderer.h"
#include "imgui/fonts.h"
#include "imgui/imgui_platform.h"
#include "imgui/imgui_renderer.h"
#include "inspector/inspector.h"
#include "lessons/lesson_panel.h"

namespace xe::sandbox {
namespace {

class imgui_overlay final : public overlay {
public:
  imgui_overlay(bool enabled, overlay_mode mode, std::string_view glyph_text) : _enabled{enabled}, _mode{mode} {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // layout from code: the same every run (and in tests)
    ImGui::StyleColorsDark();
    ImGui::GetStyle().WindowRounding = 4.f;
    load_overlay_font(15.f, glyph_text);
  }
  ~imgui_overlay() override {
    _platform.shutdown();
    _renderer.release();
    ImGui::DestroyContext();
  }

  result<void> attach(platform::window* window) override {
    if (!_enabled) return {};
    if (!_renderer_ready) {
      XE_TRY(_renderer.initialize());
      _renderer_ready = true;
    }
    if (window == _platform.window() && _attached) return {};
    _attached = true;
    return _platform.attach(window);
  }
  bool visible() const override { return _enabled && _inspector.visible(); }
  void set_visible(bool visible) override { _inspector.set_visible(visible); }

  void build(u32 width, u32 height, f32 dt) override {
    if (!_enabled || !_inspector.visible()) return;  // hidden: no UI work at all (history still records)
    _platform.new_frame(width, height, dt);
    ImGui::NewFrame();
    if (_mode == overlay_mode::imgui_demo) ImGui::ShowDemoWindow();
    else _inspector.draw(gfx::get_adapter_info());
    if (_lesson && _mode == overlay_mode::inspector && _inspector.visible()) _lesson_panel.draw(*_lesson);
    ImGui::Render();
    _built = true;
  }

  gfx::d3d12::record_fn recorder() override {
    if (!_enabled || !_built || !_inspector.visible()) return {};
    return [this](const gfx::d3d12::render_context& ctx) { return _renderer.render(ImGui::GetDrawData(), ctx); };
  }

  void record(const event_recorder* events) override {
    if (_enabled && _mode == overlay_mode::inspector) _inspector.record(events);
  }
  std::vector<actions::step> take_requests() override { return _inspector.take_requests(); }
  void show_lesson(const lesson_view* view) override {
    if (!view) {
      _lesson.reset();
      return;
    }
    _lesson = *view;
    // A step just run (or undone): its focus comes forward once.
    const std::pair<u32, u32> position{view->current, view->steps_done};
    if (position == _focused) return;
    _focused = position;
    std::vector<std::pair<std::string, u32>> cells;
    if (const lesson_focus* f = view->focus) {
      _inspector.select_panel(f->panel);
      if (!f->heap.empty()) _inspector.select_heap(f->heap);
      for (u32 index : f->cells) cells.emplace_back(f->heap, index);
    }
    _inspector.set_focus(std::move(cells));
  }
  std::vector<lesson_request> take_lesson_requests() override { return _lesson_panel.take_requests(); }
  bool loop_paused() const override { return _inspector.loop_paused(); }
  bool take_step_request() override { return _inspector.take_step_request(); }
  bool take_input_seen() override {
    const ImGuiIO& io = ImGui::GetIO();
    const bool seen = io.MousePos.x != _last_mouse.x || io.MousePos.y != _last_mouse.y || ImGui::IsAnyMouseDown() ||
                      io.InputQueueCharacters.Size > 0;
    _last_mouse = io.MousePos;
    return seen;
  }
  sandbox::inspector* get_inspector() override { return _enabled ? &_inspector : nullptr; }
  void release_device_objects() override {
    _renderer.release();
    _renderer_ready = false;
    _built = false;
    _inspector.clear_history();
  }

private:
  bool _enabled;
  overlay_mode _mode;
  bool _renderer_ready{false};
  bool _attached{false};
  bool _built{false};
  imgui_platform _platform;
  imgui_renderer _renderer;
  inspector _inspector;
  lesson_panel _lesson_panel;
  std::optional<lesson_view> _lesson;
  std::pair<u32, u32> _focused{~0u, ~0u};  // (lesson, steps done) whose focus is shown
  ImVec2 _last_mouse{};
};

} // namespace

std::unique_ptr<overlay> make_overlay(bool enabled, overlay_mode mode, std::string_view glyph_text) {
  return std::make_unique<imgui_overlay>(enabled, mode, glyph_text);
}

} // namespace xe::sandbox
