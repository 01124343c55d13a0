#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "script/expect.h"
#include "script/script.h"
#include "io/files.h"
#include "io/json_input.h"
#include "snapshot/history.h"
#include "test_support.h"

namespace xe::sandbox {
namespace {

std::string parse_error(const std::string& text) {
  auto s = parse_script(text, "test.json");
  EXPECT_FALSE(s) << text;
  return s ? std::string{} : s.error_value().reason;
}

TEST(script_parse, reads_every_action) {
  const char* text = R"({"description": "all actions", "steps": [
    {"do": "create_heap", "name": "demo", "type": "cbv_srv_uav", "capacity": 5, "shader_visible": true},
    {"do": "allocate", "heap": "demo", "count": 2, "as": "pair"},
    {"do": "free", "heap": "demo", "index": 0},
    {"do": "free", "heap": "demo", "label": "pair"},
    {"do": "advance_frames", "count": 3},
    {"do": "flush"},
    {"do": "set_frames_in_flight", "count": 2},
    {"do": "create_surface", "width": 64, "height": 32},
    {"do": "remove_surface", "slot": 1},
    {"do": "resize", "slot": 0, "width": 0, "height": 0},
    {"do": "toggle_fullscreen", "slot": 0},
    {"do": "create_texture", "name": "t", "kind": "placed", "width": 8, "height": 8},
    {"do": "release", "name": "t"},
    {"do": "snapshot", "file": "a.json"},
    {"do": "screenshot", "file": "a.png", "slot": 0},
    {"do": "expect", "path": "/heaps/demo/free_stack/0", "equals": 0},
    {"do": "show_triangle", "visible": true},
    {"do": "set_gpu_load", "passes": 40}
  ]})";
  auto s = parse_script(text, "all.json");
  ASSERT_TRUE(s) << s.error_value().reason;
  ASSERT_EQ(s->steps.size(), 18u);
  // A step's parameters as read, each default filled in.
  const auto params = [&](size_t i) { return s->steps[i].params; };
  EXPECT_EQ(params(16), (nlohmann::json{{"visible", true}}));
  EXPECT_EQ(params(17), (nlohmann::json{{"passes", 40}}));
  EXPECT_EQ(s->steps[0].number, 1u);
  EXPECT_EQ(
      params(0),
      (nlohmann::json{
          {"name", "demo"}, {"type", "cbv_srv_uav"}, {"capacity", 5}, {"shader_visible", true}, {"model", "engine"}}));
  EXPECT_EQ(params(1), (nlohmann::json{{"heap", "demo"}, {"count", 2}, {"as", "pair"}}));
  EXPECT_EQ(params(2), (nlohmann::json{{"heap", "demo"}, {"index", 0}}));
  EXPECT_EQ(params(3), (nlohmann::json{{"heap", "demo"}, {"label", "pair"}}));
  EXPECT_EQ(params(11)["kind"], "placed");
  EXPECT_EQ(params(14), (nlohmann::json{{"file", "a.png"}, {"slot", 0}}));
  EXPECT_EQ(params(15)["equals"], 0);
  for (const actions::step& step : s->steps) EXPECT_NE(step.what, nullptr) << step.name;
}

