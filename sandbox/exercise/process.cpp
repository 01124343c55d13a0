#include "exercise/process.h"

namespace xe::sandbox {

progress_watch::progress_watch(const process_limits& limits)
    : _limits{limits}, _since{std::chrono::steady_clock::now()} {}

bool progress_watch::stalled() {
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
