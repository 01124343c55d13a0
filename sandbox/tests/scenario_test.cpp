// Scenario scripts run through the real sandbox binary: golden scenarios with their
// expectations, schema validation of every snapshot, and each class of bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "app/app.h"
#include "process.h"
#include "snapshot/png.h"

namespace xe::test {
namespace {

namespace fs = std::filesystem;

class scenario : public ::testing::Test {
protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    _dir = fs::temp_directory_path() / (std::string{"xe-scenario-"} + info->name());
    fs::remove_all(_dir);
    fs::create_directories(_dir);
  }
  void TearDown() override {
    if (!HasFailure()) fs::remove_all(_dir);
  }

  // Runs the sandbox headless inside the test's folder.
  process_result sandbox(const std::string& args) const {
    auto r = run_process("cd " + shell_quote(_dir.string()) + " && env -u DISPLAY -u WAYLAND_DISPLAY " +
                         shell_quote(XE_SANDBOX_EXE) + " --headless " + args);
    EXPECT_EQ(runtime_complaint(r.err + r.out), "") << args;
    return r;
  }
  fs::path write(const std::string& name, const std::string& text) const {
    std::ofstream{_dir / name} << text;
    return _dir / name;
  }
  static std::string golden(const std::string& name) {
    return (fs::path{XE_SOURCE_DIR} / "sandbox/tests/scripts" / name).string();
  }
  // Validates with Debian's python3-jsonschema against docs/snapshot.schema.json.
  static void expect_schema_valid(const fs::path& file) {
    auto r = run_process("/usr/bin/python3 " + shell_quote(std::string{XE_SOURCE_DIR} + "/tools/validate_json.py") +
                         " " + shell_quote(std::string{XE_SOURCE_DIR} + "/docs/snapshot.schema.json") + " " +
                         shell_quote(file.string()));
    EXPECT_EQ(r.exit_code, 0) << file << ":\n" << r.err << r.out;
  }
  // A script error: exit code 3 and a message naming the step.
  void expect_script_error(const std::string& steps, const std::string& needle) const {
    write("bad.json", "{\"steps\": [" + steps + "]}");
    auto r = sandbox("--script bad.json");
    EXPECT_EQ(r.exit_code, sandbox::exit_script) << steps << "\n" << r.err;
    EXPECT_NE(r.err.find(needle), std::string::npos) << "stderr should mention '" << needle << "':\n" << r.err;
  }

  fs::path _dir;
};

TEST_F(scenario, golden_scripts_pass_and_their_snapshots_match_the_schema) {
  for (const char* name : {"worked_example.json", "surfaces_reuse.json", "fences.json", "deferred_release.json"}) {
    auto r = sandbox("--script " + shell_quote(golden(name)) + " --snapshot final.json");
    ASSERT_EQ(r.exit_code, 0) << name << "\n" << r.err;
  }
  for (const char* name : {"worked_example_deferred.json", "worked_example_end.json", "surfaces_reuse.json",
                           "fences.json", "deferred_release_queued.json", "deferred_release_end.json", "final.json"}) {
    ASSERT_TRUE(fs::exists(_dir / name)) << name;
    expect_schema_valid(_dir / name);
  }
  EXPECT_TRUE(fs::exists(_dir / "surfaces_reuse_slot1.png"));
}

TEST_F(scenario, cli_snapshot_after_frames_is_valid) {
  auto r = sandbox("--frames 12 --snapshot state.json");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_schema_valid(_dir / "state.json");
  std::ifstream in{_dir / "state.json"};
  const auto state = nlohmann::json::parse(in);
  EXPECT_EQ(state["frame"]["number"], 12);
  EXPECT_EQ(state["fence"]["cpu_value"], 12);
  EXPECT_EQ(state["heaps"]["rtv"]["size"], 3);
  EXPECT_EQ(state["surfaces"]["slots"][0]["rtv_indices"], (nlohmann::json{0, 1, 2}));
  EXPECT_FALSE(state["events"].empty());
}

TEST_F(scenario, screenshot_is_a_png_of_the_clear_colour_at_the_surface_size) {
  auto r = sandbox("--frames 3 --size 96x64 --screenshot frame.png");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  std::ifstream in{_dir / "frame.png", std::ios::binary};
  std::stringstream bytes;
  bytes << in.rdbuf();
  auto image = sandbox::decode_png(bytes.str());
  ASSERT_TRUE(image) << image.error_value().reason;
  EXPECT_EQ(image->width, 96u);
  EXPECT_EQ(image->height, 64u);
  const gfx::color c = sandbox::app::clear_color;
  const u8 expected[4] = {static_cast<u8>(c.r * 255.f + 0.5f), static_cast<u8>(c.g * 255.f + 0.5f),
                          static_cast<u8>(c.b * 255.f + 0.5f), 255};
  for (size_t p = 0; p < image->pixels.size(); p += 4)
    ASSERT_TRUE(std::equal(expected, expected + 4, image->pixels.begin() + p)) << "pixel " << p / 4;
}

TEST_F(scenario, malformed_scripts_exit_3_naming_the_step) {
  write("notjson.json", "{\"steps\": [ {\"do\": ");
  auto r = sandbox("--script notjson.json");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("not valid JSON"), std::string::npos) << r.err;