TEST(script_parse, new_parameters_and_the_race) {
  auto s = parse_script(R"({"steps": [
    {"do": "create_heap", "name": "w", "type": "cbv_srv_uav", "capacity": 4, "model": "wiki"},
    {"do": "create_surface", "width": 8, "height": 8, "as": "d"},
    {"do": "resize", "slot": 0, "width": 8, "height": 8, "as": "r"},
    {"do": "race", "model": "engine", "as": "e"},
    {"do": "race", "model": "wiki", "iterations": 50, "as": "w"},
    {"do": "expect", "path": "/fence/cpu_value", "at_least": 1, "at_most": 9}]})",
                        "t.json");
  ASSERT_TRUE(s) << s.error_value().reason;
  EXPECT_EQ(s->steps[0].params["model"], "wiki");
  EXPECT_EQ(s->steps[1].params["as"], "d");
  EXPECT_EQ(s->steps[1].what->records_as(), "d");
  EXPECT_EQ(s->steps[2].what->records_as(), "r");
  EXPECT_EQ(s->steps[3].params["iterations"], 10'000) << "the default";
  EXPECT_EQ(s->steps[4].params, (nlohmann::json{{"model", "wiki"}, {"iterations", 50}, {"as", "w"}}));
  EXPECT_EQ(s->steps[5].params, (nlohmann::json{{"path", "/fence/cpu_value"}, {"at_least", 1}, {"at_most", 9}}));
  EXPECT_MENTIONS(
      parse_error(R"({"steps": [{"do": "create_heap", "name": "w", "type": "rtv", "capacity": 4, "model": "mine"}]})"),
      "'model' must be engine or wiki");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "race", "model": "wiki"}]})"), "'as' is required");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "expect", "path": "/a", "changed_by": 1}]})"),
                  "a script has no step");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "expect", "path": "/a", "changed": true}]})"),
                  "a script has no step");
}

TEST(script_parse, release_immediately_needs_a_texture_and_a_label) {
  auto s = parse_script(R"({"steps": [{"do": "release_immediately", "name": "hazard", "as": "h"}]})", "t.json");
  ASSERT_TRUE(s) << s.error_value().reason;
  EXPECT_EQ(s->steps[0].params, (nlohmann::json{{"name", "hazard"}, {"as", "h"}}));
  EXPECT_EQ(s->steps[0].what->records_as(), "h");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "release_immediately", "name": "hazard"}]})"), "'as' is required");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "release_immediately", "as": "h"}]})"), "'name' is required");
}

TEST(script_parse, upload_texture_and_wrong_barrier) {
  auto s = parse_script(R"({"steps": [{"do": "upload_texture", "name": "checker"},
                                      {"do": "wrong_barrier", "name": "wrong", "as": "w"}]})",
                        "t.json");
  ASSERT_TRUE(s) << s.error_value().reason;
  EXPECT_EQ(s->steps[0].params, (nlohmann::json{{"name", "checker"}, {"through", "staging"}, {"pattern", "checker"}}));
  EXPECT_EQ(s->steps[1].what->records_as(), "w");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "wrong_barrier", "name": "wrong"}]})"), "'as' is required");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "upload_texture", "name": "c", "as": "x"}]})"),
                  "unknown parameter 'as'");
}

TEST(script_parse, textured_quad_actions) {
  auto s = parse_script(R"({"steps": [
    {"do": "upload_texture", "name": "t", "through": "upload_ring", "pattern": "tiles"},
    {"do": "create_quad_root_signature", "as": "root"},
    {"do": "show_quad", "texture": "t"},
    {"do": "show_quad", "visible": false},
    {"do": "measure_quad", "name": "t", "as": "q"},
    {"do": "upload_texture", "name": "t", "through": "staging"}]})",
                        "t.json");
  ASSERT_TRUE(s) << s.error_value().reason;
  EXPECT_EQ(s->steps[0].params, (nlohmann::json{{"name", "t"}, {"through", "upload_ring"}, {"pattern", "tiles"}}));
  EXPECT_EQ(s->steps[1].what->records_as(), "root");
  EXPECT_EQ(s->steps[2].params, (nlohmann::json{{"texture", "t"}}));
  EXPECT_EQ(s->steps[3].params, (nlohmann::json{{"visible", false}}));
  EXPECT_EQ(s->steps[4].what->records_as(), "q");
  EXPECT_EQ(s->steps[5].params, (nlohmann::json{{"name", "t"}, {"through", "staging"}, {"pattern", "checker"}}));
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "upload_texture", "name": "t", "through": "ring"}]})"),
                  "'through' must be staging or upload_ring");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "upload_texture", "name": "t", "pattern": "stripes"}]})"),
                  "'pattern' must be checker or tiles");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "show_quad"}]})"), "give 'texture'");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "show_quad", "texture": "t", "visible": false}]})"),
                  "give 'texture'");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "show_quad", "visible": true}]})"), "name the texture");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "measure_quad", "name": "t"}]})"), "'as' is required");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "create_quad_root_signature"}]})"), "'as' is required");
}

