#pragma once
// Runs a program to its end or to a time limit, its output (stdout and stderr together) into
// a file: the compiler on the learner's file, the grading worker on their library
// (process_posix.cpp; process_win32.cpp).
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "common/result.h"

namespace xe::sandbox {

struct process_end {
  bool timed_out{false};   // killed at the time limit
  bool stalled{false};     // ... because the progress file stopped growing (process_limits)
  bool crashed{false};     // ended by a signal (POSIX) or an exception code (Windows)
  int code{0};             // the exit code, or the signal / exception code when crashed
  std::string crash_name;  // "SIGSEGV", "0xC0000005 (access violation)", ...
};

struct process_limits {
  std::chrono::milliseconds total;
  // When set: also stopped (timed_out) once this file has not grown for `idle`, the sign of
  // a hang in a worker that writes a line before each step.
  std::filesystem::path progress;
  std::chrono::milliseconds idle{0};
  // "NAME=value": set in the child besides this process's environment (which is left alone:
  // other threads may be reading it).
  std::vector<std::string> environment{};
};

// argv[0] is a path or a name looked up in PATH. An error only when it could not start.
result<process_end> run_process(const std::vector<std::string>& argv, const std::filesystem::path& output,
                                const process_limits& limits);

// Ends every child under way or to come, as at a time limit: the window that watched the
// learner's file is closing, and nothing it started may keep it waiting.
void stop_child_processes();

// What the exercise loop does differently per platform (process_posix.cpp, process_win32.cpp).
struct exercise_platform {
  const char* library_suffix;               // the learner's library: ".so", ".dll"
  const char* library_flag;                 // -fPIC; mingw-w64's -static (libstdc++, libgcc, winpthread inside)
  const char* executable_suffix;            // "", ".exe"
  const char* no_compiler_hint;             // what to do when the compiler cannot be started
  std::filesystem::path learner_data_base;  // %LOCALAPPDATA% on Windows; empty: the XDG rules
};
exercise_platform this_platform();

// Whether the file grew since the last call (false when it cannot be read): process_*.cpp.
class progress_watch {
public:
  explicit progress_watch(const process_limits& limits);
  // True when the process should be stopped for want of progress (or stop_child_processes()).
  bool stalled();

private:
  const process_limits& _limits;
  std::uintmax_t _size{0};
  std::chrono::steady_clock::time_point _since;
};

}  // namespace xe::sandbox
