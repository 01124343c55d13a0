// The platform-independent half of io/files.h: what may be written where, once.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <mutex>
#include <optional>
#include <random>
#include <ostream>
#include <vector>

#include <spdlog/fmt/fmt.h>

#include "common/log.h"
#include "io/files.h"
#include "io/files_internal.h"

namespace xe::sandbox {
namespace fs = std::filesystem;

namespace {
// A path as compared with a guarded one: absolute, with what exists of it resolved.
fs::path comparable(const fs::path& path) {
  std::error_code ec;
  return fs::weakly_canonical(fs::absolute(path, ec), ec);
}

struct guarded_file {
  fs::path path;
  std::string keeper;                       // empty: an input, which nobody writes
  fs::path where;                           // comparable(path)
  std::optional<detail::file_identity> id;  // an input's, once seen
};
std::mutex g_guarded_mutex;
std::vector<guarded_file> g_guarded;
}  // namespace

void protect_input(const fs::path& path) {
  guarded_file g{path, {}, comparable(path), detail::identity_of(path)};
  std::lock_guard lock{g_guarded_mutex};
  g_guarded.push_back(std::move(g));
}

void keep_file(const fs::path& path, std::string keeper) {
  guarded_file g{path, std::move(keeper), comparable(path), std::nullopt};
  std::lock_guard lock{g_guarded_mutex};
  g_guarded.push_back(std::move(g));
}

void clear_protected_inputs() {
  std::lock_guard lock{g_guarded_mutex};
  g_guarded.clear();
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

result<std::string> make_parent_folders(const fs::path& path) {
  const fs::path parent = path.parent_path();
  std::error_code ec;
  if (parent.empty() || fs::is_directory(parent, ec)) return std::string{};
  fs::path first = parent;  // the outermost folder missing
  while (first.has_parent_path() && first.parent_path() != first && !fs::exists(first.parent_path(), ec))
    first = first.parent_path();
  if (!fs::create_directories(parent, ec) || ec)
    return make_error(errc::io, fmt::format("cannot create folder '{}': {}", parent.string(),
                                            ec ? ec.message() : "something in the way is not a folder"));
  return first.string();
}

result<void> write_file_atomic(const fs::path& path, const std::function<void(std::ostream&)>& write,
                               std::string_view keeper) {
  if (path.empty()) return make_error(errc::io, "no output file name given");
  const auto refuse = [&](const std::string& why) {
    return make_error(errc::io, fmt::format("cannot write '{}': {}", path.string(), why));
  };
  // What is at the path decides what may happen to it: a regular file is replaced (keeping
  // its owner and mode), a link is followed, anything else is refused, as is an input.
  auto found = detail::inspect_output(path);
  if (!found) return refuse(found.error_value().reason);
  const detail::output_target& target = *found;
  if (const std::string why = detail::guarded_reason(target.path, keeper); !why.empty()) return refuse(why);
  const fs::path dir = target.path.has_parent_path() ? target.path.parent_path() : fs::path{"."};
  std::error_code ec;
  if (!fs::exists(dir, ec)) return refuse(fmt::format("folder '{}' does not exist", dir.string()));
  if (!fs::is_directory(dir, ec)) return refuse(fmt::format("'{}' is not a folder", dir.string()));

  detail::sweep_stale_temporaries(dir);
  const std::string prefix =
      detail::temp_prefix(target.path.filename().string(), detail::name_max(dir), detail::temp_name_reserve);
  auto temp = detail::temporary_file::create(dir, prefix, target);
  if (!temp) return refuse(temp.error_value().reason);
  detail::sink_streambuf buffer{[&](const char* data, size_t size) { return (*temp)->write(data, size); }};
  std::ostream out{&buffer};
  try {
    write(out);
  } catch (const std::exception& e) {  // e.g. a serialiser refusing its data
    return refuse(fmt::format("the content could not be produced: {}", e.what()));
  }
  out.flush();
  if (buffer.failed() || !out) return refuse(fmt::format("writing failed: {}", (*temp)->error()));
  if (auto committed = (*temp)->commit(target.path); !committed) return refuse(committed.error_value().reason);
  return {};
}

result<void> write_file_atomic(const fs::path& path, std::string_view bytes, std::string_view keeper) {
  return write_file_atomic(
      path, [&](std::ostream& out) { out.write(bytes.data(), static_cast<std::streamsize>(bytes.size())); }, keeper);
}

namespace detail {

std::string random_suffix() {
  static std::mt19937_64 rng{std::random_device{}() ^
                             static_cast<u64>(std::chrono::steady_clock::now().time_since_epoch().count())};
  static constexpr char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  std::string s(6, '0');
  for (char& c : s) c = digits[rng() % 36];
  return s;
}

result<std::string> read_bounded(const fs::path& path, std::string_view what, u64 size, u64 max_bytes,
                                 const std::function<result<size_t>(char*, size_t)>& read_some) {
  const auto too_large = [&](u64 bytes) {
    return make_error(errc::parse, fmt::format("{} '{}' is {} bytes, more than the limit of {} bytes", what,
                                               path.string(), bytes, max_bytes));
  };
  if (size > max_bytes) return too_large(size);
  std::string bytes(static_cast<size_t>(size), '\0');
  size_t got = 0;
  for (;;) {
    if (got == bytes.size()) {
      if (bytes.size() > max_bytes) return too_large(bytes.size());  // it grew while read
      bytes.resize(bytes.size() + 4096);
    }
    XE_TRY_ASSIGN(const size_t n, read_some(bytes.data() + got, bytes.size() - got));
    if (n == 0) break;
    got += n;
  }
  bytes.resize(got);
  if (got > max_bytes) return too_large(got);
  return bytes;
}

std::string temp_name(const std::string& prefix) {
  return fmt::format("{}.{}-{}.tmp", prefix, current_process_id(), random_suffix());
}

void sweep_stale_temporaries(const fs::path& folder) {
  static std::mutex mutex;
  static std::vector<fs::path> swept;
  std::error_code ec;
  const fs::path key = fs::weakly_canonical(fs::absolute(folder, ec), ec);
  {
    std::lock_guard lock{mutex};
    if (std::find(swept.begin(), swept.end(), key) != swept.end()) return;
    swept.push_back(key);
  }
  // ".NAME.PID-XXXXXX.tmp": the pid between the last '.' before it and the '-'.
  const auto maker_of = [](const std::string& name) -> std::optional<u64> {
    constexpr std::string_view tail = ".tmp";
    if (name.size() < 1 + 1 + 1 + 1 + 6 + tail.size() || name[0] != '.' || !name.ends_with(tail)) return std::nullopt;
    const std::string_view stem{name.data(), name.size() - tail.size()};
    if (stem[stem.size() - 7] != '-') return std::nullopt;
    for (char c : stem.substr(stem.size() - 6))
      if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z'))) return std::nullopt;
    const size_t dot = stem.rfind('.', stem.size() - 8);
    if (dot == 0 || dot == std::string_view::npos) return std::nullopt;
    u64 pid = 0;
    const char* first = stem.data() + dot + 1;
    const char* last = stem.data() + stem.size() - 7;
    const auto [end, error] = std::from_chars(first, last, pid);
    if (error != std::errc{} || end != last || first == last) return std::nullopt;
    return pid;
  };
  for (fs::directory_iterator it{folder, ec}, end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    const std::optional<u64> maker = maker_of(name);
    if (!maker || *maker == current_process_id() || !is_stale_temporary(it->path(), *maker)) continue;
    std::error_code removed;
    if (fs::remove(it->path(), removed))
      XE_LOG_INFO("removed '{}', a temporary file an ended run (process {}) left behind", it->path().string(), *maker);
  }
}

std::string temp_prefix(const std::string& file_name, size_t name_max, size_t reserved) {
  const size_t room = name_max > reserved + 2 ? name_max - reserved - 1 : 1;
  size_t n = std::min(file_name.size(), room);
  while (n > 0 && n < file_name.size() && (static_cast<unsigned char>(file_name[n]) & 0xC0) == 0x80) --n;
  return "." + file_name.substr(0, n);
}

// The target is looked at once, whatever the number of guarded files: a lesson session guards
// every lesson file, and under Wine each look at a path is several round trips to its server
// (comparing with each in turn made a UI map write take 55 ms on a loaded machine).
std::string guarded_reason(const fs::path& path, std::string_view keeper) {
  std::lock_guard lock{g_guarded_mutex};
  if (g_guarded.empty()) return {};
  const std::optional<file_identity> id = identity_of(path);
  std::optional<fs::path> where;
  const auto at_path_of = [&](const guarded_file& g) {
    if (!where) where = comparable(path);
    return *where == g.where;
  };
  for (guarded_file& g : g_guarded) {
    if (g.keeper.empty()) {
      // An input: the file itself (by any name), or whatever now sits at its path.
      if (!id) continue;
      if (!g.id) g.id = identity_of(g.path);
      if ((g.id && *g.id == *id) || at_path_of(g))
        return fmt::format("it is an input of this run ('{}'); nothing was written", g.path.string());
      continue;
    }
    if (g.keeper == keeper) continue;
    // A kept file is written anew each time (a new file renamed over it): looked at now.
    // Both there: the same file; neither: the same path; one only: another file.
    const std::optional<file_identity> kept = identity_of(g.path);
    if (id && kept ? *id == *kept : !id && !kept && at_path_of(g)) {
      return fmt::format("it is {} ('{}'), which only the sandbox itself writes; nothing was written", g.keeper,
                         g.path.string());
    }
  }
  return {};
}

}  // namespace detail
}  // namespace xe::sandbox