TEST(expectations, parse_every_kind_and_name_what_is_wrong) {
  const auto bad = [](nlohmann::json e) {
    auto r = actions::parse_expect(e);
    EXPECT_FALSE(r) << e.dump();
    return r ? std::string{} : r.error_value().reason;
  };
  auto range = actions::parse_expect({{"path", "/a"}, {"at_most", 2}});
  ASSERT_TRUE(range);
  EXPECT_FALSE(range->at_least);
  EXPECT_EQ(*range->at_most, 2.0);
  auto exact = actions::parse_expect({{"path", "/a"}, {"changed_by", -2}});
  ASSERT_TRUE(exact);
  EXPECT_EQ(exact->against, actions::expect::compare::changed_by);
  EXPECT_TRUE(exact->needs_before());
  auto within = actions::parse_expect({{"path", "/a"}, {"changed_by", {{"at_least", 1}}}});
  ASSERT_TRUE(within);
  EXPECT_EQ(*within->at_least, 1.0);
  EXPECT_TRUE(actions::parse_expect({{"path", "/a"}, {"changed", false}}));
  EXPECT_MENTIONS(bad({{"path", "/a"}, {"equals", 1}, {"at_least", 0}}), "exactly one of");
  EXPECT_MENTIONS(bad({{"path", "/a"}, {"at_least", 3}, {"at_most", 2}}), "above 'at_most'");
  EXPECT_MENTIONS(bad({{"path", "/a"}, {"at_least", "3"}}), "'at_least' must be a number");
  EXPECT_MENTIONS(bad({{"path", "/a"}, {"changed_by", {{"more", 1}}}}), "not 'more'");
  EXPECT_MENTIONS(bad({{"path", "/a"}, {"changed_by", "one"}}), "takes a number");
  EXPECT_MENTIONS(bad({{"path", "/a"}, {"changed", 1}}), "true or false");
  EXPECT_MENTIONS(bad({{"path", "/a"}, {"equals", 1}, {"colour", 2}}), "unknown key 'colour'");
}

TEST(expectations, numbers_and_changes_are_checked_against_the_state) {
  const nlohmann::json before = {{"n", 5}, {"f", 1.5}, {"s", "x"}, {"gone", 1}};
  const nlohmann::json after = {{"n", 3}, {"f", 2.0}, {"s", "x"}, {"new", 1}};
  const auto check = [&](nlohmann::json e) {
    auto parsed = actions::parse_expect(e);
    EXPECT_TRUE(parsed) << e.dump();
    return actions::check_expect(after, *parsed, &before);
  };
  EXPECT_FALSE(check({{"path", "/n"}, {"at_least", 3}, {"at_most", 3}}));
  EXPECT_MENTIONS(*check({{"path", "/n"}, {"at_least", 4}}), "/n is 3, expected at least 4");
  EXPECT_MENTIONS(*check({{"path", "/n"}, {"at_most", 1}, {"at_least", 0}}), "between 0 and 1");
  EXPECT_MENTIONS(*check({{"path", "/s"}, {"at_most", 1}}), "not a number");
  EXPECT_FALSE(check({{"path", "/n"}, {"changed_by", -2}}));
  EXPECT_MENTIONS(*check({{"path", "/n"}, {"changed_by", 2}}), "/n changed by -2 (from 5 to 3), expected 2");
  EXPECT_FALSE(check({{"path", "/f"}, {"changed_by", {{"at_least", 0.25}, {"at_most", 0.5}}}}));
  EXPECT_MENTIONS(*check({{"path", "/f"}, {"changed_by", {{"at_least", 1}}}}), "expected at least 1");
  EXPECT_FALSE(check({{"path", "/s"}, {"changed", false}}));
  EXPECT_MENTIONS(*check({{"path", "/s"}, {"changed", true}}), "did not change");
  EXPECT_MENTIONS(*check({{"path", "/n"}, {"changed", false}}), "changed from 5 to 3, expected it to stay");
  EXPECT_MENTIONS(*check({{"path", "/new"}, {"changed", true}}), "did not exist before the step");
  EXPECT_MENTIONS(*check({{"path", "/gone"}, {"changed", true}}), "does not exist in the engine's state");
  auto relative = actions::parse_expect({{"path", "/n"}, {"changed_by", 1}});
  EXPECT_MENTIONS(*actions::check_expect(after, *relative), "needs the state from before the step");
  EXPECT_EQ(*actions::numeric_change(nlohmann::json(u64{2}), nlohmann::json(u64{0})), -2);
  EXPECT_FALSE(actions::numeric_change("a", 1));
}

