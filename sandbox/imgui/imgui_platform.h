#pragma once
// The ImGui platform side: a window's input and size through Dear ImGui's own backend
// (SDL2 on Linux, Win32 on Windows: imgui_platform_{sdl,win32}.cpp), or headless, where
// the app sets the display size and time and tests inject input through ImGuiIO.
#include "common/result.h"
#include "platform/window.h"

namespace xe::sandbox {

class imgui_platform {
public:
  imgui_platform() = default;
  imgui_platform(const imgui_platform&) = delete;
  imgui_platform& operator=(const imgui_platform&) = delete;
  ~imgui_platform() { shutdown(); }

  // window: the one the overlay draws into; null for headless. May be called again to
  // move the overlay to another window.
  result<void> attach(platform::window* window);
  void shutdown();
  // Starts an ImGui frame for a display of width x height pixels, dt seconds after the last.
  void new_frame(u32 width, u32 height, f32 dt);
  platform::window* window() const { return _window; }

private:
  platform::window* _window{nullptr};
  bool _backend{false};
};

// Whole-file backends (imgui_platform_sdl.cpp / imgui_platform_win32.cpp).
namespace imgui_backend {
bool init(platform::window& window);
void shutdown();
void new_frame();
bool process(const void* native_event);
} // namespace imgui_backend

} // namespace xe::sandbox
