// io/files.h on Windows: file types from GetFileType (NUL, CON and COM1 are character
// devices, pipes are pipes), CREATE_NEW temporaries, ReplaceFileW so an existing file
// keeps its attributes and security descriptor. Ctrl+C during a write is left to the
// application's console handler (it only sets a flag), so the write finishes or fails
// and removes its temporary first.
#include <windows.h>

#include <algorithm>
#include <chrono>
#include <thread>

#include <spdlog/fmt/fmt.h>

#include "io/files.h"
#include "io/files_internal.h"

namespace xe::sandbox {
namespace fs = std::filesystem;

namespace {

std::string last_error_text(DWORD code) {
  switch (code) {
    case ERROR_FILE_NOT_FOUND:
    case ERROR_PATH_NOT_FOUND: return "no such file";
    case ERROR_ACCESS_DENIED: return "access denied";
    case ERROR_DISK_FULL:
    case ERROR_HANDLE_DISK_FULL: return "the disk is full";
    case ERROR_SHARING_VIOLATION: return "another program has it open";
    default: return fmt::format("Windows error {}", code);
  }
}

struct handle_closer {
  HANDLE h;
  ~handle_closer() {
    if (h != INVALID_HANDLE_VALUE) CloseHandle(h);
  }
};

// "" for a regular file on disk, else what it is.
std::string kind_of(HANDLE h, DWORD attributes) {
  if (attributes & FILE_ATTRIBUTE_DIRECTORY) return "it is a folder, not a file";
  switch (GetFileType(h)) {
    case FILE_TYPE_DISK: return "";
    case FILE_TYPE_CHAR: return "it is a character device, not a regular file";
    case FILE_TYPE_PIPE: return "it is a pipe, not a regular file";
    default: return "it is not a regular file";
  }
}


}  // namespace

result<std::string> read_regular_file(const fs::path& path, u64 max_bytes, std::string_view what) {
  const auto cannot = [&](const std::string& why) {
    return make_error(errc::io, fmt::format("cannot read {} '{}': {}", what, path.string(), why));
  };
  const DWORD attributes = GetFileAttributesW(path.c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) return cannot(last_error_text(GetLastError()));
  if (attributes & FILE_ATTRIBUTE_DIRECTORY) return cannot("it is a folder, not a file");
  // FILE_FLAG_OVERLAPPED: opening a pipe never waits; its type is refused below anyway.
  handle_closer file{CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                 FILE_ATTRIBUTE_NORMAL | FILE_FLAG_OVERLAPPED, nullptr)};
  if (file.h == INVALID_HANDLE_VALUE) return cannot(last_error_text(GetLastError()));
  if (const std::string kind = kind_of(file.h, attributes); !kind.empty()) return cannot(kind);
  CloseHandle(file.h);
  file.h = CreateFileW(path.c_str(), GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                       FILE_ATTRIBUTE_NORMAL, nullptr);
  if (file.h == INVALID_HANDLE_VALUE) return cannot(last_error_text(GetLastError()));
  if (const std::string kind = kind_of(file.h, attributes); !kind.empty()) return cannot(kind);
  LARGE_INTEGER size{};
  if (!GetFileSizeEx(file.h, &size)) return cannot(last_error_text(GetLastError()));
  return detail::read_bounded(
      path, what, static_cast<u64>(size.QuadPart), max_bytes, [&](char* into, size_t room) -> result<size_t> {
        DWORD n = 0;
        if (!ReadFile(file.h, into, static_cast<DWORD>(std::min<size_t>(room, 1u << 30)), &n, nullptr))
          return cannot(last_error_text(GetLastError()));
        return static_cast<size_t>(n);
      });
}

namespace detail {

result<output_target> inspect_output(const fs::path& path) {
  const auto cannot = [](std::string why) { return make_error(errc::io, std::move(why)); };
  output_target out{path, false};
  std::error_code ec;
  DWORD attributes = GetFileAttributesW(path.c_str());
  if (attributes == INVALID_FILE_ATTRIBUTES) {
    // A device name (NUL, CON, COM1) has no attributes on some systems but opens.
    handle_closer probe{CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE, nullptr, OPEN_EXISTING,
                                    FILE_FLAG_OVERLAPPED, nullptr)};
    if (probe.h != INVALID_HANDLE_VALUE && GetFileType(probe.h) != FILE_TYPE_DISK)
      return cannot(kind_of(probe.h, 0) + "; nothing was written");
    return out;
  }
  if (attributes & FILE_ATTRIBUTE_REPARSE_POINT) {
    const fs::path real = fs::canonical(path, ec);
    if (ec) return cannot("it is a link to something that does not exist; nothing was written");
    out.path = real;
    attributes = GetFileAttributesW(out.path.c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES) return cannot(last_error_text(GetLastError()));
  }
  handle_closer probe{CreateFileW(out.path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                  OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OVERLAPPED, nullptr)};
  if (probe.h == INVALID_HANDLE_VALUE) return cannot(last_error_text(GetLastError()));
  if (const std::string kind = kind_of(probe.h, attributes); !kind.empty())
    return cannot(kind + "; nothing was written");
  out.exists = true;
  return out;
}

size_t name_max(const fs::path&) { return 255; }

