// Linux windows through SDL2 (X11 under Xvfb in tests). Fullscreen is SDL's
// FULLSCREEN_DESKTOP: borderless, sized to the display.
#include <SDL.h>
#include <SDL_syswm.h>
#include <SDL_vulkan.h>
#include <X11/Xlib.h>
#include <time.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <thread>

#include "common/log.h"
#include "platform/window_sdl.h"

namespace xe::platform {
namespace {

std::atomic<display_lost_handler> g_display_lost{nullptr};

// Xlib's I/O error handler: the connection is gone. Xlib's default calls exit(), whose
// static destructors then run under a dead connection (SIGSEGV through the logger, or
// SDL's shutdown spinning with several windows); this hands over to the app instead and
// never returns.
int on_display_lost(Display*) {
  static std::atomic_flag once = ATOMIC_FLAG_INIT;
  if (once.test_and_set())  // another thread found it first and is ending the process
    for (;;) std::this_thread::sleep_for(std::chrono::seconds{1});
  if (const display_lost_handler handler = g_display_lost.load()) handler();
  static constexpr char message[] = "xengine-sandbox: the connection to the display was lost\n";
  (void)std::fwrite(message, 1, std::strlen(message), stderr);
  std::_Exit(1);
}

// Put back after SDL opens its connection and after each window: whoever set a handler
// last is the one Xlib calls.
void claim_display_loss() {
  if (const char* driver = SDL_GetCurrentVideoDriver(); driver && std::strcmp(driver, "x11") == 0)
    XSetIOErrorHandler(on_display_lost);
}

// How long an input waited before SDL read it, from the X server's time stamp of a key or
// button event: the server's clock is CLOCK_MONOTONIC in ms (Xorg, Xvfb), 32 bits that wrap.
// SDL's own time stamp is when it read the event, which leaves out the time the input waited
// while the app was busy. A server whose clock is not this machine's (a remote display) gives
// an age below SDL's or beyond a minute: SDL's is kept then.
u32 input_age_ms(u32 server_ms, u32 read_age_ms) {
  timespec now{};
  if (clock_gettime(CLOCK_MONOTONIC, &now) != 0) return read_age_ms;
  const u32 now_ms =
      static_cast<u32>(static_cast<u64>(now.tv_sec) * 1000u + static_cast<u64>(now.tv_nsec) / 1'000'000u);
  const u32 age = now_ms - server_ms;  // modulo 2^32, as the server's clock wraps
  return age >= read_age_ms && age < 60'000 ? age : read_age_ms;
}

// The server time stamp of an X key or button event handed over as it was (SDL_SYSWMEVENT).
std::optional<u32> input_server_time(const SDL_Event& e) {
  if (e.type != SDL_SYSWMEVENT || !e.syswm.msg || e.syswm.msg->subsystem != SDL_SYSWM_X11) return std::nullopt;
  const XEvent& x = e.syswm.msg->msg.x11.event;
  switch (x.type) {
    case KeyPress:
    case KeyRelease: return static_cast<u32>(x.xkey.time);
    case ButtonPress:
    case ButtonRelease: return static_cast<u32>(x.xbutton.time);
    default: return std::nullopt;
  }
}

// Only key and button events are wanted as X delivered them: the others would only queue
// and wake the idle wait (XInput2's raw motion of the whole desktop among them).
int keep_input_x_events(void*, SDL_Event* e) { return e->type != SDL_SYSWMEVENT || input_server_time(*e) ? 1 : 0; }

// SDL's video subsystem lives as long as any window (or the event pump) needs it. SDL
// turns SIGINT/SIGTERM into SDL_QUIT, so Ctrl+C ends the app cleanly.
struct sdl_video {
  bool ok{false};
  sdl_video() {
    SDL_SetHint(SDL_HINT_VIDEO_ALLOW_SCREENSAVER, "1");
    // A window a lesson or a control opens must not take the keyboard from the one the
    // learner is typing into (keys sent to a window that then closes are lost).
    SDL_SetHint(SDL_HINT_WINDOW_NO_ACTIVATION_WHEN_SHOWN, "1");
    ok = SDL_InitSubSystem(SDL_INIT_VIDEO) == 0;
    if (!ok) XE_LOG_ERROR("SDL_InitSubSystem(VIDEO) failed: {}", SDL_GetError());
    if (ok) claim_display_loss();
    // A key or button comes first as X delivered it (its server time stamp), then as SDL's
    // own event. Where SDL makes one without the other (an input method's keys) or puts a
    // window event between them, the input keeps SDL's time stamp.
    if (ok) {
      SDL_SetEventFilter(keep_input_x_events, nullptr);
      SDL_EventState(SDL_SYSWMEVENT, SDL_ENABLE);
    }
  }
  ~sdl_video() {
    if (ok) SDL_QuitSubSystem(SDL_INIT_VIDEO);
  }
};

sdl_video& video() {
  static sdl_video v;
  return v;
}

class sdl_window final : public window {
public:
  explicit sdl_window(SDL_Window* w) : _window{w} {}
  ~sdl_window() override { SDL_DestroyWindow(_window); }

