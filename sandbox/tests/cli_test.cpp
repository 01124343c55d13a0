#include <gtest/gtest.h>

#include <map>

#include "app/cli.h"
#include "common/fault.h"
#include "test_support.h"

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
  EXPECT_TRUE(o->hint);
  o = parse({"--bench-frames", "50", "--overlay", "--hide-overlay", "--no-hint"});
  ASSERT_TRUE(o);
  EXPECT_FALSE(o->hint);
  EXPECT_FALSE(parse({"--no-hint", "--no-hint"}));
  EXPECT_FALSE(parse({"--language", "fr"}));
  EXPECT_FALSE(parse({"--play"}));
  EXPECT_FALSE(parse({"--lesson", "all", "--script", "s.json"}));
  EXPECT_FALSE(parse({"--bench-frames", "0"}));
  EXPECT_FALSE(parse({"--bench-frames", "10", "--frames", "5"}));
}

// --ui-tour steps through lessons in a window (all of them too, without playing them).
// A headless trace needs the history, which the inspector records: it starts hidden and draws
// nothing. Without an inspector there is nothing to trace; captures end a run of frames.
TEST(cli, trace_and_capture_flags) {
  auto o = parse({"--headless", "--trace", "t.json"});
  ASSERT_TRUE(o) << o.error_value().reason;
  EXPECT_TRUE(o->overlay);
  EXPECT_TRUE(o->overlay_hidden);
  EXPECT_FALSE(o->hint);
  o = parse({"--headless"});
  ASSERT_TRUE(o);
  EXPECT_FALSE(o->overlay) << "no trace, no inspector headless";
  EXPECT_FALSE(parse({"--trace", "t.json", "--no-overlay"}, true));
  o = parse({"--renderdoc", "--capture-frames", "2", "--headless"});
  ASSERT_TRUE(o) << o.error_value().reason;
  EXPECT_TRUE(o->renderdoc);
  EXPECT_EQ(o->capture_frames, 2u);
  for (const std::vector<std::string>& bad : {std::vector<std::string>{"--capture-frames", "0"},
                                              {"--capture-frames", "101"},
                                              {"--capture-frames", "1", "--bench-frames", "10"}})
    EXPECT_FALSE(parse(bad)) << bad[1];
  o = parse({"--trace", "same.json", "--snapshot", "same.json"});
  ASSERT_TRUE(o);
  EXPECT_FALSE(check_paths(*o)) << "two outputs, one file";
}

TEST(cli, ui_tour_needs_a_lesson_and_a_window) {
  auto o = parse({"--lesson", "all", "--ui-tour", "maps"}, true);
  ASSERT_TRUE(o) << o.error_value().reason;
  EXPECT_EQ(o->ui_tour, "maps");
  EXPECT_FALSE(o->play);
  EXPECT_MENTIONS(parse({"--ui-tour", "maps"}, true).error_value().reason, "needs --lesson");
  EXPECT_MENTIONS(parse({"--lesson", "07", "--ui-tour", "maps"}, false).error_value().reason, "needs a window");
  EXPECT_MENTIONS(parse({"--lesson", "07", "--ui-tour", "maps", "--play"}, true).error_value().reason, "runs alone");
  EXPECT_MENTIONS(parse({"--lesson", "07", "--ui-tour", "maps", "--no-overlay"}, true).error_value().reason,
                  "runs alone");
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
      {{"stray"}, "unknown option 'stray'"},
      {{"--headless", "--headless"}, "--headless is given twice"},
      {{"-h", "--help"}, "--help is given twice"},
      {{"--frames", "5", "--frames", "6"}, "--frames is given twice"},
      {{"--diff", "a.json"}, "--diff needs two snapshot files"},
      {{"--lesson", ""}, "--lesson needs a non-empty value"},
      {{"--language", "fr"}, "--language must be one of zh|en|pt, got 'fr'"},
      {{"--adapter", "gpu"}, "--adapter must be auto or software, got 'gpu'"},
      {{"--overlay", "--no-overlay"}, "--overlay and --no-overlay contradict each other"},
      {{"--frames", "abc", "--bogus"}, "whole number"},  // the first bad option on the line
      {{"--headless=no"}, "--headless takes no value, got '--headless=no'"},
      {{"--solution", "a.cpp"}, "--solution needs --exercise ID"},
      {{"--exercise", "07", "--lesson", "07"}, "--exercise runs alone"},
  };
  for (const auto& [args, needle] : cases) {
    auto o = parse(args);
    ASSERT_FALSE(o) << args[0];
    EXPECT_NE(o.error_value().reason.find(needle), std::string::npos)
        << "'" << o.error_value().reason << "' should mention '" << needle << "'";
  }
}

// --help, the README's table and the parser read one declaration: every option the table
// lists is in --help and parses (with a sample value where it takes one).
TEST(cli, help_table_and_parser_share_one_declaration) {
  const std::string help = usage(), table = options_markdown();
  const std::map<std::string, std::vector<std::string>> samples = {{"N", {"2"}},
                                                                   {"K", {"2"}},
                                                                   {"WxH", {"64x48"}},
                                                                   {"auto\\|software", {"software"}},
                                                                   {"FILE", {"f.json"}},
                                                                   {"DIR", {"lessons"}},
                                                                   {"ID\\|all", {"07"}},
                                                                   {"zh\\|en\\|pt", {"pt"}},
                                                                   {"A.json B.json", {"a.json", "b.json"}},
                                                                   {"NAME", {"free_index_at_once"}},
                                                                   {"ID", {"07"}}};
  size_t rows = 0;
  for (size_t at = 0; (at = table.find("| `", at)) != std::string::npos; ++rows) {
    const size_t end = table.find('`', at + 3);
    const std::string cell = table.substr(at + 3, end - at - 3);  // "--frames N", "-h,--help"
    at = end;
    const size_t space = cell.find(' ');
    const std::string names = cell.substr(0, space), value = space == std::string::npos ? "" : cell.substr(space + 1);
    const std::string name = names.substr(names.rfind(',') + 1);
    EXPECT_NE(help.find(names), std::string::npos) << names << " is in the table but not in --help";
    std::vector<std::string> args{name};
    if (!value.empty()) {
      ASSERT_TRUE(samples.count(value)) << "no sample value for " << cell;
      for (const auto& v : samples.at(value)) args.push_back(v);
    }
    if (name == "--play" || name == "--ui-tour") args.insert(args.end(), {"--lesson", "07"});
    if (name == "--solution") args.insert(args.end(), {"--exercise", "07"});
    if (name == "--fault" || name == "--check-report") args.insert(args.end(), {"--lesson", "07", "--headless"});
    if (name == "--fault" && !fault::available()) continue;  // a release build refuses it, by design
    const auto o = parse(args, true);
    EXPECT_TRUE(o) << cell << ": " << (o ? "" : o.error_value().reason);
  }
  EXPECT_EQ(rows, 36u) << table;
}

}  // namespace
}  // namespace xe::sandbox
