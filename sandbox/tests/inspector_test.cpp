// The inspector in a headless app: what it draws (sampled from screenshots at the places
// it reports), how it reacts to input injected through ImGui, and what it exports.
#include <gtest/gtest.h>

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <chrono>
#include <fstream>
#include <thread>

#include "app_test_access.h"
#include "inspector/inspector.h"
#include "inspector/plot.h"
#include "script/runner.h"
#include "snapshot/frame_state.h"

namespace xe::sandbox {
namespace {

namespace fs = std::filesystem;

class inspector_test : public ::testing::Test {
protected:
  void SetUp() override {
    // The inspector's default paths are under the working directory: a fresh one per test.
    _cwd = fs::current_path();
    _dir = fs::temp_directory_path() /
           ("xe-inspector-test-" + std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::remove_all(_dir);
    fs::create_directories(_dir);
    fs::current_path(_dir);
    options o;
    o.headless = true;
    o.overlay = true;
    o.width = 1280;
    o.height = 720;
    o.language = "en";  // the messages these tests read are the English ones
    // Its own settings file: a shared one that another run left on a lesson would open that
    // lesson here and move the Controls (seen in CI: four clicks that never landed).
    o.settings = (_dir / "settings.json").string();
    _app = std::make_unique<app>(o);
    auto r = app_test_access::start(*_app);
    ASSERT_TRUE(r) << r.error_value().reason;
    _inspector = app_test_access::inspector(*_app);
    ASSERT_NE(_inspector, nullptr);
  }
  void TearDown() override {
    EXPECT_EQ(gfx::get_validation_error_count(), 0u);
    app_test_access::stop(*_app);
    fs::current_path(_cwd);
    fs::remove_all(_dir);
  }
  void step(const char* json) {
    auto parsed = actions::parse_step(nlohmann::json::parse(json), ++_serial);
    ASSERT_TRUE(parsed) << parsed.error_value().reason;
    action_runner runner{*_app};
    auto r = runner.run(*parsed);
    ASSERT_TRUE(r) << r.error_value().reason;
  }
  // Passes of the app's loop: requests, the UI, a frame (headless: never held).
  void frames(u32 n) {
    for (u32 i = 0; i < n; ++i) ASSERT_TRUE(app_test_access::tick(*_app));
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
  fs::path _cwd;
  fs::path _dir;
  u32 _serial{0};
};

TEST_F(inspector_test, heap_panel_colours_the_wiki_example_cells) {
  step(R"({"do": "create_heap", "name": "demo", "type": "cbv_srv_uav", "capacity": 5})");
  frames(1);
  step(R"({"do": "allocate", "heap": "demo", "count": 2, "as": "pair"})");
  step(R"({"do": "free", "heap": "demo", "index": 0})");
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

// Hidden (F1), the frame is the scene and, in the bottom-left corner, one line that says how
// to bring the inspector back.
TEST_F(inspector_test, hiding_the_overlay_leaves_the_scene_and_a_hint) {
  frames(2);
  gfx::image_rgba8 with = screenshot();
  app_test_access::overlay(*_app).set_visible(false);  // what F1 does
  gfx::image_rgba8 without = screenshot();
  const gfx::color c = app::clear_color;
  const u8 expected[4] = {static_cast<u8>(c.r * 255.f + 0.5f), static_cast<u8>(c.g * 255.f + 0.5f),
                          static_cast<u8>(c.b * 255.f + 0.5f), 255};
  constexpr u32 hint_w = 240, hint_h = 44;  // the corner the hint may use
  size_t differing = 0, hint_ink = 0;
  for (u32 y = 0; y < without.height; ++y)
    for (u32 x = 0; x < without.width; ++x) {
      const u8* p = without.pixels.data() + (static_cast<size_t>(y) * without.width + x) * 4;
      const bool in_hint = x < hint_w && y >= without.height - hint_h;
      if (in_hint)
        hint_ink += p[0] > 200 && p[1] > 200 && p[2] > 200;  // the hint's light text
      else if (!std::equal(expected, expected + 4, p))
        ++differing;
    }
  EXPECT_EQ(differing, 0u) << "outside the hint, every pixel is the clear colour without the overlay";
  EXPECT_GT(hint_ink, 100u) << "the hint's text is drawn in the corner";
  EXPECT_NE(with.pixels, without.pixels) << "the overlay drew something before";
  app_test_access::overlay(*_app).set_visible(true);
  EXPECT_NE(screenshot().pixels, without.pixels) << "F1 again: the panels are back";
}

// --no-hint, the hooks-and-history benchmark: hidden, nothing is drawn over the scene, not
// even the hint, while the history keeps recording every frame; F1 brings the panels back.
TEST_F(inspector_test, without_the_hint_a_hidden_overlay_draws_nothing_and_still_records) {
  frames(2);
  app_test_access::overlay(*_app).set_hint(false);
  app_test_access::overlay(*_app).set_visible(false);
  frames(2);
  const u64 before = _inspector->history().latest().frame.frame_number;
  const gfx::image_rgba8 hidden = screenshot();
  const gfx::color c = app::clear_color;
  const u8 expected[4] = {static_cast<u8>(c.r * 255.f + 0.5f), static_cast<u8>(c.g * 255.f + 0.5f),
                          static_cast<u8>(c.b * 255.f + 0.5f), 255};
  size_t differing = 0;
  for (size_t i = 0; i + 4 <= hidden.pixels.size(); i += 4)
    differing += !std::equal(expected, expected + 4, &hidden.pixels[i]);
  ASSERT_GT(hidden.pixels.size(), 0u);
  EXPECT_EQ(differing, 0u) << "every pixel is the clear colour: no panels, no hint";
  EXPECT_EQ(_inspector->history().latest().frame.frame_number, before + 1) << "the screenshot's frame was recorded";
  app_test_access::overlay(*_app).set_visible(true);
  EXPECT_NE(screenshot().pixels, hidden.pixels) << "F1 again: the panels are back";
}

// Export with the button: the notice (a toast, and a line in the Log tab) says what was
// written, where (absolute) and how big; a failure says why, and nothing is lost.
TEST_F(inspector_test, export_says_what_it_wrote_or_why_not) {
  frames(1);
  std::ofstream{_dir / "out"} << "a file where the export folder goes";
  click("Export");
  click("Export snapshot");
  EXPECT_EQ(_inspector->notice().rfind("Export failed: ", 0), 0u) << "notice: " << _inspector->notice();
  EXPECT_NE(_inspector->notice().find("cannot create folder '" + (_dir / "out").string() + "'"), std::string::npos)
      << "notice: " << _inspector->notice();
  fs::remove(_dir / "out");
  click("Export snapshot");  // out/ does not exist: the export makes it
  const fs::path written = _dir / "out" / "inspector-snapshot.json";
  ASSERT_TRUE(fs::exists(written));
  const std::string expected =
      "Wrote " + written.string() + " (" + std::to_string((fs::file_size(written) + 500) / 1000) + " KB)";
  EXPECT_EQ(_inspector->notice(), expected);
  const auto log = _inspector->log_lines();
  EXPECT_TRUE(std::any_of(log.begin(), log.end(), [&](const std::string& l) {
    return l.find("inspector: " + expected) != std::string::npos;
  })) << "the Log tab lists it too";
  click("Screenshot");
  const fs::path png = _dir / "out" / "inspector-frame.png";
  ASSERT_TRUE(fs::exists(png)) << "notice: " << _inspector->notice();
  EXPECT_EQ(_inspector->notice().rfind("Wrote " + png.string() + " (", 0), 0u) << _inspector->notice();
}

// Diff against opens the Diff tab; Back to live clears "showing FILE"; the diff says which
// side is older.
TEST_F(inspector_test, load_and_diff_say_what_they_show) {
  fs::create_directories(_dir / "out");
  frames(1);
  click("Export");
  click("Export snapshot");
  ASSERT_TRUE(write_frame_state(_dir / "out" / "snapshot.json", _app->snapshot()));
  frames(3);
  click("Export");  // closed again: at 1280x720 the panel has room for one open section more
  click("Load and compare");
  click("Diff against");
  EXPECT_EQ(_inspector->shown_panel(), "Diff");
  EXPECT_EQ(_inspector->message(), "comparing against " + (_dir / "out" / "inspector-snapshot.json").string());
  click("Load snapshot");
  EXPECT_EQ(_inspector->message(), "showing " + (_dir / "out" / "snapshot.json").string() + " (read-only)");
  click("Back to live");
  EXPECT_EQ(_inspector->message(), "comparing against " + (_dir / "out" / "inspector-snapshot.json").string())
      << "the comparison still holds; the loaded view does not";
  EXPECT_EQ(ui::describe_order(10, 14),
            "The snapshot is older, by 4 frames: the changes below happened since it was written.");
  EXPECT_EQ(ui::describe_order(15, 14).rfind("The snapshot is newer, by 1 frame ", 0), 0u);
  EXPECT_EQ(ui::describe_order(14, 14).rfind("Both are frame 14", 0), 0u);
}

// Text in a slot's colour and hints meet WCAG AA (4.5:1) on the panel, which is ImGui's
// window background blended over the scene's clear colour.
TEST_F(inspector_test, slot_colours_and_hints_are_readable_on_the_panel) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const gfx::color c = app::clear_color;
  const ImVec4 panel = ui::blend(style.Colors[ImGuiCol_WindowBg], ImVec4{c.r, c.g, c.b, 1.f});
  for (u32 s = 0; s < gfx::frame_slot_count; ++s) {
    const f32 ratio = ui::contrast_ratio(ImGui::ColorConvertU32ToFloat4(ui::colour_deferred_text[s]), panel);
    EXPECT_GE(ratio, 4.5f) << "slot " << s << " text";
    std::printf("slot %u text: %.2f:1 (fill colour %.2f:1)\n", s, static_cast<f64>(ratio),
                static_cast<f64>(ui::contrast_ratio(ImGui::ColorConvertU32ToFloat4(ui::colour_deferred[s]), panel)));
  }
  const f32 hint = ui::contrast_ratio(style.Colors[ImGuiCol_TextDisabled], panel);
  EXPECT_GE(hint, 4.5f) << "grey hints";
  std::printf("hints: %.2f:1\n", static_cast<f64>(hint));
  // The measure can fail: the slot-1 purple the panels used for text before is below AA.
  EXPECT_LT(ui::contrast_ratio(ImGui::ColorConvertU32ToFloat4(ui::colour_deferred[1]), panel), 4.5f);
  EXPECT_NEAR(ui::contrast_ratio(ImVec4{0, 0, 0, 1}, ImVec4{1, 1, 1, 1}), 21.f, 1e-3f);
}

// The history's markers name what happened at which frame; << and >> jump between them and
// every panel then draws that frame. A returned index stays highlighted for about a second
// of wall-clock time, and drawing it runs no engine frame.
TEST_F(inspector_test, history_markers_jump_between_events) {
  frames(1);
  click("Allocate");  // the learner heap, index 0 (a request: recorded after it runs)
  frames(2);
  click("Free last");  // index 0 waits in this frame's slot
  frames(4);           // the slot comes round: index 0 returns
  const auto markers = _inspector->markers();
  const auto find = [&](std::string_view what) -> const ui::timeline::marker* {
    for (const auto& m : markers)
      if (m.what.find(what) != std::string::npos) return &m;
    return nullptr;
  };
  const auto* allocated = find("allocated learner[0]");
  const auto* freed = find("freed learner[0]");
  const auto* returned = find("returned learner[0]");
  ASSERT_TRUE(allocated && freed && returned);
  const auto frame_of = [&](const ui::timeline::marker* m) {
    return _inspector->history().at(m->at).frame.frame_number;
  };
  EXPECT_LT(frame_of(allocated), frame_of(returned));
  EXPECT_LE(frame_of(freed), frame_of(returned));
  EXPECT_TRUE(_inspector->animating()) << "the returned index is highlighted";

  _inspector->select_panel("Fences");
  click("<<");  // from the newest frame back to the return
  ASSERT_NE(_inspector->shown_record(), nullptr);
  EXPECT_EQ(_inspector->shown_record()->frame.frame_number, frame_of(returned));
  EXPECT_EQ(_inspector->shown_record(), &_inspector->history().at(returned->at)) << "every panel draws that record";
  click("<<");
  EXPECT_EQ(_inspector->shown_record()->frame.frame_number, frame_of(freed));
  click(">>");
  EXPECT_EQ(_inspector->shown_record()->frame.frame_number, frame_of(returned));

  // The highlight fades on the wall clock; the engine does not move for it.
  _inspector->show_live();
  const u64 cpu_fence = gfx::get_frame_stats().cpu_fence_value;
  std::this_thread::sleep_for(ui::highlights::fade + std::chrono::milliseconds{100});
  EXPECT_EQ(gfx::get_frame_stats().cpu_fence_value, cpu_fence);
  frames(1);
  EXPECT_FALSE(_inspector->animating()) << "faded after " << ui::highlights::fade.count() << " ms";
}

// A panel asked for is in front one pass later (ImGui selects a tab the pass after): until
// then the inspector says a switch is on its way, so a caller that must show it builds again.
TEST_F(inspector_test, a_panel_asked_for_is_pending_until_it_is_in_front) {
  frames(2);
  for (const char* panel : {"Fences", "Surfaces", "Fences"}) {
    _inspector->select_panel(panel);
    frames(1);
    EXPECT_NE(_inspector->shown_panel(), panel);
    EXPECT_TRUE(_inspector->panel_switch_pending()) << panel;
    frames(1);
    EXPECT_EQ(_inspector->shown_panel(), panel);
    EXPECT_FALSE(_inspector->panel_switch_pending()) << panel;
  }
  _inspector->select_panel("Fences");  // already in front: nothing on its way
  frames(1);
  EXPECT_FALSE(_inspector->panel_switch_pending());
}

// Events raised between frames outside the inspector's requests (a window rebuilt before
// them, a script step) are in the history: the record of the frame that follows has them.
TEST_F(inspector_test, events_between_frames_reach_the_history) {
  frames(2);
  step(R"({"do": "resize", "slot": 0, "width": 640, "height": 360})");  // between frames, not a request
  step(R"({"do": "create_heap", "name": "between", "type": "cbv_srv_uav", "capacity": 4})");
  step(R"({"do": "allocate", "heap": "between"})");
  const u64 before = _inspector->history().latest().frame.frame_number;
  frames(1);
  const history_ring& history = _inspector->history();
  ASSERT_GT(history.latest().frame.frame_number, before);
  const auto has = [&](gfx::event_type type) {
    return std::any_of(history.latest().events.begin(), history.latest().events.end(),
                       [&](const recorded_event& e) { return e.type == type; });
  };
  EXPECT_TRUE(has(gfx::event_type::surface_resized)) << "the resize between frames";
  EXPECT_TRUE(has(gfx::event_type::descriptor_allocated)) << "the allocation between frames";
  const auto markers = _inspector->markers();
  EXPECT_TRUE(std::any_of(markers.begin(), markers.end(), [&](const ui::timeline::marker& m) {
    return m.at == history.size() - 1 && m.what.find("surface resized 0") != std::string::npos;
  })) << "a marker on that frame";
  frames(1);
  EXPECT_FALSE(std::any_of(history.latest().events.begin(), history.latest().events.end(), [](const recorded_event& e) {
    return e.type == gfx::event_type::surface_resized;
  })) << "recorded once, not carried on";
}

TEST(plot_ticks, round_values_cover_the_range) {
  EXPECT_EQ(ui::nice_ticks(0, 3, 4), (std::vector<f64>{0, 1, 2, 3}));
  EXPECT_EQ(ui::nice_ticks(0, 100, 4), (std::vector<f64>{0, 50, 100}));
  EXPECT_EQ(ui::nice_ticks(0, 100, 5), (std::vector<f64>{0, 20, 40, 60, 80, 100}));
  EXPECT_EQ(ui::nice_ticks(1000, 1003, 4), (std::vector<f64>{1000, 1001, 1002, 1003}));
  EXPECT_EQ(ui::nice_ticks(0, 0.012, 4), (std::vector<f64>{0, 0.005, 0.01}));
  EXPECT_TRUE(ui::nice_ticks(5, 5, 4).empty());
  EXPECT_EQ(ui::tick_label(0.005, 0.005), "0.005");
  EXPECT_EQ(ui::tick_label(40, 20), "40");
  EXPECT_EQ(ui::tick_label(25000, 5000), "25k");
}

// The Fences, Heaps and Deferred plots are drawn with axes: a grey axis line down the plot's
// left edge and along its bottom, tick labels (light text) left of it.
TEST_F(inspector_test, plots_have_axes_and_labels) {
  step(R"({"do": "create_heap", "name": "demo", "type": "cbv_srv_uav", "capacity": 8})");
  step(R"({"do": "set_gpu_load", "passes": 4})");
  frames(20);
  for (const auto& [panel, plot] : {std::pair{"Fences", "plot:fence values"},
                                    {"Fences", "plot:fence distance"},
                                    {"Fences", "plot:cpu time"},
                                    {"Heaps", "plot:heap occupancy"},
                                    {"Deferred", "plot:deferred queues"}}) {
    SCOPED_TRACE(plot);
    _inspector->select_panel(panel);
    frames(2);
    // Below the Fences tab's timeline a plot may start under the panel's bottom: scrolled
    // into view as a person scrolls to it. A screenshot flushes the queue, and the Fences tab
    // says so above its timeline in whichever frames show that flush: so the plot is judged
    // where the captured frame itself drew it.
    ImGuiWindow* window = ImGui::FindWindowByName("###Inspector");
    ASSERT_NE(window, nullptr);
    ImGui::SetScrollY(window, 0.f);
    frames(2);
    gfx::image_rgba8 image;
    std::optional<ImVec4> rect;
    for (u32 tries = 0;; ++tries) {
      image = screenshot();
      rect = _inspector->button_rect(plot);
      ASSERT_TRUE(rect) << "no plot drawn";
      const f32 below = rect->w + 4.f - window->InnerClipRect.Max.y, above = window->InnerClipRect.Min.y - rect->y;
      if (below <= 0.f && above <= 0.f) break;
      ASSERT_LT(tries, 6u) << "the plot never came whole into view";
      ImGui::SetScrollY(window, window->Scroll.y + (below > 0.f ? below : -above));
      frames(1);
    }
    const auto px = [&](u32 x, u32 y) { return image.pixels.data() + (static_cast<size_t>(y) * image.width + x) * 4; };
    const auto is_axis = [](const u8* p) { return p[0] == 170 && p[1] == 170 && p[2] == 170; };
    u32 axis_left = 0, axis_bottom = 0, label_ink = 0;
    const u32 left = static_cast<u32>(rect->x), right = static_cast<u32>(rect->z), top = static_cast<u32>(rect->y),
              bottom = static_cast<u32>(rect->w);
    ASSERT_LT(bottom, image.height) << "the plot is inside the frame";
    for (u32 y = top; y < bottom; ++y)
      axis_left += is_axis(px(left, y)) || is_axis(px(left - 1, y)) || is_axis(px(left + 1, y));
    for (u32 x = left; x < right; ++x)
      axis_bottom += is_axis(px(x, bottom)) || is_axis(px(x, bottom - 1)) || is_axis(px(x, bottom + 1));
    for (u32 y = top; y < bottom; ++y)
      for (u32 x = left > 60 ? left - 60 : 0; x + 6 < left; ++x) label_ink += px(x, y)[0] > 150 && px(x, y)[1] > 150;
    EXPECT_GT(axis_left, (bottom - top) * 8 / 10) << "the y axis";
    EXPECT_GT(axis_bottom, (right - left) * 8 / 10) << "the x axis";
    EXPECT_GT(label_ink, 20u) << "tick labels left of the y axis";
  }
}

// At 1280x720 (an inspector about 580 pixels wide) no Resources column is cut: each is at
// least as wide as its widest cell; the table scrolls sideways instead.
TEST_F(inspector_test, resource_columns_are_never_cut) {
  step(R"({"do": "create_texture", "name": "a texture with a name longer than the panel is wide, on purpose",
          "kind": "placed", "width": 16, "height": 16})");
  _inspector->select_panel("Resources");
  frames(8);  // a table fits its columns to their cells over its first passes
  const frame_record& r = _inspector->history().latest();
  const f32 padding = 2.f * ImGui::GetStyle().CellPadding.x;
  const auto widest = [&](auto&& text) {
    f32 w = 0.f;
    for (const gfx::resource_info& res : r.objects->resources)
      w = std::max(w, ImGui::CalcTextSize(text(res).c_str()).x);
    return w;
  };
  const auto column = [&](const char* name) {
    const auto rect = _inspector->button_rect(std::string{"resources column:"} + name);
    EXPECT_TRUE(rect) << name;
    return rect ? rect->z - rect->x : 0.f;
  };
  EXPECT_GE(column("name") + 0.5f, widest([](const gfx::resource_info& res) { return res.name; }) + padding);
  EXPECT_GE(column("kind") + 0.5f, widest([](const gfx::resource_info& res) {
                                     return std::string{gfx::to_string(res.kind)} + " " + res.type;
                                   }) + padding);
  EXPECT_GE(column("format") + 0.5f, widest([](const gfx::resource_info& res) { return res.format; }) + padding);
  EXPECT_GE(column("state") + 0.5f, widest([](const gfx::resource_info& res) { return res.state; }) + padding);
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
  step(R"({"do": "create_heap", "name": "demo", "type": "rtv", "capacity": 8})");
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
  ASSERT_TRUE(app_test_access::run_requests(*_app));
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
  // The failure stays until the next action, which it no longer describes.
  _inspector->note_lesson_step("lesson step 1");
  EXPECT_EQ(_inspector->message(), "");

  // A good one shows read-only (its frame, while the engine moves on), and the live view
  // comes back.
  const nlohmann::json good = _app->snapshot();
  const u64 good_frame = good["frame"]["number"].get<u64>();
  ASSERT_TRUE(write_frame_state(_dir / "good.json", good));
  ASSERT_TRUE(_inspector->load_snapshot_file((_dir / "good.json").string()));
  EXPECT_EQ(_inspector->message(), "showing " + (_dir / "good.json").string() + " (read-only)");
  frames(2);
  ASSERT_NE(_inspector->shown_record(), nullptr);
  EXPECT_EQ(_inspector->shown_record()->frame.frame_number, good_frame) << "the loaded frame, not the live one";
  EXPECT_GT(_inspector->history().latest().frame.frame_number, good_frame) << "the engine ran on meanwhile";
  _inspector->show_live();
  frames(1);
  EXPECT_EQ(_inspector->message(), "");
  EXPECT_EQ(_inspector->shown_record(), &_inspector->history().latest()) << "live again: the newest record";
}

}  // namespace
}  // namespace xe::sandbox
