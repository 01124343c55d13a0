#pragma once
// platform::window: one interface, one implementation per OS in whole files CMake picks:
// window_sdl.cpp (Linux, SDL2) and window_win32.cpp (Windows, as the wiki's engine does
// it: a window class, WM_SIZE, WM_SYSCHAR Alt+Enter, borderless fullscreen).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "common/types.h"

namespace xe::platform {

struct window_desc {
  std::string title{"XEngine Sandbox"};
  u32 width{1280};
  u32 height{720};
  u32 cascade{0};  // 0: where the system puts a new window; n: n steps down and right of it
};

enum class event_type : u8 {
  close_requested,  // the user closed the window (the app decides what happens)
  resized,          // client size changed (width/height); also after fullscreen changes
  minimized,
  restored,
  toggle_fullscreen,  // F11 or Alt+Enter was pressed
  key_pressed,        // any other key: key holds a platform-neutral code
  input,              // other mouse or keyboard input, or the window must be repainted
  quit,               // the session asks the whole app to end
};

enum class key : u32 { unknown, f1, f12, escape, space, right, left, page_up, page_down, home, r };

struct window_event {
  event_type type{};
  u32 window{invalid_id};  // window::id()
  u32 width{};
  u32 height{};
  key code{key::unknown};
  // A key or mouse button pressed or released (the input that makes a click or a key's
  // action), not a motion, wheel or repaint.
  bool button{};
  // How long it waited before poll_events read it, in ms: keys and buttons from the system's
  // stamp (the X server's, GetMessageTime); others from SDL's, or 0 on Win32. Latency starts there.
  u32 age_ms{};
};

class window {
public:
  virtual ~window() = default;
  virtual u32 id() const = 0;
  // Client (drawable) size in pixels; 0 x 0 while minimised.
  virtual u32 width() const = 0;
  virtual u32 height() const = 0;
  virtual bool is_minimized() const = 0;
  virtual bool is_fullscreen() const = 0;
  // Borderless fullscreen sized to the display, or back to the previous windowed size.
  virtual result<void> set_fullscreen(bool fullscreen) = 0;
  // Sets the client size and returns once the window system reports it (a window manager
  // may adjust it: read width()/height() afterwards). 0 x 0 minimises; any other size
  // restores first.
  virtual result<void> resize(u32 width, u32 height) = 0;
  virtual void set_title(std::string_view title) = 0;
  // HWND on Windows, SDL_Window* on Linux.
  virtual void* native_handle() const = 0;
};

// Whether windows can be opened at all (a display is reachable).
bool has_display();
// A display named but not reachable, said before anything else starts (an X display is
// connected to and closed again; SDL's own connection is made with the first window, while
// the device is made). create_window says it too.
result<void> check_display();
result<std::unique_ptr<window>> create_window(const window_desc& desc);
// Moves the OS's pending events into out (appends).
void poll_events(std::vector<window_event>& out);
// Blocks until the OS has an event for the app or timeout_ms have passed; a signal ends
// the wait early. Leaves the events for poll_events.
void wait_events(u32 timeout_ms);

// Offered every native event before it is translated (a UI library's platform backend):
// an SDL_Event* on Linux; a native_message* on Windows, where returning true marks the
// message handled.
struct native_message {
  void* hwnd;
  u32 message;
  u64 wparam;
  s64 lparam;
};
using native_event_hook = bool (*)(const void* native_event, void* user);
void set_native_event_hook(native_event_hook hook, void* user);

// Called once when the connection to the display is lost (the X server ended, or the app's
// connection was killed, e.g. by xkill). It runs inside the window system's call on the
// thread that noticed and must end the process (std::_Exit): nothing of the window system
// may be used again, and Xlib ends the process with exit() if it returns. Without a handler
// the platform prints a line and exits 1. Windows has no such loss; there it is never called.
using display_lost_handler = void (*)();
void set_display_lost_handler(display_lost_handler handler);

}  // namespace xe::platform
