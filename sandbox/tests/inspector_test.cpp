// The inspector in a headless app: what it draws (sampled from screenshots at the places
// it reports), how it reacts to input injected through ImGui, and what it exports.
#include <gtest/gtest.h>

#include <imgui.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "app/app.h"
#include "inspector/inspector.h"
#include "script/runner.h"
#include "snapshot/frame_state.h"
#include "snapshot/png.h"

namespace xe::sandbox {
namespace {

namespace fs = std::filesystem;

class inspector_test : public ::testing::Test {
protected:
  void SetUp() override {
    options o;
    o.headless = true;
    o.overlay = true;
    o.width = 1280;
    o.height = 720;
    _app = std::make_unique<app>(o);
    auto r = _app->start_for_tests();
    ASSERT_TRUE(r) << r.error_value().reason;
    _inspector = _app->get_overlay().get_inspector();
    ASSERT_NE(_inspector, nullptr);
    _dir = fs::temp_directory_path() / "xe-inspector-test";
    fs::create_directories(_dir);
  }
  void TearDown() override {
    EXPECT_EQ(gfx::get_validation_error_count(), 0u);
    _app->stop_for_tests();
  }
  void step(actions::action what, const char* name) {
    action_runner runner{*_app};
    auto r = runner.run({++_serial, name, std::move(what)});
    ASSERT_TRUE(r) << r.error_value().reason;
  }
  // Passes of the app's loop: requests, the UI, a frame (headless: never held).
  void frames(u32 n) {
    for (u32 i = 0; i < n; ++i) ASSERT_TRUE(_app->tick_for_tests());
  }
  gfx::image_rgba8 screenshot() {
    auto image = _app->screenshot(std::nullopt);
    EXPECT_TRUE(image) << image.error_value().reason;
    return image ? *image : gfx::image_rgba8{};
  }
  // The colour inside a heap cell drawn in the last frame (away from its label and border).
  static ImU32 cell_colour(const gfx::image_rgba8& image, const ImVec4& cell) {
    const u32 x = static_cast<u32>(cell.z) - 5, y = static_cast<u32>(cell.w) - 5;
    const u8* p = image.pixels.data() + (static_cast<size_t>(y) * image.width + x) * 4;
    return IM_COL32(p[0], p[1], p[2], 255);
  }
  void click(std::string_view label) {
    press_and_release(label);
    frames(1);  // the app runs what it asked for, between frames
  }
  // A click whose request is left queued for the next pass.
  void press_and_release(std::string_view label) {
    ImGuiIO& io = ImGui::GetIO();
    // Aim where the button is drawn, until it stays there (panels settle as they size to
    // their content in the first passes).
    for (int aim = 0; aim < 5; ++aim) {
      auto rect = _inspector->button_rect(label);
      ASSERT_TRUE(rect) << "no button " << label;
      const ImVec2 centre{(rect->x + rect->z) / 2, (rect->y + rect->w) / 2};
      if (aim > 0 && centre.x == io.MousePos.x && centre.y == io.MousePos.y) break;
      io.MousePos = centre;
      frames(1);  // the cursor arrives over the button
    }
    io.MouseDown[0] = true;
    frames(1);
    io.MouseDown[0] = false;
    frames(1);  // released over it: the button reports the click
  }

