#include "app/process_clock.h"

#include <windows.h>

namespace xe::sandbox {

namespace {
unsigned long long hundred_ns(FILETIME t) {
  return (static_cast<unsigned long long>(t.dwHighDateTime) << 32) | t.dwLowDateTime;
}
}  // namespace

std::optional<std::chrono::steady_clock::time_point> process_started() {
  // The process's creation time and the system time are both UTC FILETIMEs (100 ns units).
  FILETIME created{}, exited{}, kernel{}, user{}, now_utc{};
  if (!GetProcessTimes(GetCurrentProcess(), &created, &exited, &kernel, &user)) return std::nullopt;
  GetSystemTimeAsFileTime(&now_utc);
  const auto now = std::chrono::steady_clock::now();
  const unsigned long long from = hundred_ns(created), to = hundred_ns(now_utc);
  if (to < from) return std::nullopt;
  using ticks = std::chrono::duration<long long, std::ratio<1, 10'000'000>>;
  return now -
         std::chrono::duration_cast<std::chrono::steady_clock::duration>(ticks{static_cast<long long>(to - from)});
}

}  // namespace xe::sandbox
