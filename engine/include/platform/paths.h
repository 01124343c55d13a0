#pragma once
// Where this process's executable lives, so an installed or unpacked copy finds its data
// next to it (paths_posix.cpp: /proc/self/exe; paths_win32.cpp: GetModuleFileNameW).
#include <filesystem>

namespace xe::platform {
// The running executable's absolute path; empty when the system cannot tell.
std::filesystem::path executable_path();
}  // namespace xe::platform
