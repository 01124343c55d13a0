// io/files.h on POSIX: stat before open (a FIFO or a device is never opened for reading),
// O_EXCL temporaries created with the umask applied, signals held during a write.
#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <limits>
#include <fstream>
#include <iterator>
#include <thread>

#include <spdlog/fmt/fmt.h>

#include "io/files.h"
#include "io/files_internal.h"

namespace xe::sandbox {
namespace fs = std::filesystem;

namespace {

const char* kind_of(mode_t mode) {
  if (S_ISDIR(mode)) return "a folder";
  if (S_ISFIFO(mode)) return "a FIFO (named pipe)";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISLNK(mode)) return "a symbolic link";
  return "not a regular file";
}

std::string not_regular(mode_t mode) {
  if (S_ISDIR(mode)) return "it is a folder, not a file";
  return fmt::format("it is {}, not a regular file", kind_of(mode));
}

std::string errno_text(int e) {
  if (e == ENOENT) return "no such file";
  if (e == ENOSPC) return "the disk is full";
  if (e == EDQUOT) return "the disk quota is exhausted";
  return std::strerror(e);
}

// SIGINT, SIGTERM and SIGHUP that arrive while a file is written wait until the temporary
// is renamed or removed, then go to whatever handled them before (by default: the process
// ends). A handler, not a thread mask: the kernel may deliver a signal to any thread.
class signals_held {
public:
  signals_held() {
    _received = 0;
    struct sigaction hold {};
    hold.sa_handler = [](int sig) { _received = sig; };
    sigemptyset(&hold.sa_mask);
    hold.sa_flags = SA_RESTART;
    for (size_t i = 0; i < std::size(_signals); ++i) {
      sigaction(_signals[i], &hold, &_previous[i]);
      if (_previous[i].sa_handler == SIG_IGN) sigaction(_signals[i], &_previous[i], nullptr);  // ignored stays ignored
    }
  }
  ~signals_held() {
    for (size_t i = 0; i < std::size(_signals); ++i) sigaction(_signals[i], &_previous[i], nullptr);
    if (const int sig = _received) raise(sig);
  }
  signals_held(const signals_held&) = delete;
  signals_held& operator=(const signals_held&) = delete;

private:
  static constexpr int _signals[] = {SIGINT, SIGTERM, SIGHUP};
  static inline volatile sig_atomic_t _received{0};
  struct sigaction _previous[std::size(_signals)]{};
};

bool write_all(int fd, const char* data, size_t size, int* saved_errno) {
  while (size > 0) {
    const ssize_t n = ::write(fd, data, size);
    if (n < 0) {
      if (errno == EINTR) continue;
      *saved_errno = errno;
      return false;
    }
    data += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}


}  // namespace

result<std::string> read_regular_file(const fs::path& path, u64 max_bytes, std::string_view what) {
  const auto cannot = [&](const std::string& why) {
    return make_error(errc::io, fmt::format("cannot read {} '{}': {}", what, path.string(), why));
  };
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return cannot(errno_text(errno));
  if (!S_ISREG(st.st_mode)) return cannot(not_regular(st.st_mode));
  // Non-blocking: if the file was swapped for a FIFO since the stat, open still returns.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) return cannot(errno_text(errno));
  struct closer {
    int fd;
    ~closer() { ::close(fd); }
  } close_on_exit{fd};
  if (::fstat(fd, &st) != 0) return cannot(errno_text(errno));
  if (!S_ISREG(st.st_mode)) return cannot(not_regular(st.st_mode));
  return detail::read_bounded(path, what, static_cast<u64>(st.st_size), max_bytes,
                              [&](char* into, size_t room) -> result<size_t> {
                                for (;;) {
                                  const ssize_t n = ::read(fd, into, room);
                                  if (n >= 0) return static_cast<size_t>(n);
                                  if (errno != EINTR) return cannot(errno_text(errno));
                                }
                              });
}

namespace detail {

result<output_target> inspect_output(const fs::path& path) {
  const auto cannot = [](std::string why) { return make_error(errc::io, std::move(why)); };
  output_target out{path, false};
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return out;
    return cannot(errno_text(errno));
  }
  if (S_ISLNK(st.st_mode)) {
    char* real = ::realpath(path.c_str(), nullptr);
    if (!real) {
      const int e = errno;
      std::error_code ec;
      const fs::path to = fs::read_symlink(path, ec);
      if (e == ENOENT)
        return cannot(
            fmt::format("it is a symbolic link to '{}', which does not exist; nothing was written", to.string()));
      return cannot(fmt::format("it is a symbolic link that cannot be followed: {}", errno_text(e)));
    }
    out.path = real;
    std::free(real);
    if (::stat(out.path.c_str(), &st) != 0) return cannot(errno_text(errno));
  }
  if (!S_ISREG(st.st_mode)) return cannot(not_regular(st.st_mode) + "; nothing was written");
  out.exists = true;
  return out;
}

size_t name_max(const fs::path& folder) {
  const long n = ::pathconf(folder.c_str(), _PC_NAME_MAX);
  return n > 0 ? static_cast<size_t>(n) : 255;
}

namespace {

class posix_temporary final : public temporary_file {
public:
  ~posix_temporary() override {
    if (_fd >= 0) ::close(_fd);
    if (!_committed && !_path.empty()) ::unlink(_path.c_str());
  }
  bool write(const char* data, size_t size) override { return write_all(_fd, data, size, &_errno); }
  std::string error() const override { return errno_text(_errno ? _errno : EIO); }
  result<void> commit(const fs::path& target) override {
    const auto failed = [](const char* what) {
      return make_error(errc::io, fmt::format(fmt::runtime(what), errno_text(errno)));
    };
    if (::fsync(_fd) != 0) return failed("writing failed: {}");
    const int closed = ::close(_fd);
    _fd = -1;
    if (closed != 0) return failed("writing failed: {}");
    if (::rename(_path.c_str(), target.c_str()) != 0) return failed("cannot replace it: {}");
    _committed = true;
    return {};
  }