  std::unique_ptr<app> _app;
  inspector* _inspector{nullptr};
  fs::path _dir;
  u32 _serial{0};
};

TEST_F(inspector_test, heap_panel_colours_the_wiki_example_cells) {
  step(actions::create_heap{"demo", gfx::heap_type::cbv_srv_uav, 5, false}, "create_heap");
  frames(1);
  step(actions::allocate{"demo", 2, "pair"}, "allocate");
  step(actions::free_descriptor{"demo", 0u, {}}, "free");
  _inspector->select_panel("Heaps");
  _inspector->select_heap("demo");
  frames(1);
  gfx::image_rgba8 image = screenshot();
  ASSERT_EQ(image.width, 1280u);
  auto cell = [&](u32 i) {
    auto rect = _inspector->cell_rect("demo", i);
    EXPECT_TRUE(rect) << "cell " << i;
    return rect ? cell_colour(image, *rect) : 0;
  };
  EXPECT_EQ(cell(0), inspector::colour_deferred[0]) << "index 0 waits in slot 0";
  EXPECT_EQ(cell(1), inspector::colour_allocated);
  for (u32 i = 2; i < 5; ++i) EXPECT_EQ(cell(i), inspector::colour_free) << "cell " << i;

  frames(2);  // slot 0 comes round: index 0 returns to the free stack
  image = screenshot();
  EXPECT_EQ(cell(0), inspector::colour_free);
  EXPECT_EQ(cell(1), inspector::colour_allocated);
}

TEST_F(inspector_test, clicking_allocate_grows_the_learner_heap) {
  frames(1);
  click("Allocate");
  const nlohmann::json state = _app->snapshot();
  ASSERT_TRUE(state["heaps"].contains("learner")) << "the first click creates the learner heap";
  EXPECT_EQ(state["heaps"]["learner"]["size"], 1);
  EXPECT_EQ(state["heaps"]["learner"]["owners"]["0"], "ui1");
  click("Allocate");
  EXPECT_EQ(_app->snapshot()["heaps"]["learner"]["size"], 2);
  click("Free last");
  const nlohmann::json after = _app->snapshot()["heaps"]["learner"];
  EXPECT_EQ(after["deferred"][0].size() + after["deferred"][1].size() + after["deferred"][2].size(), 1u)
      << "the freed index waits in a deferred queue";
  EXPECT_EQ(after["size"], 2) << "still counted until its slot's fence completes";
}

TEST_F(inspector_test, hiding_the_overlay_leaves_exactly_the_scene) {
  frames(2);
  gfx::image_rgba8 with = screenshot();
  _app->get_overlay().set_visible(false);  // what F1 does
  gfx::image_rgba8 without = screenshot();
  const gfx::color c = app::clear_color;
  const u8 expected[4] = {static_cast<u8>(c.r * 255.f + 0.5f), static_cast<u8>(c.g * 255.f + 0.5f),
                          static_cast<u8>(c.b * 255.f + 0.5f), 255};
  size_t differing = 0;
  for (size_t p = 0; p < without.pixels.size(); p += 4)
    if (!std::equal(expected, expected + 4, without.pixels.begin() + p)) ++differing;
  EXPECT_EQ(differing, 0u) << "every pixel is the clear colour without the overlay";
  EXPECT_NE(with.pixels, without.pixels) << "the overlay drew something before";
}

// However a setting was made (here: directly, as --triangle and --gpu-load do at start-up),
// the controls show it: the triangle checkbox is drawn ticked.
TEST_F(inspector_test, controls_show_the_settings_however_they_were_made) {
  const auto check_marks = [&] {
    frames(2);
    const gfx::image_rgba8 image = screenshot();
    auto box = _inspector->button_rect("triangle");
    EXPECT_TRUE(box) << "no triangle checkbox";
    if (!box) return 0u;
    const ImVec4 mark = ImGui::GetStyleColorVec4(ImGuiCol_CheckMark);
    u32 count = 0;
    for (u32 y = static_cast<u32>(box->y); y < static_cast<u32>(box->w); ++y)
      for (u32 x = static_cast<u32>(box->x); x < static_cast<u32>(box->x) + 20; ++x) {
        const u8* p = image.pixels.data() + (static_cast<size_t>(y) * image.width + x) * 4;
        if (std::abs(p[0] - mark.x * 255) < 8 && std::abs(p[1] - mark.y * 255) < 8 && std::abs(p[2] - mark.z * 255) < 8)
          ++count;
      }
    return count;
  };
  EXPECT_EQ(check_marks(), 0u) << "unticked at first";
  _app->set_triangle(true);
  EXPECT_GT(check_marks(), 10u) << "the checkbox shows the triangle that is drawn";
}

// Clicking Export writes, at the default path the field shows, the document the command
// line's --snapshot writes for the same engine state.
TEST_F(inspector_test, clicking_export_writes_what_the_cli_export_writes) {
  step(actions::create_heap{"demo", gfx::heap_type::rtv, 8, false}, "create_heap");
  frames(2);
  struct cwd_guard {
    fs::path was = fs::current_path();
    ~cwd_guard() { fs::current_path(was); }
  } restore;
  fs::current_path(_dir);  // the field's default path is relative: out/inspector-snapshot.json
  const fs::path gui = _dir / "out" / "inspector-snapshot.json";
  fs::remove(gui);
  fs::create_directories(gui.parent_path());
  if (!_inspector->button_rect("Export snapshot")) click("Export");  // opens the section
  press_and_release("Export snapshot");
  EXPECT_FALSE(fs::exists(gui)) << "the export runs between frames, not inside the UI";
  ASSERT_TRUE(gfx::flush());  // the GPU is idle: its completed fence value holds still
  ASSERT_TRUE(_app->run_requests_for_tests());
  ASSERT_TRUE(fs::exists(gui)) << "clicking Export wrote nothing";
  const fs::path cli = _dir / "cli.json";
  ASSERT_TRUE(write_frame_state(cli, _app->snapshot()));
  std::ifstream a{gui}, b{cli};
  const nlohmann::json ja = nlohmann::json::parse(a), jb = nlohmann::json::parse(b);
  EXPECT_TRUE(ja == jb) << nlohmann::json::diff(ja, jb).dump();
}

TEST_F(inspector_test, bad_snapshots_give_a_message_not_a_crash) {
  frames(1);
  const fs::path bad = _dir / "bad.json";
  const std::pair<const char*, const char*> files[] = {
      {"{ not json", "not valid JSON"},
      {R"({"schema": "xengine.frame_state", "version": 7})", "version 7 cannot be read"},
      {R"({"schema": "other", "version": 1})", "/schema"},
  };
  for (const auto& [text, needle] : files) {
    std::ofstream{bad} << text;
    EXPECT_FALSE(_inspector->load_snapshot_file(bad.string()));
    EXPECT_NE(_inspector->message().find(needle), std::string::npos) << _inspector->message();
    frames(1);  // and the inspector still draws
  }
  EXPECT_FALSE(_inspector->load_snapshot_file((_dir / "missing.json").string()));
  EXPECT_NE(_inspector->message().find("cannot read"), std::string::npos);

  // A good one shows read-only, and the live view comes back.
  ASSERT_TRUE(write_frame_state(_dir / "good.json", _app->snapshot()));
  ASSERT_TRUE(_inspector->load_snapshot_file((_dir / "good.json").string()));
  frames(1);
  _inspector->show_live();
  frames(1);
}

} // namespace
} // namespace xe::sandbox

