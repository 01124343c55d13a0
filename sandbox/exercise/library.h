#pragma once
// A learner's exercise library, loaded into the grader's process (library_posix.cpp: dlopen;
// library_win32.cpp: LoadLibraryW). Unloaded when the object goes.
#include <filesystem>
#include <string>

#include "common/result.h"

namespace xe::grade {

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