// A user-written pointer never throws, whatever its index (issue 33: 2^64 - 1 aborted).
TEST(expectations, any_array_index_is_found_or_absent) {
  const nlohmann::json state = {{"a", {10, 11, 12}}, {"o", {{"0", "zero"}, {"x/y", 1}}}};
  const auto find = [&](const char* p) { return find_at(state, nlohmann::json::json_pointer{p}); };
  EXPECT_EQ(*find("/a/2"), 12);
  EXPECT_EQ(*find("/o/0"), "zero");
  EXPECT_EQ(*find("/o/x~1y"), 1);
  EXPECT_EQ(*find(""), state);
  for (const char* absent : {"/a/3", "/a/18446744073709551615", "/a/18446744073709551616", "/a/99999999999999999999999",
                             "/a/-", "/a/01", "/a/+1", "/a/1x", "/a/", "/o/1", "/a/0/0", "/b"})
    EXPECT_EQ(find(absent), nullptr) << absent;
  // One element of a list, as a pointer through it reads it.
  const std::vector<u32> list = {7, 8, 9};
  const auto one = [&](const std::string& token) { return element_of(token, list, [](u32 v) { return v; }); };
  EXPECT_EQ(one("2"), (nlohmann::json{{"2", 9}}));
  for (const char* none : {"3", "18446744073709551615", "x", "01", "-"}) EXPECT_EQ(one(none), nlohmann::json::object());
  EXPECT_EQ(*find_at(nlohmann::json{{"list", one("1")}}, nlohmann::json::json_pointer{"/list/1"}), 8);
  auto e = actions::parse_expect({{"path", "/a/18446744073709551615"}, {"equals", 0}});
  EXPECT_MENTIONS(*actions::check_expect(state, *e), "does not exist in the engine's state");
}

TEST(script_parse, not_json) {
  EXPECT_MENTIONS(parse_error("{\"steps\": [}"), "not valid JSON");
  EXPECT_MENTIONS(parse_error(""), "not valid JSON");
  EXPECT_MENTIONS(parse_error("[1, 2]"), "\"steps\" array");
  // Found by the fuzzer: a number too large for a double is out_of_range, not parse_error.
  EXPECT_MENTIONS(parse_error("{\"steps\": [880.00011000e11662322688380]}"), "not valid JSON");
  EXPECT_MENTIONS(parse_error("{\"steps\": {}}"), "must be an array");
  EXPECT_MENTIONS(parse_error("{\"steps\": [], \"stpes\": []}"), "unknown top-level key 'stpes'");
}

