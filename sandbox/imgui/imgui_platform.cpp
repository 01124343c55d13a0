#include "imgui/imgui_platform.h"

#include <imgui.h>

#include <cfloat>

namespace xe::sandbox {

bool imgui_platform::on_native_event(const void* native_event, void* user) {
  auto* self = static_cast<imgui_platform*>(user);
  mouse_input m;
  if (self->_window && imgui_backend::mouse_event(native_event, *self->_window, m)) {
    if (m.button == 0 && m.down) ++self->_seen.presses;
    self->_mouse.push_back(m);
  }
  if (imgui_backend::is_key_down(native_event)) ++self->_seen.keys;
  return imgui_backend::process(native_event);
}

result<void> imgui_platform::attach(platform::window* window) {
  shutdown();
  _window = window;
  if (!window) return {};
  if (!imgui_backend::init(*window))
    return make_error(errc::api_call_failed, "the ImGui platform backend did not start");
  _backend = true;
  _mouse.clear();
  platform::set_native_event_hook(on_native_event, this);
  return {};
}

void imgui_platform::shutdown() {
  if (!_backend) return;
  platform::set_native_event_hook(nullptr, nullptr);
  imgui_backend::shutdown();
  _backend = false;
  _window = nullptr;
}

void imgui_platform::new_frame(u32 width, u32 height, f32 dt) {
  if (_backend) {
    imgui_backend::new_frame();
    apply_mouse_input();
  } else {
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = dt > 0.f ? dt : 1.f / 60.f;
  }
  // The overlay draws into the surface at its size, one pixel per unit, whatever the
  // backend thinks of the window.
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2{static_cast<f32>(width), static_cast<f32>(height)};
  io.DisplayFramebufferScale = ImVec2{1.f, 1.f};
}

}  // namespace xe::sandbox

namespace xe::sandbox {

// One button change per frame, so ImGui sees the press, then the release; and none in the
// frame the pointer arrives: ImGui judges what is under the pointer partly from the frame
// before (an item hovered there keeps overlapping items, such as tabs, from taking the
// click), so a press made right after a move waits one frame at its place.
void imgui_platform::apply_mouse_input() {
  const f32 start_x = _mouse_x, start_y = _mouse_y;
  const bool start_inside = _mouse_inside;
  while (!_mouse.empty()) {
    const mouse_input m = _mouse.front();
    _mouse_inside = !m.left_window;
    _mouse_x = m.x;
    _mouse_y = m.y;
    if (m.button >= 0 && m.button < 3 && _buttons[m.button] != m.down) {
      if (_mouse_x != start_x || _mouse_y != start_y || _mouse_inside != start_inside) break;  // next frame
      _mouse.pop_front();
      _buttons[m.button] = m.down;
      if (m.button == 0 && m.down) {
        ++_seen.presses_applied;
        _seen.x = m.x;
        _seen.y = m.y;
      }
      break;
    }
    _mouse.pop_front();
  }
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = _mouse_inside ? ImVec2{_mouse_x, _mouse_y} : ImVec2{-FLT_MAX, -FLT_MAX};
  for (int i = 0; i < 3; ++i) io.MouseDown[i] = _buttons[i];
}

}  // namespace xe::sandbox