namespace {

class win32_temporary final : public temporary_file {
public:
  ~win32_temporary() override {
    if (_file != INVALID_HANDLE_VALUE) CloseHandle(_file);
    if (!_committed && !_path.empty()) DeleteFileW(_path.c_str());
  }
  bool write(const char* data, size_t size) override {
    while (size > 0) {
      DWORD n = 0;
      if (!WriteFile(_file, data, static_cast<DWORD>(std::min<size_t>(size, 1u << 30)), &n, nullptr)) {
        _failure = GetLastError();
        return false;
      }
      data += n;
      size -= n;
    }
    return true;
  }
  std::string error() const override { return last_error_text(_failure); }
  result<void> commit(const fs::path& target) override {
    if (!FlushFileBuffers(_file))
      return make_error(errc::io, fmt::format("writing failed: {}", last_error_text(GetLastError())));
    CloseHandle(_file);
    _file = INVALID_HANDLE_VALUE;
    // ReplaceFileW keeps the replaced file's attributes and security descriptor; where it
    // refuses (some file systems, Wine with some paths) a replacing move is still atomic.
    std::error_code ec;
    const fs::path absolute_target = fs::absolute(target, ec), absolute_temp = fs::absolute(_path, ec);
    BOOL moved = _replace && ReplaceFileW(absolute_target.c_str(), absolute_temp.c_str(), nullptr,
                                          REPLACEFILE_IGNORE_MERGE_ERRORS, nullptr, nullptr);
    if (!moved)
      moved = MoveFileExW(absolute_temp.c_str(), absolute_target.c_str(),
                          MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH);
    if (!moved) return make_error(errc::io, fmt::format("cannot replace it: {}", last_error_text(GetLastError())));
    _committed = true;
    return {};
  }

  fs::path _path;
  HANDLE _file{INVALID_HANDLE_VALUE};
  DWORD _failure{0};
  bool _replace{false};
  bool _committed{false};
};

}  // namespace

result<std::unique_ptr<temporary_file>> temporary_file::create(const fs::path& folder, const std::string& prefix,
                                                               const output_target& over) {
  auto temp = std::make_unique<win32_temporary>();
  temp->_replace = over.exists;
  for (int attempt = 0; attempt < 100 && temp->_file == INVALID_HANDLE_VALUE; ++attempt) {
    temp->_path = folder / temp_name(prefix);
    temp->_file =
        CreateFileW(temp->_path.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
    const DWORD e = GetLastError();
    if (temp->_file == INVALID_HANDLE_VALUE && e != ERROR_FILE_EXISTS && e != ERROR_ALREADY_EXISTS) {
      temp->_path.clear();
      return make_error(errc::io, fmt::format("folder '{}' is not writable: {}", folder.string(), last_error_text(e)));
    }
  }
  if (temp->_file == INVALID_HANDLE_VALUE) {
    temp->_path.clear();
    return make_error(errc::io, fmt::format("no free temporary name in folder '{}'", folder.string()));
  }
  return std::unique_ptr<temporary_file>{std::move(temp)};
}

u64 current_process_id() { return GetCurrentProcessId(); }

std::optional<file_identity> identity_of(const fs::path& path) {
  // No access asked: a file another program holds open still answers. BACKUP_SEMANTICS: a folder too.
  handle_closer file{CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr,
                                 OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS, nullptr)};
  BY_HANDLE_FILE_INFORMATION info{};
  if (file.h == INVALID_HANDLE_VALUE || !GetFileInformationByHandle(file.h, &info)) return std::nullopt;
  return file_identity{info.dwVolumeSerialNumber, (u64{info.nFileIndexHigh} << 32) | info.nFileIndexLow};
}

bool is_stale_temporary(const fs::path& file, u64 maker_pid) {
  WIN32_FILE_ATTRIBUTE_DATA data{};
  if (!GetFileAttributesExW(file.c_str(), GetFileExInfoStandard, &data) ||
      (data.dwFileAttributes & (FILE_ATTRIBUTE_DIRECTORY | FILE_ATTRIBUTE_REPARSE_POINT)))
    return false;
  if (maker_pid == 0 || maker_pid > 0xFFFF'FFFFull) return true;
  HANDLE process = OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(maker_pid));
  if (!process) return GetLastError() == ERROR_INVALID_PARAMETER;  // no such process (else: not ours to judge)
  FILETIME created{}, exited{}, kernel{}, user{};
  DWORD code = 0;
  const bool ended = GetExitCodeProcess(process, &code) && code != STILL_ACTIVE;
  const bool times = GetProcessTimes(process, &created, &exited, &kernel, &user);
  CloseHandle(process);
  if (ended) return true;
  if (!times) return false;
  // The id runs a process: the maker, unless it started after the file was last written.
  const auto ticks = [](const FILETIME& t) { return (u64{t.dwHighDateTime} << 32) | t.dwLowDateTime; };
  return ticks(created) > ticks(data.ftLastWriteTime) + 2ull * 10'000'000;  // 100 ns ticks
}

}  // namespace detail

folder_lock::folder_lock(const fs::path&) {}  // Windows: no cross-process settings lock
folder_lock::~folder_lock() = default;

}  // namespace xe::sandbox
