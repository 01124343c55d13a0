// POSIX: SIGINT, SIGTERM and SIGHUP (the terminal closed) through sigaction. Installed before SDL starts, so SDL keeps
// its hands off them (it only takes signals still at their default).
#include <signal.h>

#include <atomic>

#include "app/stop_signal.h"
#include "graphics/renderer.h"

namespace xe::sandbox {
namespace {

std::atomic<int> g_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the handler writes it");

extern "C" void on_stop_signal(int signal) {
  g_signal.store(signal, std::memory_order_relaxed);
  gfx::interrupt_fence_waits();
}

}  // namespace

void install_stop_handlers() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;  // no SA_RESTART: a blocking wait for window events returns at once
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  sigaction(SIGHUP, &action, nullptr);
}

bool stop_requested() { return g_signal.load(std::memory_order_relaxed) != 0; }

int stop_exit_code() {
  const int signal = g_signal.load(std::memory_order_relaxed);
  return signal ? 128 + signal : 0;
}

void clear_stop_request() { g_signal = 0; }

}  // namespace xe::sandbox
