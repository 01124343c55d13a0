// frame_record on a running engine: JSON round trip, the loader's refusals, diffs and the
// history ring.
#include <gtest/gtest.h>

#include "graphics/renderer.h"
#include "snapshot/diff.h"
#include "snapshot/frame_record.h"
#include "snapshot/history.h"

namespace xe::sandbox {
namespace {

class snapshot_test : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_TRUE(gfx::initialize());
    auto s = gfx::create_surface({.width = 32, .height = 32});
    ASSERT_TRUE(s);
    _surface = *s;
  }
  void TearDown() override {
    EXPECT_EQ(gfx::get_validation_error_count(), 0u);
    const auto report = gfx::shutdown();
    EXPECT_EQ(report.device_references_left, 0u);
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) {
      ASSERT_TRUE(gfx::begin_frame());
      ASSERT_TRUE(gfx::render_surface(_surface, gfx::color{}));
      ASSERT_TRUE(gfx::end_frame());
    }
  }
  gfx::surface_id _surface;
};

TEST_F(snapshot_test, json_round_trip_keeps_everything_the_panels_show) {
  auto heap = gfx::create_heap({.name = "demo", .type = gfx::heap_type::cbv_srv_uav, .capacity = 6});
  ASSERT_TRUE(heap);
  ASSERT_TRUE(gfx::allocate_descriptor(*heap, "first"));
  ASSERT_TRUE(gfx::allocate_descriptor(*heap, "second"));
  frames(1);
  ASSERT_TRUE(gfx::free_descriptor(*heap, 0));
  ASSERT_TRUE(gfx::create_texture({.name = "brick", .kind = gfx::resource_kind::placed, .width = 16, .height = 16}));
  ASSERT_TRUE(gfx::release_texture("brick"));
  // The richer parts: a heap running the wiki's code with a fault, a surface list that grew,
  // fence waits.
  auto wiki = gfx::create_heap({.name = "wiki", .type = gfx::heap_type::cbv_srv_uav, .capacity = 1,
                                .model = gfx::heap_model::wiki});
  ASSERT_TRUE(wiki);
  ASSERT_TRUE(gfx::allocate_descriptor(*wiki));
  ASSERT_FALSE(gfx::allocate_descriptor(*wiki)) << "no capacity check: stopped as a fault";
  auto second = gfx::create_surface({.width = 16, .height = 16});
  ASSERT_TRUE(second);
  frames(3);
  ASSERT_TRUE(gfx::free_descriptor(*heap, 1));
  const frame_record record = capture_frame_record(nullptr, nullptr);
  const nlohmann::json original = to_json(record, gfx::get_adapter_info());
  EXPECT_EQ(original["heaps"]["demo"]["owners"]["1"], "second");
  EXPECT_EQ(original["heaps"]["wiki"]["model"], "wiki");
  EXPECT_EQ(original["heaps"]["wiki"]["faults"], 1);
  EXPECT_NE(original["heaps"]["wiki"]["last_fault"].get<std::string>().find("past the end"), std::string::npos);
  EXPECT_EQ(original["surfaces"]["relocations"], 1);
  EXPECT_EQ(original["surfaces"]["size"], 2);
  EXPECT_TRUE(original["surfaces"]["slots"][0]["address"].get<std::string>().starts_with("0x"));
  EXPECT_LE(original["fence"]["max_pending_at_begin"].get<u64>(), 2u);
  // Index 0, freed after frame 0 ended, came back as frame 3 began; index 1, freed after
  // frame 3 ended, waits and records frame 3 (frames count from 0).
  EXPECT_FALSE(original["heaps"]["demo"]["freed_frames"].contains("0"));
  EXPECT_EQ(original["heaps"]["demo"]["freed_frames"]["1"], 3);

  auto loaded = from_json(original);
  ASSERT_TRUE(loaded) << loaded.error_value().reason;
  nlohmann::json again = to_json(loaded->record, loaded->adapter);
  EXPECT_EQ(again["adapter"]["name"], original["adapter"]["name"]);
  EXPECT_EQ(again["adapter"]["feature_level"], original["adapter"]["feature_level"]);
  EXPECT_EQ(again["adapter"]["shader_model"], original["adapter"]["shader_model"]);
  EXPECT_EQ(again["adapter"]["interfaces"], original["adapter"]["interfaces"]);
  nlohmann::json a = original, b = again;
  a.erase("adapter");
  b.erase("adapter");
  EXPECT_EQ(a, b) << nlohmann::json::diff(a, b).dump(1);
}

