#pragma once
// Runs a command line through the shell and captures its exit code, stdout and stderr.
#include <string>

namespace xe::test {

struct process_result {
  int exit_code{-1};
  std::string out;
  std::string err;
};

process_result run_process(const std::string& command_line);
// The first line of output that a vkd3d error/fixme or a Vulkan validation message wrote,
// or an empty string. Tests treat such lines as failures, as CTest does for its own output.
std::string runtime_complaint(const std::string& output);

// Single-quotes a string for /bin/sh.
std::string shell_quote(const std::string& s);

}  // namespace xe::test
