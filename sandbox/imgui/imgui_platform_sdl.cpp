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
bool process(const void* native_event) { return ImGui_ImplSDL2_ProcessEvent(static_cast<const SDL_Event*>(native_event)); }

} // namespace xe::sandbox::imgui_backend
