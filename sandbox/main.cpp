// xengine-sandbox entry point: parse the command line, run the app.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "app/app.h"
#include "app/cli.h"
#include "io/data_paths.h"
#include "io/files.h"
#include "lessons/lesson.h"
#include "platform/window.h"
#include "snapshot/diff.h"

namespace {

// Output lost is not success: a run whose standard output could not be written (a full
// disk, a closed pipe with SIGPIPE ignored) ends with exit 1 and says so on stderr. A pipe
// closed under the default SIGPIPE ends the process quietly, as tools do.
int finished(int code) {
  errno = 0;
  if (std::fflush(stdout) == 0 && !std::ferror(stdout)) return code;
  const int error = errno;
  std::fprintf(stderr, "xengine-sandbox: cannot write to standard output: %s\n",
               error ? std::strerror(error) : "write error");
  return code == xe::sandbox::exit_ok ? xe::sandbox::exit_runtime : code;
}

int run(int argc, char** argv) {
  using namespace xe::sandbox;
  const std::vector<std::string> args(argv + 1, argv + argc);
  auto opts = parse_cli(args, xe::platform::has_display());
  if (!opts) {
    std::fprintf(stderr, "xengine-sandbox: %s\n", opts.error_value().reason.c_str());
    return exit_usage;
  }
  if (opts->help) {
    std::fputs(usage().c_str(), stdout);
    return exit_ok;
  }
  if (opts->version) {
    // The version is CMake's project(VERSION); the rest says what this copy will use.
    const std::filesystem::path font = find_data("fonts/wqy-microhei.ttc");
    std::printf("xengine-sandbox %s\ninspector: %s\nlessons: %s\nfont: %s\n", XE_VERSION, XE_INSPECTOR,
                find_lessons_folder(opts->lessons_dir).string().c_str(),
                font.empty() ? "a system CJK font, if installed" : font.string().c_str());
    return exit_ok;
  }
  if (auto paths = check_paths(*opts); !paths) {
    std::fprintf(stderr, "xengine-sandbox: %s\n", paths.error_value().reason.c_str());
    return exit_usage;
  }
  if (!opts->exercise.empty()) return run_exercise(*opts);
  if (!opts->diff.empty()) {
    for (const std::string& file : opts->diff) xe::sandbox::protect_input(file);
    auto before = load_snapshot(opts->diff[0]);
    auto after = before ? load_snapshot(opts->diff[1]) : before;
    if (!before || !after) {
      const auto& failed = !before ? before : after;
      std::fprintf(stderr, "xengine-sandbox: %s\n", failed.error_value().reason.c_str());
      return failed.error_value().code == xe::errc::io ? exit_usage : exit_script;
    }
    for (const std::string& line : diff(before->record, after->record).describe(language::english()))
      std::printf("%s\n", line.c_str());
    return exit_ok;
  }
  return app{*opts}.run();
}

}  // namespace

int main(int argc, char** argv) { return finished(run(argc, argv)); }