  u32 id() const override { return SDL_GetWindowID(_window); }
  u32 width() const override { return is_minimized() ? 0 : drawable().w; }
  u32 height() const override { return is_minimized() ? 0 : drawable().h; }
  bool is_minimized() const override { return (SDL_GetWindowFlags(_window) & SDL_WINDOW_MINIMIZED) != 0; }
  bool is_fullscreen() const override {
    return (SDL_GetWindowFlags(_window) & SDL_WINDOW_FULLSCREEN_DESKTOP) == SDL_WINDOW_FULLSCREEN_DESKTOP;
  }

  // Returns once the window system shows the new size: the display's, or back to the size
  // the window had before (asked for before the change, which SDL may still report as the
  // fullscreen size right after it).
  result<void> set_fullscreen(bool fullscreen) override {
    if (fullscreen && !is_fullscreen()) _windowed = drawable();
    if (SDL_SetWindowFullscreen(_window, fullscreen ? SDL_WINDOW_FULLSCREEN_DESKTOP : 0) != 0)
      return make_error(errc::api_call_failed, fmt::format("SDL_SetWindowFullscreen failed: {}", SDL_GetError()));
    if (fullscreen) {
      SDL_Rect display{};
      if (SDL_GetDisplayBounds(SDL_GetWindowDisplayIndex(_window), &display) == 0)
        wait_for_size(static_cast<u32>(display.w), static_cast<u32>(display.h));
    } else if (_windowed.w > 0 && _windowed.h > 0) {
      wait_for_size(static_cast<u32>(_windowed.w), static_cast<u32>(_windowed.h));
    }
    return {};
  }

  result<void> resize(u32 w, u32 h) override {
    if (w == 0 || h == 0) {
      SDL_MinimizeWindow(_window);
      wait_until([&] { return is_minimized(); });
      return {};
    }
    if (is_minimized()) {
      SDL_RestoreWindow(_window);
      wait_until([&] { return !is_minimized(); });
    }
    if (is_fullscreen()) XE_TRY(set_fullscreen(false));
    SDL_SetWindowSize(_window, static_cast<int>(w), static_cast<int>(h));
    wait_for_size(w, h);
    return {};
  }