  signals_held held;  // first: a signal waits until the file is renamed or removed
  fs::path _path;
  int _fd{-1};
  int _errno{0};
  bool _committed{false};
};

}  // namespace

result<std::unique_ptr<temporary_file>> temporary_file::create(const fs::path& folder, const std::string& prefix,
                                                               const output_target& over) {
  auto temp = std::make_unique<posix_temporary>();
  for (int attempt = 0; attempt < 100 && temp->_fd < 0; ++attempt) {
    temp->_path = folder / temp_name(prefix);
    // A new file gets the usual 0666 less the umask; an existing one its own mode below.
    temp->_fd =
        ::open(temp->_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, over.exists ? 0600 : 0666);
    if (temp->_fd < 0 && errno != EEXIST) {
      const int e = errno;
      temp->_path.clear();
      return make_error(errc::io, fmt::format("folder '{}' is not writable: {}", folder.string(), errno_text(e)));
    }
  }
  if (temp->_fd < 0) {
    temp->_path.clear();
    return make_error(errc::io, fmt::format("no free temporary name in folder '{}'", folder.string()));
  }
  if (over.exists) {
    struct stat st {};
    if (::stat(over.path.c_str(), &st) != 0) return make_error(errc::io, errno_text(errno));
    // The owner first: changing it may clear set-id bits, which the mode then restores.
    if (::fchown(temp->_fd, st.st_uid, st.st_gid) != 0 && errno != EPERM)
      return make_error(errc::io, errno_text(errno));
    if (::fchmod(temp->_fd, st.st_mode & 07777) != 0) return make_error(errc::io, errno_text(errno));
  }
  return std::unique_ptr<temporary_file>{std::move(temp)};
}

u64 current_process_id() { return static_cast<u64>(::getpid()); }

std::optional<file_identity> identity_of(const fs::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return file_identity{static_cast<u64>(st.st_dev), static_cast<u64>(st.st_ino)};
}

bool is_stale_temporary(const fs::path& file, u64 maker_pid) {
  struct stat st {};
  if (::lstat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode) || st.st_uid != ::geteuid()) return false;
  if (maker_pid == 0 || maker_pid > static_cast<u64>(std::numeric_limits<pid_t>::max())) return true;
  if (::kill(static_cast<pid_t>(maker_pid), 0) != 0 && errno == ESRCH) return true;
  // The id runs a process: the maker, unless that process started after the file was last
  // written (ids are reused). /proc/PID/stat's 22nd field is the start in ticks after boot.
  std::ifstream stat_file{fmt::format("/proc/{}/stat", maker_pid)};
  std::ifstream boot_file{"/proc/stat"};
  std::string stat_line((std::istreambuf_iterator<char>(stat_file)), std::istreambuf_iterator<char>());
  const size_t comm_end = stat_line.rfind(')');  // the command name may hold spaces
  if (comm_end == std::string::npos) return false;
  std::istringstream fields{stat_line.substr(comm_end + 2)};
  std::string field;
  unsigned long long start_ticks = 0;
  for (int i = 3; i <= 22 && fields >> field; ++i)
    if (i == 22) start_ticks = std::strtoull(field.c_str(), nullptr, 10);
  long long boot = -1;
  for (std::string key; boot_file >> key;)
    if (key == "btime") boot_file >> boot;
  const long ticks = ::sysconf(_SC_CLK_TCK);
  if (start_ticks == 0 || boot < 0 || ticks <= 0) return false;  // unknown: keep it
  const long long started = boot + static_cast<long long>(start_ticks / static_cast<unsigned long long>(ticks));
  return started > static_cast<long long>(st.st_mtime) + 2;  // btime is whole seconds
}

}  // namespace detail

folder_lock::folder_lock(const fs::path& folder) {
  const int fd = ::open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  // Another instance holds it for milliseconds; a stopped one must not hang this one.
  for (int attempt = 0; attempt < 200; ++attempt) {
    if (::flock(fd, LOCK_EX | LOCK_NB) == 0) {
      _handle = fd;
      return;
    }
    if (errno != EWOULDBLOCK && errno != EINTR) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ::close(fd);
}

folder_lock::~folder_lock() {
  if (_handle < 0) return;
  ::flock(static_cast<int>(_handle), LOCK_UN);
  ::close(static_cast<int>(_handle));
}

}  // namespace xe::sandbox
