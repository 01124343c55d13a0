// Linux: Dear ImGui's SDL2 backend (Debian ships its source with libimgui-dev).
#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>

#include "imgui/imgui_platform.h"

namespace xe::sandbox::imgui_backend {

bool init(platform::window& window) {
  return ImGui_ImplSDL2_InitForVulkan(static_cast<SDL_Window*>(window.native_handle()));
}
void shutdown() { ImGui_ImplSDL2_Shutdown(); }
void new_frame() { ImGui_ImplSDL2_NewFrame(); }
bool process(const void* native_event) {
  return ImGui_ImplSDL2_ProcessEvent(static_cast<const SDL_Event*>(native_event));
}

bool is_key_down(const void* native_event) { return static_cast<const SDL_Event*>(native_event)->type == SDL_KEYDOWN; }

bool mouse_event(const void* native_event, const platform::window& window, imgui_platform::mouse_input& out) {
  const auto& e = *static_cast<const SDL_Event*>(native_event);
  const auto button_index = [](Uint8 b) {
    return b == SDL_BUTTON_LEFT ? 0 : b == SDL_BUTTON_RIGHT ? 1 : b == SDL_BUTTON_MIDDLE ? 2 : -1;
  };
  switch (e.type) {
    case SDL_MOUSEMOTION:
      if (e.motion.windowID != window.id()) return false;
      out = {static_cast<f32>(e.motion.x), static_cast<f32>(e.motion.y)};
      return true;
    case SDL_MOUSEBUTTONDOWN:
    case SDL_MOUSEBUTTONUP:
      if (e.button.windowID != window.id()) return false;
      out = {static_cast<f32>(e.button.x), static_cast<f32>(e.button.y), button_index(e.button.button),
             e.type == SDL_MOUSEBUTTONDOWN};
      return true;
    case SDL_WINDOWEVENT: {
      if (e.window.windowID != window.id()) return false;
      if (e.window.event != SDL_WINDOWEVENT_LEAVE && e.window.event != SDL_WINDOWEVENT_ENTER) return false;
      int x = 0, y = 0;  // entering (again, e.g. after a window manager's grab): where the pointer is
      SDL_GetMouseState(&x, &y);
      out = {static_cast<f32>(x), static_cast<f32>(y)};
      out.left_window = e.window.event == SDL_WINDOWEVENT_LEAVE;
      return true;
    }
    default: return false;
  }
}

}  // namespace xe::sandbox::imgui_backend