  expect_script_error(R"({"do": "flush"}, {"do": "advance_frames", "count": "two"})", "step 2 (advance_frames)");
  expect_script_error(R"({"do": "teleport", "to": "mars"})", "step 1 (teleport): unknown action");
  expect_script_error(R"({"do": "expect", "path": "heaps", "equals": 1})",
                      "step 1 (expect): 'path' is not a JSON Pointer");
  expect_script_error(R"({"do": "expect", "path": "/heaps/nope/size", "equals": 1})",
                      "step 1 (expect): /heaps/nope/size does not exist");
  expect_script_error(R"({"do": "expect", "path": "/heaps/rtv/free_stack/x", "equals": 1})", "does not exist");
  expect_script_error(R"({"do": "expect", "path": "/fence/cpu_value", "equals": 99})",
                      "step 1 (expect): /fence/cpu_value is 0, expected 99");
}

TEST_F(scenario, engine_misuse_exits_3_naming_the_step) {
  const std::string heap = R"({"do": "create_heap", "name": "demo", "type": "cbv_srv_uav", "capacity": 2}, )";
  const std::string heap_only = R"({"do": "create_heap", "name": "demo", "type": "cbv_srv_uav", "capacity": 2})";
  expect_script_error(heap + R"({"do": "allocate", "heap": "demo"}, {"do": "free", "heap": "demo", "index": 0},
                                {"do": "free", "heap": "demo", "index": 0})",
                      "step 4 (free): descriptor heap 'demo': index 0 is already waiting in slot 0's deferred queue");
  expect_script_error(heap + R"({"do": "free", "heap": "demo", "index": 1})",
                      "step 2 (free): descriptor heap 'demo': index 1 is not allocated");
  expect_script_error(heap + R"({"do": "allocate", "heap": "demo", "count": 3})",
                      "step 2 (allocate): descriptor heap 'demo': heap is full");
  expect_script_error(R"({"do": "allocate", "heap": "rtv"})", "step 1 (allocate): heap 'rtv' belongs to the engine");
  expect_script_error(R"({"do": "allocate", "heap": "rtv", "count": 600})",
                      "step 1 (allocate): heap 'rtv' belongs to the engine");
  expect_script_error(heap + R"({"do": "allocate", "heap": "demo"}, {"do": "allocate", "heap": "demo", "count": 2})",
                      "step 3 (allocate): descriptor heap 'demo': heap is full for 2 more (1 of 2 free");
  expect_script_error(R"({"do": "allocate", "heap": "ghost"})", "step 1 (allocate): there is no heap named 'ghost'");
  expect_script_error(heap + heap_only, "step 2 (create_heap): a heap named 'demo' already exists");
  expect_script_error(
      R"({"do": "create_texture", "name": "sparse", "kind": "reserved", "width": 256, "height": 256})",
      "step 1 (create_texture): texture 'sparse': this device reports tiled resources as not supported");
  expect_script_error(R"({"do": "release", "name": "never"})",
                      "step 1 (release): there is no live texture named 'never'");
  expect_script_error(R"({"do": "release_immediately", "name": "never", "as": "h"})",
                      "step 1 (release_immediately): there is no live texture named 'never'");
  expect_script_error(R"({"do": "upload_texture", "name": "never"})",
                      "step 1 (upload_texture): there is no live texture named 'never'");
  expect_script_error(R"({"do": "wrong_barrier", "name": "never", "as": "w"})",
                      "step 1 (wrong_barrier): there is no live texture named 'never'");
  const std::string tiles =
      R"({"do": "create_texture", "name": "tiles", "kind": "committed", "width": 64, "height": 64}, )";
  expect_script_error(R"({"do": "show_quad", "texture": "never"})",
                      "step 1 (show_quad): there is no live texture named 'never'");
  expect_script_error(R"({"do": "measure_quad", "name": "never", "as": "q"})",
                      "step 1 (measure_quad): there is no live texture named 'never'");
  expect_script_error(tiles + R"({"do": "measure_quad", "name": "tiles", "as": "q"})",
                      "step 2 (measure_quad): texture 'tiles' has no pixels in yet");
  expect_script_error(tiles + R"({"do": "upload_texture", "name": "tiles", "through": "upload_ring"},
                                 {"do": "measure_quad", "name": "tiles", "as": "q"})",
                      "(its upload is queued: run a frame)");
  expect_script_error(tiles + R"({"do": "show_quad", "texture": "tiles"}, {"do": "release", "name": "tiles"})",
                      "step 3 (release): texture 'tiles' is on the quad: take it off first");
  expect_script_error(
      tiles + R"({"do": "show_quad", "texture": "tiles"}, {"do": "release_immediately", "name": "tiles", "as": "h"})",
      "step 3 (release_immediately): texture 'tiles' is on the quad: take it off first");
  expect_script_error(R"({"do": "create_texture", "name": "big", "kind": "committed", "width": 2048, "height": 1024},
                         {"do": "upload_texture", "name": "big", "through": "upload_ring"})",
                      "step 2 (upload_texture): texture 'big' needs 8388608 bytes of upload space, more than a frame "
                      "slot's 4194304");
  expect_script_error(R"({"do": "remove_surface", "slot": 5})",
                      "step 1 (remove_surface): there is no surface in slot 5");
  expect_script_error(R"({"do": "resize", "slot": 0, "width": 0, "height": 10})", "step 1 (resize)");
}

