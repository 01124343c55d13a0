#pragma once
// A learner's exercise library, loaded into the grader's process (library_posix.cpp: dlopen;
// library_win32.cpp: LoadLibraryW). Unloaded when the object goes.
#include <filesystem>
#include <string>

#include "common/result.h"

namespace xe::grade {

// The grading worker's ties to the sandbox: it ends with it (a Ctrl+C there must not leave
// a hanging learner's loop running) and cannot fill the disk with a print loop (on POSIX,
// past 256 MiB of output it is stopped with SIGXFSZ, reported as a crash). On Windows the
// sandbox's job object ends it; nothing to do. False: the sandbox is gone already.
bool tie_to_sandbox();

class library {
public:
  static result<library> open(const std::filesystem::path& path);
  library(library&& o) noexcept : _handle{o._handle} { o._handle = nullptr; }
  library& operator=(library&&) = delete;
  library(const library&) = delete;
  ~library();
  // The exported table function's result, or an error naming the missing symbol.
  result<const void*> table(const std::string& symbol) const;

private:
  explicit library(void* handle) : _handle{handle} {}
  void* _handle;
};

}  // namespace xe::grade
