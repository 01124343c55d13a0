#include "imgui/imgui_platform.h"

#include <imgui.h>

namespace xe::sandbox {
namespace {
bool forward(const void* native_event, void*) { return imgui_backend::process(native_event); }
} // namespace

result<void> imgui_platform::attach(platform::window* window) {
  shutdown();
  _window = window;
  if (!window) return {};
  if (!imgui_backend::init(*window)) return make_error(errc::api_call_failed, "the ImGui platform backend did not start");
  _backend = true;
  platform::set_native_event_hook(forward, nullptr);
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

} // namespace xe::sandbox
