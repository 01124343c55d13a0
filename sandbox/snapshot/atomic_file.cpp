#include "snapshot/atomic_file.h"

#include <fstream>
#include <random>
#include <system_error>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {
namespace fs = std::filesystem;

result<void> write_file_atomic(const fs::path& path, const std::function<void(std::ostream&)>& write) {
  if (path.empty()) return make_error(errc::io, "no output file name given");
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path{"."};
  std::error_code ec;
  if (!fs::is_directory(dir, ec))
    return make_error(errc::io, fmt::format("cannot write '{}': folder '{}' does not exist", path.string(), dir.string()));
  if (fs::is_directory(path, ec))
    return make_error(errc::io, fmt::format("cannot write '{}': it is a folder", path.string()));

  std::random_device rd;
  const fs::path temp = dir / fmt::format(".{}.{:08x}.tmp", path.filename().string(), rd());
  {
    std::ofstream out{temp, std::ios::binary | std::ios::trunc};
    if (!out)
      return make_error(errc::io, fmt::format("cannot write '{}': folder '{}' is not writable", path.string(),
                                              dir.string()));
    write(out);
    out.flush();
    if (!out) {
      out.close();
      fs::remove(temp, ec);
      return make_error(errc::io, fmt::format("writing '{}' failed (disk full?)", path.string()));
    }
  }
  fs::rename(temp, path, ec);
  if (ec) {
    std::error_code ignore;
    fs::remove(temp, ignore);
    return make_error(errc::io, fmt::format("cannot replace '{}': {}", path.string(), ec.message()));
  }
  return {};
}

result<void> write_file_atomic(const fs::path& path, std::string_view bytes) {
  return write_file_atomic(path, [&](std::ostream& out) { out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())); });
}

} // namespace xe::sandbox
