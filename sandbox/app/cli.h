#pragma once
// Command-line options of xengine-sandbox, declared once (CLI11) in cli.cpp. parse_cli never
// exits: it returns the options, a request for help, or an error message (exit code 2).
#include <optional>
#include <string>
#include <vector>

#include "common/result.h"
#include "common/types.h"
#include "graphics/renderer.h"

namespace xe::sandbox {

struct options {
  bool headless{false};         // no window even when a display is available
  bool headless_forced{false};  // chosen because there is no display
  u32 frames{0};                // 0 = run until the last window closes (headless: 120)
  u32 width{1280};
  u32 height{720};
  u32 frames_in_flight{3};
  u32 windows{1};
  bool triangle{false};        // --triangle: draw the first triangle from the start
  bool overlay{true};          // the inspector over the first surface (windowed default)
  bool overlay_given{false};   // --overlay / --no-overlay was on the command line
  bool imgui_demo{false};      // --imgui-demo: only ImGui's demo window, for benchmarks
  bool overlay_hidden{false};  // --hide-overlay: the inspector starts hidden (F1 shows it)
  bool hint{true};             // --no-hint: hidden, the overlay draws nothing: a benchmark of hooks and history
  bool hooks{true};            // --no-hooks: no stats hooks (no events in snapshots): a benchmark baseline
  u32 bench_frames{0};         // --bench-frames N: 60 warm-up frames, N timed, one line, exit
  bool bench_latency{false};   // --bench-latency: input-to-present latency per kind, printed at exit
  u32 gpu_load{0};             // --gpu-load N: blended full-screen passes per frame
  gfx::adapter_preference adapter{gfx::adapter_preference::automatic};
  bool frames_given{false};       // --frames was on the command line
  std::string script;             // --script FILE: scenario steps run at frame boundaries
  std::string snapshot;           // --snapshot FILE: frame state after the last frame
  std::string screenshot;         // --screenshot FILE: PNG of surface 0 after the last frame
  bool renderdoc{false};          // --renderdoc: load RenderDoc's library before the device
  u32 capture_frames{0};          // --capture-frames N: RenderDoc captures of N frames at the end
  std::string trace;              // --trace FILE: the history as a Perfetto / Chrome trace after the last frame
  std::vector<std::string> diff;  // --diff A B: compare two snapshots, print, exit
  std::string lesson;             // --lesson ID|all: start at a chapter (all: play every one)
  std::string lessons_dir;        // --lessons DIR: where lesson files are (default: found)
  std::string settings;           // --settings FILE: progress and language (default: XDG)
  std::string language;           // --language zh|en ("" = the settings file's)
  std::string exercise;           // --exercise ID: build it yourself (exercise/exercise.h)
  std::string solution;           // --solution FILE: the file graded instead of the learner's copy
  bool play{false};               // --play: run the lesson(s) to the end, print, exit
  std::string fault;              // --fault NAME: a played lesson on a wrong engine (test builds)
  std::string check_report;       // --check-report FILE: every step's verdict, past failures
  std::string ui_map;             // --ui-map FILE: panel and button rectangles, for window tests
  std::string ui_tour;            // --ui-tour DIR: every lesson step's UI map, for the text/screen test
  bool help{false};
  bool version{false};  // --version: print the version and where data is found, exit
};

constexpr u32 default_headless_frames{120};
constexpr u32 max_windows{8};

// has_display: whether a window system is reachable (DISPLAY or WAYLAND_DISPLAY set).
result<options> parse_cli(const std::vector<std::string>& args, bool has_display);
// What the command line names on disk, before anything runs (an error is exit code 2):
// an explicit --settings must be a regular file or absent; the end-of-run outputs must not
// (--snapshot, --screenshot, --trace, --ui-map) land on the --script, the settings file or each other.
result<void> check_paths(const options& opts);
std::string usage();             // --help: the options as declared in cli.cpp, keys and exit codes
std::string options_markdown();  // the README's option table, from the same declaration

}  // namespace xe::sandbox