namespace xe::sandbox {
namespace {

// Writes a screenshot of every panel after a busy scenario to $XE_PANEL_DIR (or the temp
// folder): for looking at the inspector, not an assertion. Run with
// --gtest_also_run_disabled_tests --gtest_filter='*panel_gallery*'.
TEST_F(inspector_test, DISABLED_panel_gallery) {
  step(actions::create_surface{320, 200}, "create_surface");
  step(actions::create_surface{320, 200}, "create_surface");
  step(actions::remove_surface{1}, "remove_surface");
  step(actions::create_heap{"demo", gfx::heap_type::cbv_srv_uav, 40, false}, "create_heap");
  step(actions::allocate{"demo", 12, "a"}, "allocate");
  step(actions::show_triangle{true}, "show_triangle");
  frames(2);
  step(actions::free_descriptor{"demo", 3u, {}}, "free");
  step(actions::create_texture{"brick", gfx::resource_kind::placed, 64, 64}, "create_texture");
  frames(1);
  step(actions::free_descriptor{"demo", 7u, {}}, "free");
  step(actions::release{"brick"}, "release");
  step(actions::set_gpu_load{20}, "set_gpu_load");
  frames(30);
  const char* dir = std::getenv("XE_PANEL_DIR");
  for (const char* panel : {"Heaps", "Deferred", "Fences", "Surfaces", "Resources", "Log", "Adapter"}) {
    _inspector->select_panel(panel);
    frames(1);
    auto image = screenshot();
    ASSERT_TRUE(write_png(fs::path{dir ? dir : fs::temp_directory_path().string()} / (std::string{panel} + ".png"), image));
  }
}

} // namespace
} // namespace xe::sandbox
