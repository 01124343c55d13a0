// Windows: plain Win32 windows, as the wiki's engine makes them: one window class, a
// window procedure that turns WM_SIZE, WM_SYSCHAR (Alt+Enter), WM_KEYDOWN and WM_CLOSE into
// window events, and borderless fullscreen by a style change.
#include <windows.h>

#include <algorithm>

#include "common/log.h"
#include "platform/window.h"

namespace xe::platform {
namespace {

constexpr const wchar_t* window_class_name = L"XEngineSandboxWindow";
constexpr DWORD windowed_style = WS_OVERLAPPEDWINDOW;

native_event_hook g_hook = nullptr;
void* g_hook_user = nullptr;

std::vector<window_event>& pending_events() {
  static std::vector<window_event> events;
  return events;
}

std::wstring widen(std::string_view utf8) {
  if (utf8.empty()) return {};
  const int n = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), nullptr, 0);
  std::wstring out(static_cast<size_t>(n), L'\0');
  MultiByteToWideChar(CP_UTF8, 0, utf8.data(), static_cast<int>(utf8.size()), out.data(), n);
  return out;
}

key translate(WPARAM vk) {
  switch (vk) {
    case VK_F1: return key::f1;
    case VK_F12: return key::f12;
    case VK_ESCAPE: return key::escape;
    case VK_SPACE: return key::space;
    case VK_RIGHT: return key::right;
    case VK_LEFT: return key::left;
    case VK_PRIOR: return key::page_up;
    case VK_NEXT: return key::page_down;
    case VK_HOME: return key::home;
    case 'R': return key::r;
    default: return key::unknown;
  }
}

class win32_window final : public window {
public:
  explicit win32_window(u32 id) : _id{id} {}
  ~win32_window() override {
    if (_hwnd) DestroyWindow(_hwnd);
  }

  result<void> create(const window_desc& desc) {
    RECT rect{0, 0, static_cast<LONG>(desc.width), static_cast<LONG>(desc.height)};
    AdjustWindowRect(&rect, windowed_style, FALSE);
    _hwnd = CreateWindowExW(0, window_class_name, widen(desc.title).c_str(), windowed_style, CW_USEDEFAULT,
                            CW_USEDEFAULT, rect.right - rect.left, rect.bottom - rect.top, nullptr, nullptr,
                            GetModuleHandleW(nullptr), this);
    if (!_hwnd)
      return make_error(errc::api_call_failed, fmt::format("CreateWindowExW failed ({})", GetLastError()),
                        static_cast<s64>(GetLastError()));
    ShowWindow(_hwnd, SW_SHOWNORMAL);
    UpdateWindow(_hwnd);
    return {};
  }

  u32 id() const override { return _id; }
  u32 width() const override { return is_minimized() ? 0 : static_cast<u32>(client().right); }
  u32 height() const override { return is_minimized() ? 0 : static_cast<u32>(client().bottom); }
  bool is_minimized() const override { return IsIconic(_hwnd) != FALSE; }
  bool is_fullscreen() const override { return _fullscreen; }

  result<void> set_fullscreen(bool fullscreen) override {
    if (fullscreen == _fullscreen) return {};
    if (fullscreen) {
      GetWindowRect(_hwnd, &_windowed_rect);
      MONITORINFO monitor{};
      monitor.cbSize = sizeof(monitor);
      if (!GetMonitorInfoW(MonitorFromWindow(_hwnd, MONITOR_DEFAULTTONEAREST), &monitor))
        return make_error(errc::api_call_failed, "GetMonitorInfoW failed");
      SetWindowLongW(_hwnd, GWL_STYLE, WS_POPUP | WS_VISIBLE);
      const RECT& r = monitor.rcMonitor;
      SetWindowPos(_hwnd, HWND_TOP, r.left, r.top, r.right - r.left, r.bottom - r.top,
                   SWP_FRAMECHANGED | SWP_NOOWNERZORDER | SWP_SHOWWINDOW);
    } else {
      SetWindowLongW(_hwnd, GWL_STYLE, windowed_style | WS_VISIBLE);
      const RECT& r = _windowed_rect;
      SetWindowPos(_hwnd, HWND_NOTOPMOST, r.left, r.top, r.right - r.left, r.bottom - r.top,
                   SWP_FRAMECHANGED | SWP_NOOWNERZORDER | SWP_SHOWWINDOW);
    }
    _fullscreen = fullscreen;
    return {};
  }

  result<void> resize(u32 w, u32 h) override {
    if (w == 0 || h == 0) {
      ShowWindow(_hwnd, SW_MINIMIZE);
      return {};
    }
    if (is_minimized()) ShowWindow(_hwnd, SW_RESTORE);
    if (_fullscreen) XE_TRY(set_fullscreen(false));
    RECT rect{0, 0, static_cast<LONG>(w), static_cast<LONG>(h)};
    AdjustWindowRect(&rect, windowed_style, FALSE);
    // SetWindowPos sends WM_SIZE before it returns: the new size is in effect afterwards.
    SetWindowPos(_hwnd, nullptr, 0, 0, rect.right - rect.left, rect.bottom - rect.top,
                 SWP_NOMOVE | SWP_NOZORDER | SWP_NOACTIVATE);
    return {};
  }

  void set_title(std::string_view title) override { SetWindowTextW(_hwnd, widen(title).c_str()); }
  void* native_handle() const override { return _hwnd; }

