#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "process.h"

namespace xe::test {
namespace {
std::string slurp(const std::filesystem::path& p) {
  std::ifstream in{p, std::ios::binary};
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
}  // namespace

std::string runtime_complaint(const std::string& output) {
  std::istringstream lines{output};
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("err:", 0) == 0 || line.rfind("fixme:", 0) == 0 || line.find("VUID-") != std::string::npos ||
        line.find("Validation Error") != std::string::npos || line.find("Validation Warning") != std::string::npos)
      return line;
  }
  return {};
}

std::string shell_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

process_result run_process(const std::string& command_line) {
  static int serial = 0;
  const auto dir = std::filesystem::temp_directory_path();
  const auto base = "xe-proc-" + std::to_string(::getpid()) + "-" + std::to_string(++serial);
  const auto out_path = dir / (base + ".out");
  const auto err_path = dir / (base + ".err");
  // A subshell, so the redirections cover every line of a multi-line command.
  const std::string full =
      "(\n" + command_line + "\n) >" + shell_quote(out_path.string()) + " 2>" + shell_quote(err_path.string());
  const int status = std::system(full.c_str());
  process_result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  std::filesystem::remove(out_path);
  std::filesystem::remove(err_path);
  return r;
}

}  // namespace xe::test
