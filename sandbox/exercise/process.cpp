#include "exercise/process.h"

#include <atomic>

namespace xe::sandbox {
namespace {
std::atomic<bool> children_stopped{false};
}

void stop_child_processes() { children_stopped = true; }

progress_watch::progress_watch(const process_limits& limits)
    : _limits{limits}, _since{std::chrono::steady_clock::now()} {}

bool progress_watch::stalled() {
  if (children_stopped) return true;
  if (_limits.progress.empty() || _limits.idle.count() <= 0) return false;
  std::error_code ec;
  const std::uintmax_t size = std::filesystem::file_size(_limits.progress, ec);
  const auto now = std::chrono::steady_clock::now();
  if (!ec && size != _size) {
    _size = size;
    _since = now;
    return false;
  }
  return now - _since >= _limits.idle;
}

}  // namespace xe::sandbox
