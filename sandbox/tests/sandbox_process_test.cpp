// The sandbox binary as a learner runs it: exit codes, messages, the headless summary.
#include <gtest/gtest.h>

#include "process.h"

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

TEST(sandbox_process, no_display_means_headless) {
  auto r = sandbox("--frames 3");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("running headless"), std::string::npos) << r.err;
}

} // namespace
} // namespace xe::test
