// The sandbox binary as a learner runs it: exit codes, messages, the headless summary.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "process.h"
#include "snapshot/png.h"

namespace xe::test {
namespace {

process_result sandbox(const std::string& args) {
  auto r = run_process("env -u DISPLAY -u WAYLAND_DISPLAY " + shell_quote(XE_SANDBOX_EXE) + " " + args);
  EXPECT_EQ(runtime_complaint(r.err + r.out), "") << args;
  return r;
}

TEST(sandbox_process, help_exits_zero) {
  auto r = sandbox("--help");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("--frames-in-flight"), std::string::npos);
}

// The version is CMake's project(VERSION), printed first; then where this copy finds its data
// (a binary in its build tree: the source tree's lessons).
TEST(sandbox_process, version_prints_the_project_version) {
  auto r = sandbox("--version");
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("xengine-sandbox " XE_VERSION "\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("lessons: " XE_SOURCE_DIR "/lessons\n"), std::string::npos) << r.out;
}

// Issue 33: output lost was success. A full disk (/dev/full) or a closed stdout is exit 1
// with the reason on stderr, for every command that prints.
TEST(sandbox_process, output_that_cannot_be_written_is_exit_1) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "xe-stdout-test";
  std::filesystem::create_directories(dir);
  const std::string a = shell_quote((dir / "a.json").string()), b = shell_quote((dir / "b.json").string());
  ASSERT_EQ(sandbox("--headless --frames 2 --size 64x32 --snapshot " + a).exit_code, 0);
  ASSERT_EQ(sandbox("--headless --frames 3 --size 64x32 --snapshot " + b).exit_code, 0);
  const std::string lessons = " --lessons " + shell_quote(XE_SOURCE_DIR "/lessons");
  for (const std::string& args :
       {std::string{"--help"}, std::string{"--version"}, std::string{"--headless --frames 2 --size 64x32"},
        "--lesson 01 --headless --language en" + lessons, "--diff " + a + " " + b}) {
    for (const char* redirect : {" >/dev/full", " >&-"}) {
      auto r = sandbox(args + redirect);
      EXPECT_EQ(r.exit_code, 1) << args << redirect << ": " << r.err;
      EXPECT_NE(r.err.find("xengine-sandbox: cannot write to standard output: "), std::string::npos)
          << args << redirect << ": " << r.err;
    }
  }
  std::filesystem::remove_all(dir);
}

TEST(sandbox_process, bad_flags_exit_2_with_a_message) {
  for (const char* args : {"--bogus", "--frames", "--frames nine", "--size 12", "--frames-in-flight 0"}) {
    auto r = sandbox(args);
    EXPECT_EQ(r.exit_code, 2) << args;
    EXPECT_NE(r.err.find("xengine-sandbox: "), std::string::npos) << args << ": " << r.err;
    EXPECT_TRUE(r.out.empty()) << args;
  }
}

TEST(sandbox_process, headless_run_prints_a_frame_summary) {
  auto r = sandbox("--headless --frames 30 --size 64x32 --frames-in-flight 2");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("30 frames on"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("fence: cpu 30 gpu"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("frames in flight 2"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("surface 0: offscreen 64x32, 3 back buffers"), std::string::npos) << r.out;
}

// One line, parseable, and nothing else on stdout: scripts compare runs with it.
TEST(sandbox_process, bench_frames_prints_one_timing_line) {
  auto r = sandbox("--headless --size 64x32 --bench-frames 20");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  double mean = 0, p50 = 0, p95 = 0;
  unsigned frames = 0;
  ASSERT_EQ(std::sscanf(r.out.c_str(), "frames=%u mean_ms=%lf p50_ms=%lf p95_ms=%lf\n", &frames, &mean, &p50, &p95), 4)
      << r.out;
  EXPECT_EQ(frames, 20u);
  EXPECT_GT(mean, 0.0);
  EXPECT_LE(p50, p95);
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1) << r.out;
}

// --no-hint, the benchmark of hooks and history alone: the hidden overlay draws nothing over
// the scene (a plain clear colour), where without it the hint is drawn in the corner.
TEST(sandbox_process, no_hint_leaves_the_hidden_overlay_drawing_nothing) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "xe-sandbox-process-no-hint";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const auto ink = [&](const char* extra) -> size_t {
    const std::filesystem::path png = dir / "frame.png";
    auto r = sandbox("--headless --overlay --hide-overlay --frames 3 --size 320x180 --screenshot " +
                     shell_quote(png.string()) + " " + extra);
    EXPECT_EQ(r.exit_code, 0) << extra << ": " << r.err;
    std::ifstream file{png, std::ios::binary};
    auto image = xe::sandbox::decode_png(std::string{std::istreambuf_iterator<char>{file}, {}});
    EXPECT_TRUE(image) << extra;
    if (!image || image->pixels.size() < 4) return 0;
    size_t differing = 0;  // from the first pixel, the clear colour (the hint lies bottom-left)
    const u8* p = image->pixels.data();
    for (size_t i = 0; i + 4 <= image->pixels.size(); i += 4) differing += !std::equal(p, p + 4, p + i);
    return differing;
  };
  EXPECT_GT(ink(""), 100u) << "the hint is drawn";
  EXPECT_EQ(ink("--no-hint"), 0u) << "nothing is drawn over the clear colour";
  std::filesystem::remove_all(dir);
}

// Lessons from the command line: an unknown one is a usage error; a lesson folder with a
// broken file stops before the engine starts and names the file.
TEST(sandbox_process, lesson_flags_are_checked) {
  auto unknown = sandbox("--headless --lesson 42");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("no lesson '42'"), std::string::npos) << unknown.err;
  auto play = sandbox("--play");
  EXPECT_EQ(play.exit_code, 2);
  const std::string dir = ::testing::TempDir() + "xe-bad-lessons";
  ASSERT_EQ(run_process("mkdir -p " + shell_quote(dir) + " && printf '{\"id\": ' > " + shell_quote(dir + "/01-x.json"))
                .exit_code,
            0);
  auto broken = sandbox("--headless --lesson all --lessons " + shell_quote(dir));
  EXPECT_EQ(broken.exit_code, 3);
  EXPECT_NE(broken.err.find("01-x.json"), std::string::npos) << broken.err;
  EXPECT_EQ(broken.err.find("D3D12 device"), std::string::npos) << "the engine must not start: " << broken.err;
}

