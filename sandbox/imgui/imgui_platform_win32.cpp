// Windows: Dear ImGui's Win32 backend (vcpkg's imgui with win32-binding), matching the
// engine's plain Win32 window.
#include <windows.h>

#include <imgui.h>
#include <imgui_impl_win32.h>

#include "imgui/imgui_platform.h"

extern IMGUI_IMPL_API LRESULT ImGui_ImplWin32_WndProcHandler(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam);

namespace xe::sandbox::imgui_backend {

bool init(platform::window& window) { return ImGui_ImplWin32_Init(window.native_handle()); }
void shutdown() { ImGui_ImplWin32_Shutdown(); }
void new_frame() { ImGui_ImplWin32_NewFrame(); }
bool process(const void* native_event) {
  const auto* m = static_cast<const platform::native_message*>(native_event);
  return ImGui_ImplWin32_WndProcHandler(static_cast<HWND>(m->hwnd), m->message, static_cast<WPARAM>(m->wparam),
                                        static_cast<LPARAM>(m->lparam)) != 0;
}

bool is_key_down(const void* native_event) {
  const UINT message = static_cast<const platform::native_message*>(native_event)->message;
  return message == WM_KEYDOWN || message == WM_SYSKEYDOWN;
}

bool mouse_event(const void* native_event, const platform::window& window, imgui_platform::mouse_input& out) {
  const auto* m = static_cast<const platform::native_message*>(native_event);
  if (m->hwnd != window.native_handle()) return false;
  const auto lparam = static_cast<LPARAM>(m->lparam);
  const f32 x = static_cast<f32>(static_cast<short>(LOWORD(lparam)));
  const f32 y = static_cast<f32>(static_cast<short>(HIWORD(lparam)));
  switch (m->message) {
    case WM_MOUSEMOVE: out = {x, y}; return true;
    case WM_LBUTTONDOWN: out = {x, y, 0, true}; return true;
    case WM_LBUTTONUP: out = {x, y, 0, false}; return true;
    case WM_RBUTTONDOWN: out = {x, y, 1, true}; return true;
    case WM_RBUTTONUP: out = {x, y, 1, false}; return true;
    case WM_MBUTTONDOWN: out = {x, y, 2, true}; return true;
    case WM_MBUTTONUP: out = {x, y, 2, false}; return true;
    case WM_MOUSELEAVE: out.left_window = true; return true;
    default: return false;
  }
}

}  // namespace xe::sandbox::imgui_backend
