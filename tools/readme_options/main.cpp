// The README's option table, generated from the command line's one declaration
// (sandbox/app/cli.cpp). No argument: print it. --check FILE: exit 1 unless FILE's table
// (between the two markers) is exactly it. --write FILE: replace FILE's table with it.
#include <cstdio>
#include <string>
#include <string_view>

#include "app/cli.h"
#include "io/files.h"

namespace {

constexpr std::string_view begin_marker = "<!-- options: generated from sandbox/app/cli.cpp by xe-readme-options -->\n";
constexpr std::string_view end_marker = "<!-- end of options -->\n";

int fail(const std::string& message, int code) {
  std::fprintf(stderr, "xe-readme-options: %s\n", message.c_str());
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace xe::sandbox;
  const std::string table = options_markdown();
  if (argc == 1) return std::fputs(table.c_str(), stdout) < 0 ? 1 : 0;
  const std::string mode = argv[1];
  if (argc != 3 || (mode != "--check" && mode != "--write"))
    return fail("usage: xe-readme-options [--check|--write README.md]", 2);
  auto text = read_regular_file(argv[2], 1 << 20, "README");
  if (!text) return fail(text.error_value().reason, 2);
  const size_t begin = text->find(begin_marker);
  const size_t end = text->find(end_marker);
  if (begin == std::string::npos || end == std::string::npos || end < begin)
    return fail(std::string{argv[2]} + " has no option table between the markers", 2);
  const size_t first = begin + begin_marker.size();
  const std::string current = text->substr(first, end - first);
  if (mode == "--check") {
    if (current == table) return 0;
    return fail(std::string{argv[2]} + "'s option table differs from sandbox/app/cli.cpp's declaration; run " +
                    "xe-readme-options --write " + argv[2] + ". The declaration gives:\n" + table,
                1);
  }
  if (current == table) return 0;
  text->replace(first, end - first, table);
  if (auto written = write_file_atomic(argv[2], *text); !written) return fail(written.error_value().reason, 1);
  return 0;
}
