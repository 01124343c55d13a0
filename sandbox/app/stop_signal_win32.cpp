// Windows: the console's Ctrl+C (as SIGINT, 130), Ctrl+Break, close, log-off and shutdown
// (as SIGTERM, 143). The handler runs on its own thread; returning TRUE keeps the process
// alive until the loop has finished the frame.
#include <windows.h>

#include <atomic>

#include "app/stop_signal.h"
#include "graphics/renderer.h"

namespace xe::sandbox {
namespace {

std::atomic<int> g_code{0};

BOOL WINAPI on_console_event(DWORD type) {
  g_code.store(type == CTRL_C_EVENT ? 130 : 143, std::memory_order_relaxed);
  gfx::interrupt_fence_waits();
  return TRUE;
}

}  // namespace

void install_stop_handlers() { SetConsoleCtrlHandler(on_console_event, TRUE); }
bool stop_requested() { return g_code.load(std::memory_order_relaxed) != 0; }
int stop_exit_code() { return g_code.load(std::memory_order_relaxed); }
void clear_stop_request() { g_code = 0; }

}  // namespace xe::sandbox