TEST(script_parse, wrong_types_name_the_step) {
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "flush"}, {"do": "advance_frames", "count": "two"}]})"),
                  "step 2 (advance_frames): 'count' must be an integer");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "advance_frames", "count": 0}]})"), "1..1000000, got 0");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "advance_frames", "count": 1.5}]})"), "'count' must be an integer");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "advance_frames", "count": -1}]})"), "'count' must be an integer");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "create_heap", "name": 5, "type": "rtv", "capacity": 1}]})"),
                  "'name' must be a non-empty string");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "create_heap", "name": "h", "type": "srv", "capacity": 1}]})"),
                  "'type' must be rtv, dsv, cbv_srv_uav or sampler");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "create_heap", "name": "h", "type": "rtv"}]})"),
                  "'capacity' is required");
  EXPECT_MENTIONS(
      parse_error(
          R"({"steps": [{"do": "create_heap", "name": "h", "type": "rtv", "capacity": 1, "shader_visible": 1}]})"),
      "'shader_visible' must be true or false");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "free", "heap": "h"}]})"), "exactly one of 'index' and 'label'");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "free", "heap": "h", "index": 1, "label": "x"}]})"),
                  "exactly one of");
  EXPECT_MENTIONS(
      parse_error(R"({"steps": [{"do": "create_texture", "name": "t", "kind": "sparse", "width": 1, "height": 1}]})"),
      "'kind' must be committed, placed or reserved");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "set_frames_in_flight", "count": 4}]})"), "1..3, got 4");
  EXPECT_MENTIONS(
      parse_error(R"({"steps": [{"do": "expect", "path": "/a"}]})"),
      "exactly one of 'equals', 'equals_at', 'contains', 'lacks', 'in_order', 'at_least'/'at_most', 'changed_by' and "
      "'changed' is required");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "show_triangle"}]})"), "'visible' is required");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "set_gpu_load", "passes": 10001}]})"), "0..10000");
}

TEST(script_parse, unknown_actions_and_parameters) {
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "teleport"}]})"), "step 1 (teleport): unknown action");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "advance_frames", "cout": 3, "count": 3}]})"),
                  "unknown parameter 'cout'");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"action": "flush"}]})"), "step 1: needs \"do\"");
  EXPECT_MENTIONS(parse_error(R"({"steps": ["flush"]})"), "step 1: must be an object");
}

TEST(script_parse, bad_json_pointers) {
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "expect", "path": "heaps/demo", "equals": 1}]})"),
                  "not a JSON Pointer");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "expect", "path": "/a/~2", "equals": 1}]})"), "not a JSON Pointer");
}

TEST(atomic_file, writes_whole_files_and_leaves_no_temporary_behind) {
  namespace fs = std::filesystem;
  const fs::path dir =
      fs::temp_directory_path() / ("xe-atomic-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  ASSERT_TRUE(write_file_atomic(dir / "a.txt", std::string_view{"first"}));
  ASSERT_TRUE(write_file_atomic(dir / "a.txt", std::string_view{"second"}));
  std::ifstream in{dir / "a.txt"};
  std::string content;
  std::getline(in, content);
  EXPECT_EQ(content, "second");
  EXPECT_EQ(std::distance(fs::directory_iterator{dir}, fs::directory_iterator{}), 1) << "a temporary file was left";

  auto missing = write_file_atomic(dir / "no" / "such" / "dir.txt", std::string_view{"x"});
  ASSERT_FALSE(missing);
  EXPECT_MENTIONS(missing.error_value().reason, "does not exist");
  auto folder = write_file_atomic(dir, std::string_view{"x"});
  ASSERT_FALSE(folder);
  EXPECT_MENTIONS(folder.error_value().reason, "is a folder");
  EXPECT_EQ(std::distance(fs::directory_iterator{dir}, fs::directory_iterator{}), 1);
  fs::remove_all(dir);
}

}  // namespace
}  // namespace xe::sandbox

namespace xe::sandbox {
namespace {

// The ring keeps the newest `capacity` records, oldest first, across wrap-around.
TEST(history_ring, keeps_the_newest_records_in_order) {
  history_ring ring{3};
  for (u64 n = 1; n <= 7; ++n) {
    frame_record r;
    r.frame.frame_number = n;
    ring.record(std::move(r));
    ASSERT_EQ(ring.latest().frame.frame_number, n);
  }
  ASSERT_EQ(ring.size(), 3u);
  EXPECT_EQ(ring.at(0).frame.frame_number, 5u);
  EXPECT_EQ(ring.at(1).frame.frame_number, 6u);
  EXPECT_EQ(ring.at(2).frame.frame_number, 7u);
  ring.clear();
  EXPECT_TRUE(ring.empty());
  frame_record r;
  r.frame.frame_number = 9;
  ring.record(std::move(r));
  EXPECT_EQ(ring.at(0).frame.frame_number, 9u);
}

}  // namespace
}  // namespace xe::sandbox
