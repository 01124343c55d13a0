#include "app/process_clock.h"

#include <time.h>
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <string>

namespace xe::sandbox {

std::optional<std::chrono::steady_clock::time_point> process_started() {
  // /proc/self/stat's 22nd field: the start, in clock ticks after boot; CLOCK_BOOTTIME counts
  // from the same boot. The name (field 2) may hold spaces and parentheses: read after its ')'.
  std::ifstream in{"/proc/self/stat"};
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const size_t name_end = line.rfind(')');
  if (name_end == std::string::npos) return std::nullopt;
  std::istringstream fields{line.substr(name_end + 1)};
  std::string field;
  for (int n = 3; n < 22; ++n) fields >> field;
  unsigned long long start_ticks = 0;
  const long ticks_per_second = sysconf(_SC_CLK_TCK);
  timespec boot{};
  if (!(fields >> start_ticks) || ticks_per_second <= 0 || clock_gettime(CLOCK_BOOTTIME, &boot) != 0)
    return std::nullopt;
  const auto now = std::chrono::steady_clock::now();
  const double since_boot_s = static_cast<double>(boot.tv_sec) + static_cast<double>(boot.tv_nsec) * 1e-9;
  const double age_s = since_boot_s - static_cast<double>(start_ticks) / static_cast<double>(ticks_per_second);
  if (age_s < 0.0) return std::nullopt;
  return now - std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(age_s));
}

}  // namespace xe::sandbox