  void set_title(std::string_view title) override { SDL_SetWindowTitle(_window, std::string{title}.c_str()); }
  void* native_handle() const override { return _window; }

private:
  SDL_Rect drawable() const {
    int w = 0, h = 0;
    SDL_Vulkan_GetDrawableSize(_window, &w, &h);
    return {0, 0, w, h};
  }
  // X11 applies size changes asynchronously (through the window manager, if any): pump
  // events until the server reports the size, for at most a second.
  template <typename Predicate>
  void wait_until(Predicate done) const {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
    while (!done() && std::chrono::steady_clock::now() < deadline) {
      SDL_PumpEvents();
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
  }
  void wait_for_size(u32 w, u32 h) const {
    wait_until([&] { return drawable().w == static_cast<int>(w) && drawable().h == static_cast<int>(h); });
  }

  SDL_Window* _window;
  SDL_Rect _windowed{};  // the drawable size before going fullscreen
};

platform::native_event_hook g_hook = nullptr;
void* g_hook_user = nullptr;

key translate(SDL_Keycode k) {
  switch (k) {
    case SDLK_F1: return key::f1;
    case SDLK_F12: return key::f12;
    case SDLK_ESCAPE: return key::escape;
    case SDLK_SPACE: return key::space;
    case SDLK_RIGHT: return key::right;
    case SDLK_LEFT: return key::left;
    case SDLK_PAGEUP: return key::page_up;
    case SDLK_PAGEDOWN: return key::page_down;
    case SDLK_HOME: return key::home;
    case SDLK_r: return key::r;
    default: return key::unknown;
  }
}

}  // namespace

bool has_display() {
  const char* x = std::getenv("DISPLAY");
  const char* wl = std::getenv("WAYLAND_DISPLAY");
  return (x && *x) || (wl && *wl);
}

namespace {

// What is said of a display named but not reachable.
std::string not_opened() {
  const char* x = std::getenv("DISPLAY");
  const char* wl = std::getenv("WAYLAND_DISPLAY");
  const std::string named = x && *x ? fmt::format("DISPLAY={}", x) : fmt::format("WAYLAND_DISPLAY={}", wl ? wl : "");
  return fmt::format("the display {} could not be opened: is its server running, and may this user connect to it?",
                     named);
}

// A display named but not opened: SDL then falls back to a driver without windows, whose
// complaint ("Vulkan support ... not available in current SDL video driver (offscreen)") does
// not say what is wrong. "" unless SDL fell back so (a driver chosen with SDL_VIDEODRIVER,
// such as kmsdrm, is the user's).
std::string unopened_display() {
  const char* driver = SDL_GetCurrentVideoDriver();
  if (!driver || (std::strcmp(driver, "offscreen") != 0 && std::strcmp(driver, "dummy") != 0)) return {};
  return not_opened();
}

}  // namespace

// Only an X display is tried here (a Wayland one is SDL's to find); SDL_VIDEODRIVER's choice
// is the user's.
result<void> check_display() {
  const char* x = std::getenv("DISPLAY");
  const char* wl = std::getenv("WAYLAND_DISPLAY");
  const char* driver = std::getenv("SDL_VIDEODRIVER");
  if (!x || !*x || (wl && *wl) || (driver && *driver)) return {};
  Display* display = XOpenDisplay(nullptr);
  if (!display) return make_error(errc::unsupported, not_opened());
  XCloseDisplay(display);
  return {};
}

result<std::unique_ptr<window>> create_window(const window_desc& desc) {
  if (!video().ok) return make_error(errc::unsupported, fmt::format("no video: {}", SDL_GetError()));
  if (const std::string unopened = unopened_display(); !unopened.empty())
    return make_error(errc::unsupported, unopened);
  if (desc.width == 0 || desc.height == 0)
    return make_error(errc::invalid_argument,
                      fmt::format("a window needs a non-zero size ({}x{})", desc.width, desc.height));
  int x = SDL_WINDOWPOS_CENTERED, y = SDL_WINDOWPOS_CENTERED;
  SDL_Rect display{};
  if (desc.cascade && SDL_GetDisplayUsableBounds(0, &display) == 0) {
    // From the centred position, 40 pixels a step, wrapping before a window leaves the display.
    const int step = 40 * static_cast<int>(desc.cascade % 8);
    x = display.x + std::max(0, (display.w - static_cast<int>(desc.width)) / 2) + step;
    y = display.y + std::max(0, (display.h - static_cast<int>(desc.height)) / 2) + step;
  }
  SDL_Window* w =
      SDL_CreateWindow(desc.title.c_str(), x, y, static_cast<int>(desc.width), static_cast<int>(desc.height),
                       SDL_WINDOW_VULKAN | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!w) return make_error(errc::api_call_failed, fmt::format("SDL_CreateWindow failed: {}", SDL_GetError()));
  claim_display_loss();
  auto created = std::make_unique<sdl_window>(w);
  return std::unique_ptr<window>{std::move(created)};
}

void poll_events(std::vector<window_event>& out) {
  if (!video().ok) return;
  SDL_Event e;
  std::optional<u32> server_time;
  while (SDL_PollEvent(&e)) {
    if (e.type == SDL_SYSWMEVENT) {
      server_time = input_server_time(e);
      continue;
    }
    if (g_hook) g_hook(&e, g_hook_user);
    const size_t before = out.size();
    switch (e.type) {
      case SDL_QUIT: out.push_back({event_type::quit}); break;
      case SDL_WINDOWEVENT: {
        const u32 id = e.window.windowID;
        switch (e.window.event) {
          case SDL_WINDOWEVENT_CLOSE: out.push_back({event_type::close_requested, id}); break;
          case SDL_WINDOWEVENT_SIZE_CHANGED:
            out.push_back(
                {event_type::resized, id, static_cast<u32>(e.window.data1), static_cast<u32>(e.window.data2)});
            break;
          case SDL_WINDOWEVENT_MINIMIZED: out.push_back({event_type::minimized, id}); break;
          case SDL_WINDOWEVENT_RESTORED: out.push_back({event_type::restored, id}); break;
          case SDL_WINDOWEVENT_EXPOSED:
          case SDL_WINDOWEVENT_ENTER:
          case SDL_WINDOWEVENT_LEAVE:
          case SDL_WINDOWEVENT_FOCUS_GAINED:
          case SDL_WINDOWEVENT_FOCUS_LOST: out.push_back({event_type::input, id}); break;
          default: break;
        }
        break;
      }
      case SDL_MOUSEMOTION: out.push_back({event_type::input, e.motion.windowID}); break;
      case SDL_MOUSEBUTTONDOWN:
      case SDL_MOUSEBUTTONUP:
        out.push_back({.type = event_type::input, .window = e.button.windowID, .button = true});
        break;
      case SDL_MOUSEWHEEL: out.push_back({event_type::input, e.wheel.windowID}); break;
      case SDL_TEXTINPUT: out.push_back({event_type::input, e.text.windowID}); break;
      case SDL_KEYUP: out.push_back({event_type::input, e.key.windowID}); break;  // a key acts when pressed
      case SDL_KEYDOWN: {
        const bool alt_enter = e.key.keysym.sym == SDLK_RETURN && (e.key.keysym.mod & KMOD_ALT);
        if (e.key.keysym.sym == SDLK_F11 || alt_enter)
          out.push_back({event_type::toggle_fullscreen, e.key.windowID});
        else
          out.push_back({event_type::key_pressed, e.key.windowID, 0, 0, translate(e.key.keysym.sym)});
        out.back().button = true;
        break;
      }
      default: break;
    }
    const u32 now = SDL_GetTicks();
    for (size_t i = before; i < out.size(); ++i) {
      out[i].age_ms = now >= e.common.timestamp ? now - e.common.timestamp : 0;
      if (out[i].button && server_time) out[i].age_ms = input_age_ms(*server_time, out[i].age_ms);
    }
    if (out.size() > before) server_time.reset();
  }
}

void wait_events(u32 timeout_ms) {
  if (video().ok) (void)SDL_WaitEventTimeout(nullptr, static_cast<int>(timeout_ms));
}

void set_native_event_hook(native_event_hook hook, void* user) {
  g_hook = hook;
  g_hook_user = user;
}

void set_display_lost_handler(display_lost_handler handler) { g_display_lost = handler; }

namespace sdl {
result<VkSurfaceKHR> create_vulkan_surface(const window& w, VkInstance instance) {
  VkSurfaceKHR surface = VK_NULL_HANDLE;
  if (!SDL_Vulkan_CreateSurface(static_cast<SDL_Window*>(w.native_handle()), instance, &surface))
    return make_error(errc::api_call_failed, fmt::format("SDL_Vulkan_CreateSurface failed: {}", SDL_GetError()));
  return surface;
}
}  // namespace sdl

}  // namespace xe::platform
