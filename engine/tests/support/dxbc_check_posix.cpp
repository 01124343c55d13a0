#include "dxbc_check.h"

#include <filesystem>
#include <fstream>

#include "process.h"

namespace xe::test {

namespace fs = std::filesystem;

std::string python_dxbc_checksum(const std::string& file) {
  auto r = run_process("/usr/bin/python3 " + shell_quote(std::string{XE_SOURCE_DIR} + "/tools/dxbc_checksum.py") + " " +
                       shell_quote(file));
  return r.exit_code == 0 ? r.out : "dxbc_checksum.py failed: " + r.err;
}

std::vector<std::string> dxbc_problems(const std::string& name, std::span<const u8> blob) {
  const fs::path dir = fs::temp_directory_path() / "xe-dxbc-check";
  fs::create_directories(dir);
  const fs::path file = dir / (name + ".dxbc"), spirv = dir / (name + ".spv");
  std::ofstream{file, std::ios::binary}.write(reinterpret_cast<const char*>(blob.data()),
                                              static_cast<std::streamsize>(blob.size()));
  std::vector<std::string> problems;
  auto compiled = run_process("vkd3d-compiler -x dxbc-tpf -b spirv-binary -o " + shell_quote(spirv.string()) + " " +
                              shell_quote(file.string()));
  if (compiled.exit_code != 0 || !compiled.err.empty()) problems.push_back(name + ": vkd3d-compiler: " + compiled.err);
  auto validated = run_process("spirv-val " + shell_quote(spirv.string()));
  if (validated.exit_code != 0) problems.push_back(name + ": spirv-val: " + validated.err + validated.out);
  const std::string sum = python_dxbc_checksum(file.string());
  if (sum.find(" match") == std::string::npos) problems.push_back(name + ": checksum: " + sum);
  return problems;
}

}  // namespace xe::test