  LRESULT handle(UINT msg, WPARAM wparam, LPARAM lparam) {
    if (g_hook) {
      const native_message m{_hwnd, msg, static_cast<u64>(wparam), static_cast<s64>(lparam)};
      if (g_hook(&m, g_hook_user)) return TRUE;
    }
    auto& events = pending_events();
    const size_t before = events.size();
    const LRESULT r = handle_message(events, msg, wparam, lparam);
    // Keys and buttons are posted: GetMessageTime is when (GetTickCount's clock). A sent
    // message (WM_SIZE) would read the last posted one's time, so it gets no age.
    const DWORD now = GetTickCount(), posted = static_cast<DWORD>(GetMessageTime());
    for (size_t i = before; i < events.size(); ++i)
      if (events[i].button) events[i].age_ms = now - posted < 60'000 ? now - posted : 0;
    return r;
  }

  LRESULT handle_message(std::vector<window_event>& events, UINT msg, WPARAM wparam, LPARAM lparam) {
    switch (msg) {
      case WM_SIZE:
        if (wparam == SIZE_MINIMIZED) {
          events.push_back({event_type::minimized, _id});
          _was_minimized = true;
        } else {
          if (_was_minimized) events.push_back({event_type::restored, _id});
          _was_minimized = false;
          events.push_back({event_type::resized, _id, LOWORD(lparam), HIWORD(lparam)});
        }
        return 0;
      case WM_SYSCHAR:  // Alt+Enter, as the wiki handles it; swallowing it avoids the beep
        if (wparam == VK_RETURN && (HIWORD(lparam) & KF_ALTDOWN)) {
          events.push_back({event_type::toggle_fullscreen, _id});
          return 0;
        }
        break;
      case WM_KEYDOWN:
        if (wparam == VK_F11)
          events.push_back({event_type::toggle_fullscreen, _id});
        else
          events.push_back({event_type::key_pressed, _id, 0, 0, translate(wparam), true});
        return 0;
      case WM_CLOSE:  // the app decides; the window is destroyed with its object
        events.push_back({event_type::close_requested, _id});
        return 0;
      case WM_LBUTTONDOWN:
      case WM_LBUTTONUP:
      case WM_RBUTTONDOWN:
      case WM_RBUTTONUP: events.push_back({.type = event_type::input, .window = _id, .button = true}); break;
      case WM_KEYUP:  // a key acts when pressed
      case WM_MOUSEMOVE:
      case WM_MOUSEWHEEL:
      case WM_CHAR:
      case WM_PAINT:
      case WM_SETFOCUS:
      case WM_KILLFOCUS: events.push_back({event_type::input, _id}); break;
      default: break;
    }
    return DefWindowProcW(_hwnd, msg, wparam, lparam);
  }

  HWND _hwnd{nullptr};

private:
  RECT client() const {
    RECT r{};
    GetClientRect(_hwnd, &r);
    return r;
  }

  u32 _id;
  RECT _windowed_rect{};
  bool _fullscreen{false};
  bool _was_minimized{false};
};

LRESULT CALLBACK window_proc(HWND hwnd, UINT msg, WPARAM wparam, LPARAM lparam) {
  if (msg == WM_NCCREATE) {
    auto* self = static_cast<win32_window*>(reinterpret_cast<CREATESTRUCTW*>(lparam)->lpCreateParams);
    self->_hwnd = hwnd;
    SetWindowLongPtrW(hwnd, GWLP_USERDATA, reinterpret_cast<LONG_PTR>(self));
  }
  auto* self = reinterpret_cast<win32_window*>(GetWindowLongPtrW(hwnd, GWLP_USERDATA));
  if (self && msg != WM_NCDESTROY) return self->handle(msg, wparam, lparam);
  if (msg == WM_NCDESTROY) SetWindowLongPtrW(hwnd, GWLP_USERDATA, 0);
  return DefWindowProcW(hwnd, msg, wparam, lparam);
}

bool register_class() {
  static const bool registered = [] {
    WNDCLASSEXW wc{};
    wc.cbSize = sizeof(wc);
    wc.style = CS_HREDRAW | CS_VREDRAW;
    wc.lpfnWndProc = window_proc;
    wc.hInstance = GetModuleHandleW(nullptr);
    wc.hCursor = LoadCursorW(nullptr, MAKEINTRESOURCEW(32512));  // IDC_ARROW
    wc.hbrBackground = nullptr;                                  // the swap chain paints every pixel
    wc.lpszClassName = window_class_name;
    return RegisterClassExW(&wc) != 0;
  }();
  return registered;
}

}  // namespace

bool has_display() { return true; }

result<void> check_display() { return {}; }  // the desktop is there

result<std::unique_ptr<window>> create_window(const window_desc& desc) {
  if (desc.width == 0 || desc.height == 0)
    return make_error(errc::invalid_argument,
                      fmt::format("a window needs a non-zero size ({}x{})", desc.width, desc.height));
  if (!register_class()) return make_error(errc::api_call_failed, "RegisterClassExW failed");
  static u32 next_id = 1;
  auto w = std::make_unique<win32_window>(next_id++);
  XE_TRY(w->create(desc));
  return std::unique_ptr<window>{std::move(w)};
}

void set_native_event_hook(native_event_hook hook, void* user) {
  g_hook = hook;
  g_hook_user = user;
}

void set_display_lost_handler(display_lost_handler) {}  // a desktop session has no such loss

void wait_events(u32 timeout_ms) {
  MsgWaitForMultipleObjectsEx(0, nullptr, timeout_ms, QS_ALLINPUT, MWMO_INPUTAVAILABLE);
}

void poll_events(std::vector<window_event>& out) {
  MSG msg{};
  while (PeekMessageW(&msg, nullptr, 0, 0, PM_REMOVE)) {
    if (msg.message == WM_QUIT) pending_events().push_back({event_type::quit});
    TranslateMessage(&msg);
    DispatchMessageW(&msg);
  }
  auto& events = pending_events();
  out.insert(out.end(), events.begin(), events.end());
  events.clear();
}

}  // namespace xe::platform
