#pragma once
// The ImGui platform side: a window's input and size through Dear ImGui's own backend
// (SDL2 on Linux, Win32 on Windows: imgui_platform_{sdl,win32}.cpp), or headless, where
// the app sets the display size and time and tests inject input through ImGuiIO.
#include <deque>

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
  // Mouse input not yet given to a UI frame: the loop keeps building frames until it is.
  bool input_pending() const { return !_mouse.empty(); }
  // Left-button presses and key presses the window system delivered, the presses a UI frame
  // has taken and where the last one landed: lost input shows up in the UI map, not as a guess.
  struct input_count {
    u32 presses{0}, presses_applied{0}, keys{0};
    f32 x{-1.f}, y{-1.f};
  };
  const input_count& input_seen() const { return _seen; }

  // A mouse event of the overlay's window, in its pixels.
  struct mouse_input {
    f32 x{}, y{};
    int button{-1};  // -1: motion only; 0 left, 1 right, 2 middle
    bool down{false};
    bool left_window{false};
  };

private:
  static bool on_native_event(const void* native_event, void* self);
  void apply_mouse_input();

  platform::window* _window{nullptr};
  bool _backend{false};
  // Dear ImGui 1.86 reads the mouse when a frame starts, so motion and a click that arrive
  // together would both land on one frame, at a stale position or not at all. Events are
  // queued and each frame takes the motion up to one button change.
  std::deque<mouse_input> _mouse;
  f32 _mouse_x{-1.f}, _mouse_y{-1.f};
  bool _mouse_inside{false};
  bool _buttons[3]{};
  input_count _seen;
};

// Whole-file backends (imgui_platform_sdl.cpp / imgui_platform_win32.cpp).
namespace imgui_backend {
bool init(platform::window& window);
void shutdown();
void new_frame();
bool process(const void* native_event);
// The mouse part of a native event for window; false when it is none.
bool mouse_event(const void* native_event, const platform::window& window, imgui_platform::mouse_input& out);
bool is_key_down(const void* native_event);
}  // namespace imgui_backend

}  // namespace xe::sandbox
