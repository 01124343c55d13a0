// The windowed sandbox as a learner runs it (needs a display with a window manager;
// tools/test.sh starts Xvfb and openbox): scripted window operations, and closing windows
// the way a user does (through the window manager) ends the app cleanly.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "platform/window.h"
#include "process.h"
#include "snapshot/png.h"

namespace xe::test {
namespace {

namespace fs = std::filesystem;

class window_process : public ::testing::Test {
protected:
  void SetUp() override {
    if (!platform::has_display()) GTEST_SKIP() << "no display";
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    _dir = fs::temp_directory_path() / (std::string{"xe-window-"} + info->name());
    fs::remove_all(_dir);
    fs::create_directories(_dir);
  }
  void TearDown() override {
    if (!_dir.empty() && !HasFailure()) fs::remove_all(_dir);
  }
  process_result in_dir(const std::string& command) const {
    auto r = run_process("cd " + shell_quote(_dir.string()) + " || exit 1\n" + command);
    EXPECT_EQ(runtime_complaint(r.err + r.out), "");
    return r;
  }
  fs::path _dir;
};

TEST_F(window_process, scripted_window_operations_then_closing_every_window_exits_0) {
  const std::string script = std::string{XE_SOURCE_DIR} + "/sandbox/tests/scripts/windows.json";
  auto r = in_dir(shell_quote(XE_SANDBOX_EXE) + " --windows 4 --size 300x200 --script " + shell_quote(script));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("frames on"), std::string::npos) << r.out;

  std::ifstream in{_dir / "windows_slot0.png", std::ios::binary};
  std::stringstream bytes;
  bytes << in.rdbuf();
  auto image = sandbox::decode_png(bytes.str());
  ASSERT_TRUE(image) << image.error_value().reason;
  EXPECT_EQ(image->width, 640u);
  EXPECT_EQ(image->height, 360u);
  EXPECT_EQ(image->pixels[0], 26);  // the clear colour, read from the window's swap chain
  EXPECT_EQ(image->pixels[1], 51);
  EXPECT_EQ(image->pixels[2], 77);

  auto valid = run_process("/usr/bin/python3 " + shell_quote(std::string{XE_SOURCE_DIR} + "/tools/validate_json.py") +
                           " " + shell_quote(std::string{XE_SOURCE_DIR} + "/docs/snapshot.schema.json") + " " +
                           shell_quote((_dir / "windows.json").string()));
  EXPECT_EQ(valid.exit_code, 0) << valid.err;
}

TEST_F(window_process, closing_windows_through_the_window_manager_ends_the_app) {
  // Start with two windows, wait until the window manager lists them, ask it to close
  // each (as the title bar's close button would), and expect a clean exit.
  const std::string command = shell_quote(XE_SANDBOX_EXE) +
                              " --windows 2 --size 200x150 >out.txt 2>err.txt & pid=$!\n"
                              "for i in $(seq 100); do [ \"$(wmctrl -l | grep -c 'XEngine Sandbox - surface')\" = 2 ] "
                              "&& break; sleep 0.1; done\n"
                              "wmctrl -c 'XEngine Sandbox - surface 1'; sleep 0.3\n"
                              "kill -0 $pid || { echo 'exited after the first close' >&2; exit 9; }\n"
                              "wmctrl -c 'XEngine Sandbox - surface 0'\n"
                              "for i in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done\n"
                              "kill -0 $pid 2>/dev/null && { kill $pid; echo 'still running' >&2; exit 8; }\n"
                              "wait $pid; code=$?; cat out.txt; cat err.txt >&2; exit $code";
  auto r = in_dir(command);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("frames on"), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find("shutdown left"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace xe::test
