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

} // namespace xe::sandbox::imgui_backend