// Lesson 12's hazard: the texture goes at once (never queued), what the runtime said is
// recorded, and nothing is counted as a validation error (exit 0, not 4), even with the layer.
TEST_F(scenario, an_immediate_release_is_captured_not_counted) {
  write("hazard.json", R"({"steps": [
    {"do": "create_texture", "name": "hazard", "kind": "committed", "width": 32, "height": 32},
    {"do": "advance_frames", "count": 1},
    {"do": "release_immediately", "name": "hazard", "as": "h"},
    {"do": "expect", "path": "/checks/h/released", "equals": true},
    {"do": "expect", "path": "/checks/h/reported_as_the_layer_predicts", "equals": true},
    {"do": "expect", "path": "/deferred_releases", "equals": [[], [], []]},
    {"do": "expect", "path": "/validation/errors", "equals": 0},
    {"do": "snapshot", "file": "hazard-snapshot.json"},
    {"do": "advance_frames", "count": 3}]})");
  auto r = run_process("cd " + shell_quote(_dir.string()) + " && env -u DISPLAY -u WAYLAND_DISPLAY " +
                       shell_quote(XE_SANDBOX_EXE) + " --headless --script hazard.json");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  // The provoked message is logged as such; any other runtime complaint fails the test.
  std::string others;
  bool provoked = false;
  std::istringstream lines{r.err + r.out};
  for (std::string line; std::getline(lines, line);) {
    if (line.find("(provoked on purpose)") != std::string::npos)
      provoked = true;
    else
      others += line + "\n";
  }
  EXPECT_EQ(runtime_complaint(others), "");
  const char* layers = std::getenv("VK_LOADER_LAYERS_ENABLE");
  if (layers && std::string{layers}.find("validation") != std::string::npos) {
    EXPECT_TRUE(provoked) << r.err;
    // ...and reaches the inspector as the frame's event, its text intact (severity 1: provoked).
    std::ifstream in{_dir / "hazard-snapshot.json"};
    const auto events = nlohmann::json::parse(in).at("events");
    EXPECT_TRUE(std::any_of(events.begin(), events.end(), [](const nlohmann::json& e) {
      return e.value("type", "") == "validation_message" && e.value("severity", 0) == 1 &&
             e.value("detail", "").find("Cannot call vkDestroyImage") != std::string::npos;
    })) << events.dump(1);
  }
}

TEST_F(scenario, state_written_before_a_failing_step_is_kept) {
  write("partial.json", R"({"steps": [{"do": "advance_frames", "count": 2}, {"do": "snapshot", "file": "before.json"},
                                      {"do": "free", "heap": "ghost", "index": 0}]})");
  auto r = sandbox("--script partial.json --snapshot after.json");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_TRUE(fs::exists(_dir / "before.json"));
  expect_schema_valid(_dir / "before.json");
  EXPECT_FALSE(fs::exists(_dir / "after.json")) << "no end-of-run outputs after a script error";
}

TEST_F(scenario, unwritable_outputs_fail_clearly_and_leave_nothing) {
  auto r = sandbox("--frames 2 --snapshot /sys/xe-snapshot.json");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("cannot write '/sys/xe-snapshot.json'"), std::string::npos) << r.err;
  r = sandbox("--frames 2 --snapshot no/such/folder/s.json");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("does not exist"), std::string::npos) << r.err;
  r = sandbox("--frames 2 --screenshot /sys/xe-shot.png");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("cannot write '/sys/xe-shot.png'"), std::string::npos) << r.err;
  write("s.json", R"({"steps": [{"do": "snapshot", "file": "/sys/x.json"}]})");
  r = sandbox("--script s.json");
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("step 1 (snapshot): cannot write '/sys/x.json'"), std::string::npos) << r.err;
  EXPECT_EQ(std::distance(fs::directory_iterator{_dir}, fs::directory_iterator{}), 1) << "only s.json remains";
  EXPECT_FALSE(fs::exists("/sys/xe-snapshot.json"));
}

TEST_F(scenario, missing_script_file_is_a_usage_error) {
  auto r = sandbox("--script nowhere.json");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("cannot read script 'nowhere.json'"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace xe::test