TEST_F(snapshot_test, the_loader_rejects_each_kind_of_bad_snapshot_naming_where) {
  frames(2);
  const nlohmann::json good = to_json(capture_frame_record(nullptr, nullptr), gfx::get_adapter_info());
  ASSERT_TRUE(from_json(good));
  struct bad_case {
    const char* what;
    void (*mutate)(nlohmann::json&);
    const char* needle;
  };
  const bad_case cases[] = {
      {"not an object", [](nlohmann::json& j) { j = nlohmann::json::array(); }, "a JSON object"},
      {"other schema", [](nlohmann::json& j) { j["schema"] = "vma.dump"; }, "/schema"},
      {"newer version", [](nlohmann::json& j) { j["version"] = 2; }, "version 2 cannot be read"},
      {"missing fence", [](nlohmann::json& j) { j.erase("fence"); }, "/fence: missing"},
      {"wrong type", [](nlohmann::json& j) { j["frame"]["number"] = "ten"; }, "/frame/number: expected a non-negative integer"},
      {"negative index", [](nlohmann::json& j) { j["heaps"]["rtv"]["free_stack"][0] = -1; }, "/heaps/rtv/free_stack/0"},
      {"stack of wrong length", [](nlohmann::json& j) { j["heaps"]["rtv"]["free_stack"].push_back(1); },
       "/heaps/rtv/free_stack: expected 512 entries"},
      {"index past the heap", [](nlohmann::json& j) { j["heaps"]["dsv"]["deferred"][1] = {600}; },
       "/heaps/dsv/deferred/1/0: 600 is out of range"},
      {"size past capacity", [](nlohmann::json& j) { j["heaps"]["uav"]["size"] = 513; }, "/heaps/uav/size"},
      {"surface slots", [](nlohmann::json& j) { j["surfaces"]["slots"] = nlohmann::json::array(); },
       "/surfaces/slots: expected 1 entries"},
      {"unknown event", [](nlohmann::json& j) { j["events"] = {{{"type", "boom"}, {"frame", 1}}}; },
       "/events/0/type: unknown event type"},
      {"frame slot", [](nlohmann::json& j) { j["frame"]["index"] = 3; }, "/frame/index"},
  };
  for (const bad_case& c : cases) {
    nlohmann::json doc = good;
    c.mutate(doc);
    auto r = from_json(doc);
    ASSERT_FALSE(r) << c.what;
    EXPECT_NE(r.error_value().reason.find(c.needle), std::string::npos) << c.what << ": " << r.error_value().reason;
  }
}

TEST_F(snapshot_test, diff_names_allocations_frees_returns_and_objects) {
  auto heap = gfx::create_heap({.name = "demo", .type = gfx::heap_type::cbv_srv_uav, .capacity = 5});
  ASSERT_TRUE(heap);
  frames(1);
  const frame_record empty = capture_frame_record(nullptr, nullptr);
  ASSERT_TRUE(gfx::allocate_descriptor(*heap));
  ASSERT_TRUE(gfx::allocate_descriptor(*heap));
  ASSERT_TRUE(gfx::free_descriptor(*heap, 0));
  ASSERT_TRUE(gfx::create_texture({.name = "brick", .width = 8, .height = 8}));
  const frame_record after_free = capture_frame_record(nullptr, &empty);
  record_diff d = diff(empty, after_free);
  ASSERT_EQ(d.heaps.size(), 2u);  // demo, and srv (the texture's SRV)
  const heap_change& demo = d.heaps[0].heap == "demo" ? d.heaps[0] : d.heaps[1];
  EXPECT_EQ(demo.allocated, (std::vector<u32>{1}));
  EXPECT_EQ(demo.passed, (std::vector<u32>{0})) << "allocated and freed in between";
  EXPECT_NE(std::find(d.objects_created.begin(), d.objects_created.end(), "texture2d 'brick'"), d.objects_created.end());

  frames(3);
  const frame_record returned = capture_frame_record(nullptr, &after_free);
  d = diff(after_free, returned);
  EXPECT_EQ(d.frames, 3u);
  ASSERT_EQ(d.heaps.size(), 1u);
  EXPECT_EQ(d.heaps[0].returned, (std::vector<u32>{0}));
  const auto lines = d.describe();
  EXPECT_NE(std::find(lines.begin(), lines.end(), "heap 'demo': returned to the free stack 0"), lines.end());
  EXPECT_TRUE(diff(returned, returned).empty());
}

TEST_F(snapshot_test, history_is_bounded_and_shares_unchanged_states) {
  history_ring history{600};
  frame_record previous;
  for (int i = 0; i < 700; ++i) {
    frames(1);
    frame_record r = capture_frame_record(nullptr, history.empty() ? nullptr : &history.latest());
    history.record(std::move(r));
  }
  EXPECT_EQ(history.size(), 600u);
  EXPECT_EQ(history.at(0).frame.frame_number, 101u);
  EXPECT_EQ(history.latest().frame.frame_number, 700u);
  EXPECT_EQ(history.at(0).heaps[0].state.get(), history.latest().heaps[0].state.get()) << "quiet frames share";
  const size_t bytes = history.calculate_bytes();
  EXPECT_LT(bytes, 2u << 20) << bytes << " bytes for 600 frames";
}

} // namespace
} // namespace xe::sandbox
