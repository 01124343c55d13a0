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
// Single-quotes a string for /bin/sh.
std::string shell_quote(const std::string& s);

} // namespace xe::test
