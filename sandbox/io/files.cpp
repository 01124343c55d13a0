// The platform-independent half of io/files.h.
#include <algorithm>
#include <mutex>
#include <vector>

#include "io/files.h"
#include "io/files_internal.h"

namespace xe::sandbox {
namespace fs = std::filesystem;

namespace {
std::mutex g_inputs_mutex;
std::vector<fs::path> g_inputs;
}  // namespace

void protect_input(const fs::path& path) {
  std::lock_guard lock{g_inputs_mutex};
  g_inputs.push_back(path);
}

void clear_protected_inputs() {
  std::lock_guard lock{g_inputs_mutex};
  g_inputs.clear();
}

bool same_file(const fs::path& a, const fs::path& b) {
  std::error_code ec_a, ec_b;
  const bool a_exists = fs::exists(a, ec_a), b_exists = fs::exists(b, ec_b);
  if (a_exists && b_exists) {
    std::error_code ec;
    return fs::equivalent(a, b, ec);
  }
  if (a_exists != b_exists) return false;
  std::error_code ec;
  return fs::weakly_canonical(fs::absolute(a, ec), ec) == fs::weakly_canonical(fs::absolute(b, ec), ec);
}

result<void> write_file_atomic(const fs::path& path, std::string_view bytes) {
  return write_file_atomic(
      path, [&](std::ostream& out) { out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())); });
}

namespace detail {

std::string temp_prefix(const std::string& file_name, size_t name_max, size_t reserved) {
  const size_t room = name_max > reserved + 2 ? name_max - reserved - 1 : 1;
  size_t n = std::min(file_name.size(), room);
  while (n > 0 && n < file_name.size() && (static_cast<unsigned char>(file_name[n]) & 0xC0) == 0x80) --n;
  return "." + file_name.substr(0, n);
}

bool is_protected_input(const fs::path& path, fs::path* which) {
  std::lock_guard lock{g_inputs_mutex};
  for (const fs::path& input : g_inputs) {
    std::error_code ec;
    if (fs::equivalent(path, input, ec)) {
      if (which) *which = input;
      return true;
    }
  }
  return false;
}

}  // namespace detail
}  // namespace xe::sandbox
