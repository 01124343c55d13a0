#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "script/script.h"
#include "snapshot/atomic_file.h"
#include "snapshot/history.h"

namespace xe::sandbox {
namespace {

std::string parse_error(const std::string& text) {
  auto s = parse_script(text, "test.json");
  EXPECT_FALSE(s) << text;
  return s ? std::string{} : s.error_value().reason;
}

#define EXPECT_MENTIONS(haystack, needle) \
  EXPECT_NE((haystack).find(needle), std::string::npos) << "'" << (haystack) << "' should mention '" << (needle) << "'"

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
  EXPECT_TRUE(std::get<actions::show_triangle>(s->steps[16].what).visible);
  EXPECT_EQ(std::get<actions::set_gpu_load>(s->steps[17].what).passes, 40u);
  EXPECT_EQ(s->steps[0].number, 1u);
  const auto& heap = std::get<actions::create_heap>(s->steps[0].what);
  EXPECT_EQ(heap.type, gfx::heap_type::cbv_srv_uav);
  EXPECT_TRUE(heap.shader_visible);
  EXPECT_EQ(std::get<actions::allocate>(s->steps[1].what).as, "pair");
  EXPECT_EQ(*std::get<actions::free_descriptor>(s->steps[2].what).index, 0u);
  EXPECT_EQ(std::get<actions::free_descriptor>(s->steps[3].what).label, "pair");
  EXPECT_EQ(std::get<actions::create_texture>(s->steps[11].what).kind, gfx::resource_kind::placed);
  EXPECT_EQ(*std::get<actions::screenshot>(s->steps[14].what).slot, 0u);
  EXPECT_EQ(std::get<actions::expect>(s->steps[15].what).value, 0);
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
      parse_error(R"({"steps": [{"do": "create_heap", "name": "h", "type": "rtv", "capacity": 1, "shader_visible": 1}]})"),
      "'shader_visible' must be true or false");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "free", "heap": "h"}]})"), "exactly one of 'index' and 'label'");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "free", "heap": "h", "index": 1, "label": "x"}]})"),
                  "exactly one of");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "create_texture", "name": "t", "kind": "sparse", "width": 1, "height": 1}]})"),
                  "'kind' must be committed, placed or reserved");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "set_frames_in_flight", "count": 4}]})"), "1..3, got 4");
  EXPECT_MENTIONS(parse_error(R"({"steps": [{"do": "expect", "path": "/a"}]})"), "exactly one of 'equals', 'contains', 'at_least'/'at_most', 'changed_by' and 'changed' is required");
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
  const fs::path dir = fs::temp_directory_path() / ("xe-atomic-" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()));
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

} // namespace
} // namespace xe::sandbox

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

} // namespace
} // namespace xe::sandbox
