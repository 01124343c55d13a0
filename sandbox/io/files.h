#pragma once
// Every file the sandbox reads or writes goes through here (docs/scripts.md, "Files").
//
// Reading: regular files only, never blocking on a FIFO or reading a device, with a size
// cap. Writing: a whole file or nothing, and never in place of something that is not a
// regular file. The POSIX and Win32 halves live in files_posix.cpp / files_win32.cpp.
#include <cstdint>
#include <filesystem>
#include <functional>
#include <ostream>
#include <string>
#include <string_view>

#include "common/result.h"

namespace xe::sandbox {

// Reads a whole regular file of at most max_bytes. `what` names it in messages ("script",
// "lesson", "snapshot", "settings file"). errc::io: missing, unreadable, a folder, a FIFO,
// a socket or a device (none of them is opened for reading, so none can block). errc::parse:
// larger than max_bytes.
result<std::string> read_regular_file(const std::filesystem::path& path, u64 max_bytes, std::string_view what);

// Writes a whole file or nothing (errc::io with the reason otherwise):
// - the bytes go to a temporary file in the target's folder (a short hidden name that fits
//   the file system's limit), which is then renamed over the target; every failure, and
//   SIGINT/SIGTERM during the write (held until the rename is done), leaves no temporary;
// - an existing target must be a regular file: a folder, FIFO, socket or device is refused;
// - a symbolic link is followed: the file it points to is replaced and the link stays; a
//   link to nothing is refused;
// - an existing file keeps its permission bits (and its owner and group, where allowed);
// - an input of this run (protect_input) is refused, and so is a kept file (keep_file)
//   unless keeper names its keeper.
result<void> write_file_atomic(const std::filesystem::path& path, std::string_view bytes, std::string_view keeper = {});
// Streams the content through write(out), for outputs too large to build in memory first.
result<void> write_file_atomic(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write,
                               std::string_view keeper = {});

// Creates the folders path's parent names that do not exist yet (nothing when it exists).
// Returns the first folder it created, "" when none; an error when something in the way is
// not a folder or cannot be created. For the Controls' exports; scripts never create folders.
result<std::string> make_parent_folders(const std::filesystem::path& path);

// Marks an existing file as an input of this run (a script, a lesson, a snapshot being
// compared): write_file_atomic refuses to replace it, however it is named.
void protect_input(const std::filesystem::path& path);
// Marks a file, existing or not yet, that only its keeper writes (the learner's settings):
// write_file_atomic refuses it, however it is named, unless called with the same keeper.
void keep_file(const std::filesystem::path& path, std::string keeper);
void clear_protected_inputs();  // tests: forgets inputs and kept files
// Whether a and b name the same file: the same existing file (also through links or
// different spellings), or, when either does not exist, the same absolute path.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

// An advisory lock on a folder, held while the object lives (a settings file's
// read-merge-write). Where locking is unavailable it is a no-op.
class folder_lock {
public:
  explicit folder_lock(const std::filesystem::path& folder);
  ~folder_lock();
  folder_lock(const folder_lock&) = delete;
  folder_lock& operator=(const folder_lock&) = delete;

private:
  intptr_t _handle{-1};
};

}  // namespace xe::sandbox
