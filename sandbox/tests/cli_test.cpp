#include <gtest/gtest.h>

#include "app/cli.h"

namespace xe::sandbox {
namespace {

result<options> parse(std::vector<std::string> args, bool display = false) { return parse_cli(args, display); }

TEST(cli, defaults_without_display_run_headless_for_120_frames) {
  auto o = parse({});
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->headless);
  EXPECT_TRUE(o->headless_forced);
  EXPECT_EQ(o->frames, default_headless_frames);
  EXPECT_EQ(o->width, 1280u);
  EXPECT_EQ(o->height, 720u);
  EXPECT_EQ(o->frames_in_flight, 3u);
}

TEST(cli, lesson_and_benchmark_flags) {
  auto o = parse({"--lesson", "07", "--language", "en"}, true);
  ASSERT_TRUE(o) << o.error_value().reason;
  EXPECT_EQ(o->lesson, "07");
  EXPECT_EQ(o->language, "en");
  EXPECT_FALSE(o->play);  // windowed: the panel, step by step
  o = parse({"--lesson", "all"}, true);
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->play);
  o = parse({"--lesson", "03"});  // no display: headless, so played
  ASSERT_TRUE(o);
  EXPECT_TRUE(o->play);
  EXPECT_EQ(o->frames, 0u);
  o = parse({"--bench-frames", "50", "--hide-overlay", "--no-hooks"});
  ASSERT_TRUE(o);
  EXPECT_EQ(o->bench_frames, 50u);
  EXPECT_TRUE(o->overlay_hidden);
  EXPECT_FALSE(o->hooks);
  EXPECT_FALSE(parse({"--language", "fr"}));
  EXPECT_FALSE(parse({"--play"}));
  EXPECT_FALSE(parse({"--lesson", "all", "--script", "s.json"}));
  EXPECT_FALSE(parse({"--bench-frames", "0"}));
  EXPECT_FALSE(parse({"--bench-frames", "10", "--frames", "5"}));
}

TEST(cli, with_a_display_the_default_is_windowed_until_closed) {
  auto o = parse({}, true);
  ASSERT_TRUE(o);
  EXPECT_FALSE(o->headless);
  EXPECT_EQ(o->frames, 0u);
}

TEST(cli, parses_every_flag) {
  auto o = parse({"--headless", "--frames", "7", "--size", "64x48", "--frames-in-flight", "2"}, true);
  ASSERT_TRUE(o) << o.error_value().reason;
  EXPECT_TRUE(o->headless);
  EXPECT_FALSE(o->headless_forced);
  EXPECT_EQ(o->frames, 7u);
  EXPECT_EQ(o->width, 64u);
  EXPECT_EQ(o->height, 48u);
  EXPECT_EQ(o->frames_in_flight, 2u);
  EXPECT_TRUE(parse({"--help"})->help);
  EXPECT_TRUE(parse({"--version"})->version);
}

TEST(cli, malformed_flags_are_clear_errors) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--frames"}, "needs a value"},
      {{"--frames", "abc"}, "whole number"},
      {{"--frames", "-3"}, "whole number"},
      {{"--frames", "12x"}, "whole number"},
      {{"--frames", "0"}, "must be"},
      {{"--frames-in-flight", "4"}, "must be 1..3"},
      {{"--size", "640"}, "WxH"},
      {{"--size", "0x10"}, "width must be"},
      {{"--size", "10x99999"}, "height must be"},
      {{"--size", "x"}, "whole number"},
      {{"--bogus"}, "unknown option '--bogus'"},
  };
  for (const auto& [args, needle] : cases) {
    auto o = parse(args);
    ASSERT_FALSE(o) << args[0];
    EXPECT_NE(o.error_value().reason.find(needle), std::string::npos)
        << "'" << o.error_value().reason << "' should mention '" << needle << "'";
  }
}

} // namespace
} // namespace xe::sandbox