// A played lesson whose hazard checks no validation layer watched ran to the end: exit 6, the
// steps named, and its --snapshot still written (the Windows build without Graphics Tools).
TEST(sandbox_process, unchecked_hazards_are_exit_6_with_outputs_written) {
  const std::string snapshot = ::testing::TempDir() + "xe-unchecked.json";
  std::filesystem::remove(snapshot);
  // The lesson's text quotes validation messages: run_process, not sandbox(), which flags them.
  const std::string args = " --headless --language en --lesson 12-deferred-release --snapshot " + shell_quote(snapshot);
  auto r = run_process("env -u DISPLAY " + shell_quote(XE_SANDBOX_EXE) + args);
  ASSERT_EQ(r.exit_code, 0) << "with the layer watching, the lesson is checked: " << r.err;
  std::filesystem::remove(snapshot);
  // The loader lets an enable filter win over a disable one: both are set.
  r = run_process(
      "env -u DISPLAY -u VK_INSTANCE_LAYERS VK_LOADER_LAYERS_ENABLE= VK_LOADER_LAYERS_DISABLE='*validation' " +
      shell_quote(XE_SANDBOX_EXE) + args);
  EXPECT_EQ(r.exit_code, 6) << r.out << r.err;
  EXPECT_NE(r.out.find("were not checked"), std::string::npos) << r.out;
  EXPECT_TRUE(std::filesystem::is_regular_file(snapshot)) << "the lesson ran to its end; its outputs are kept";
  std::filesystem::remove(snapshot);
}

TEST(sandbox_process, no_display_means_headless) {
  auto r = sandbox("--frames 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("running headless"), std::string::npos) << r.err;
}

// A display named that nobody serves: SDL falls back to a driver without windows, and the
// learner is told which display could not be opened, not what that fallback lacks.
TEST(sandbox_process, a_display_that_cannot_be_opened_is_named) {
  int number = 900;  // far above the numbers tests' servers take (-displayfd counts up from 0)
  while (std::filesystem::exists("/tmp/.X11-unix/X" + std::to_string(number)) ||
         std::filesystem::exists("/tmp/.X" + std::to_string(number) + "-lock"))
    ++number;
  const std::string display = ":" + std::to_string(number);
  // XDG_SESSION_TYPE=x11: on a Wayland desktop SDL would otherwise try wayland-0 next.
  // Without XDG_RUNTIME_DIR, no Wayland probe speaks first (SDL's, whose libwayland prints
  // its own error): the display is tried before SDL starts.
  for (const char* runtime_dir : {"", "-u XDG_RUNTIME_DIR "}) {
    auto r = run_process(std::string{"env -u WAYLAND_DISPLAY "} + runtime_dir +
                         "XDG_SESSION_TYPE=x11 DISPLAY=" + display + " " + shell_quote(XE_SANDBOX_EXE) + " --frames 3");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("the display DISPLAY=" + display + " could not be opened"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("offscreen"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("D3D12 device"), std::string::npos) << "said after the device was made:\n" << r.err;
    EXPECT_EQ(r.err.find("XDG_RUNTIME_DIR"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace xe::test
