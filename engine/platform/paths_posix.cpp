#include "platform/paths.h"

namespace xe::platform {

std::filesystem::path executable_path() {
  std::error_code ec;
  std::filesystem::path path = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::filesystem::path{} : path;
}

}  // namespace xe::platform
