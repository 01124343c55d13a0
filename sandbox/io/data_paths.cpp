#include "io/data_paths.h"

#include "platform/paths.h"

namespace xe::sandbox {

std::vector<std::filesystem::path> data_dirs() {
  namespace fs = std::filesystem;
  std::vector<fs::path> dirs;
  const fs::path exe = platform::executable_path();
  if (exe.empty()) return dirs;
  const fs::path bin = exe.parent_path();
  dirs.push_back(bin);
  dirs.push_back(bin.parent_path() / "share" / "xengine-sandbox");
  std::error_code ec;
  if (fs::equivalent(bin, fs::path{XE_BUILD_BIN_DIR}, ec)) dirs.push_back(XE_SOURCE_DATA_DIR);
  return dirs;
}

std::filesystem::path find_data(std::string_view relative) {
  std::error_code ec;
  for (const auto& dir : data_dirs()) {
    std::filesystem::path candidate = (dir / std::filesystem::path{relative}).make_preferred();
    if (std::filesystem::exists(candidate, ec)) return candidate;
  }
  return {};
}

}  // namespace xe::sandbox
