// frame_record on a running engine: JSON round trip, the loader's refusals, diffs and the
// history ring.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>

#include "graphics/lab.h"
#include "engine_fixture.h"
#include "graphics/renderer.h"
#include "inspector/frame_lanes.h"
#include "snapshot/diff.h"
#include "snapshot/frame_record.h"
#include "snapshot/history.h"
#include "snapshot/event_recorder.h"
#include "snapshot/frame_state.h"
#include "snapshot/trace.h"
#include "script/runner.h"
#include "test_support.h"

namespace xe::sandbox {
namespace {

class snapshot_test : public engine_with_a_surface {
protected:
  void SetUp() override { start(); }
};

TEST_F(snapshot_test, json_round_trip_keeps_everything_the_panels_show) {
  auto heap = gfx::lab::create_heap({.name = "demo", .type = gfx::heap_type::cbv_srv_uav, .capacity = 6});
  ASSERT_TRUE(heap);
  ASSERT_TRUE(gfx::lab::allocate_descriptor(*heap, "first"));
  ASSERT_TRUE(gfx::lab::allocate_descriptor(*heap, "second"));
  frames(1);
  ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 0));
  ASSERT_TRUE(
      gfx::lab::create_texture({.name = "brick", .kind = gfx::resource_kind::placed, .width = 16, .height = 16}));
  ASSERT_TRUE(gfx::lab::release_texture("brick"));
  ASSERT_TRUE(gfx::lab::create_texture({.name = "checker", .width = 16, .height = 16}));
  ASSERT_TRUE(gfx::lab::upload_texture_pattern("checker"));
  // The richer parts: a heap running the wiki's code with a fault, a surface list that grew,
  // fence waits.
  auto wiki = gfx::lab::create_heap(
      {.name = "wiki", .type = gfx::heap_type::cbv_srv_uav, .capacity = 1, .model = gfx::heap_model::wiki});
  ASSERT_TRUE(wiki);
  ASSERT_TRUE(gfx::lab::allocate_descriptor(*wiki));
  ASSERT_FALSE(gfx::lab::allocate_descriptor(*wiki)) << "no capacity check: stopped as a fault";
  auto second = gfx::create_surface({.width = 16, .height = 16});
  ASSERT_TRUE(second);
  frames(3);
  ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 1));
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
  // Each resource's state as its last recorded barrier left it.
  std::map<std::string, std::string> states;
  for (const auto& r : original["resources"]) states[r["name"].get<std::string>()] = r["state"].get<std::string>();
  EXPECT_EQ(states["checker"], "PIXEL_SHADER_RESOURCE");
  EXPECT_EQ(states["surface 0 back buffer 0 (32x32)"], "PRESENT") << original["resources"].dump(1);

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

// The inspector never changes what it inspects: an observer's redraw records the same
// PRESENT -> RENDER_TARGET -> PRESENT barriers as a frame, but no event and no state.
TEST_F(snapshot_test, an_observer_redraw_adds_no_barrier_event_and_no_state_change) {
  event_recorder recorder;
  frames(1);
  gfx::observer observer;
  ASSERT_TRUE(observer.initialize());
  const u64 version = gfx::get_objects_version();
  const size_t events = recorder.events().size();
  auto drawn = observer.redraw(_surface, gfx::frame_content{}, {});
  ASSERT_TRUE(drawn) << drawn.error_value().reason;
  ASSERT_TRUE(*drawn) << "the redraw must really record its barriers";
  EXPECT_EQ(recorder.events().size(), events);
  EXPECT_EQ(gfx::get_objects_version(), version);
  // A capture makes (and reports) its readback buffer, but its barriers stay unobserved too.
  auto captured = observer.capture(_surface, gfx::frame_content{}, {});
  ASSERT_TRUE(captured) << captured.error_value().reason;
  for (size_t i = events; i < recorder.events().size(); ++i)
    EXPECT_NE(recorder.events()[i].type, gfx::event_type::resource_barrier) << recorder.events()[i].name;
  observer.release();
  frames(1);
  bool barrier = false;
  for (const auto& e : recorder.events()) barrier |= e.type == gfx::event_type::resource_barrier;
  EXPECT_TRUE(barrier) << "the engine's own frame reports its barriers";
}

// Every event field the writer writes is read back: fence waits with their time, resources
// with their bytes and size, surface rebuilds with old and new sizes, validation messages
// with their severity, early returns with their flush value.
TEST_F(snapshot_test, json_round_trip_keeps_every_event_field) {
  event_recorder recorder;
  frames(2);
  ASSERT_TRUE(gfx::lab::create_texture({.name = "brick", .width = 16, .height = 8}));
  auto heap = gfx::lab::create_heap({.name = "demo", .type = gfx::heap_type::cbv_srv_uav, .capacity = 2});
  ASSERT_TRUE(heap);
  ASSERT_TRUE(gfx::lab::allocate_descriptor(*heap, "first"));
  ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 0));
  ASSERT_TRUE(gfx::resize_surface(_surface, 24, 20));  // flushes: index 0 returns early
  frames(1);
  frame_record record = capture_frame_record(&recorder, nullptr);
  recorded_event message;
  message.type = gfx::event_type::validation_message;
  message.frame = 3;
  message.value = 2;
  message.detail = "a message the layer wrote";
  record.events.push_back(message);
  const nlohmann::json original = to_json(record, gfx::get_adapter_info());
  const auto has_event_with = [&](const char* type, const char* key) {
    for (const auto& e : original["events"])
      if (e["type"] == type && e.contains(key)) return true;
    return false;
  };
  EXPECT_TRUE(has_event_with("fence_waited", "wait_ms"));
  EXPECT_TRUE(has_event_with("resource_created", "bytes"));
  EXPECT_TRUE(has_event_with("surface_resized", "old_width"));
  EXPECT_TRUE(has_event_with("descriptor_returned", "value"));
  EXPECT_TRUE(has_event_with("validation_message", "severity"));
  EXPECT_TRUE(has_event_with("resource_barrier", "detail"));

  auto loaded = from_json(original);
  ASSERT_TRUE(loaded) << loaded.error_value().reason;
  const nlohmann::json again = to_json(loaded->record, loaded->adapter);
  EXPECT_EQ(again["events"], original["events"]) << nlohmann::json::diff(original["events"], again["events"]).dump(1);
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
      {"newer version", [](nlohmann::json& j) { j["version"] = 3; }, "version 3 cannot be read"},
      {"version 0", [](nlohmann::json& j) { j["version"] = 0; }, "version 0 cannot be read"},
      {"version 1 naming the slot as version 2 does",
       [](nlohmann::json& j) {
         j["version"] = 1;
         j["frame"].erase("index");
       },
       "/frame/index: missing"},
      {"missing fence", [](nlohmann::json& j) { j.erase("fence"); }, "/fence: missing"},
      {"wrong type", [](nlohmann::json& j) { j["frame"]["number"] = "ten"; },
       "/frame/number: expected a non-negative integer"},
      {"negative index", [](nlohmann::json& j) { j["heaps"]["rtv"]["free_stack"][0] = -1; }, "/heaps/rtv/free_stack/0"},
      {"stack of wrong length", [](nlohmann::json& j) { j["heaps"]["rtv"]["free_stack"].push_back(1); },
       "/heaps/rtv/free_stack: expected 512 entries"},
      {"index past the heap", [](nlohmann::json& j) { j["heaps"]["dsv"]["deferred"][1] = {600}; },
       "/heaps/dsv/deferred/1/0: 600 is out of range"},
      {"size past capacity", [](nlohmann::json& j) { j["heaps"]["uav"]["size"] = 513; }, "/heaps/uav/size"},
      {"surface slots", [](nlohmann::json& j) { j["surfaces"]["slots"] = nlohmann::json::array(); },
       "/surfaces/slots: expected 1 entries"},
      {"unknown event",
       [](nlohmann::json& j) {
         j["events"] = {{{"type", "boom"}, {"frame", 1}}};
       },
       "/events/0/type: unknown event type"},
      {"frame slot", [](nlohmann::json& j) { j["frame"]["slot"] = 3; }, "/frame/slot"},
  };
  for (const bad_case& c : cases) {
    nlohmann::json doc = good;
    c.mutate(doc);
    auto r = from_json(doc);
    ASSERT_FALSE(r) << c.what;
    EXPECT_NE(r.error_value().reason.find(c.needle), std::string::npos) << c.what << ": " << r.error_value().reason;
  }
}

// Version 1 called the frame slot /frame/index (and the next one /frame/next_index).
TEST_F(snapshot_test, a_version_1_snapshot_reads_as_its_version_2_form) {
  frames(5);  // the last frame used slot 1 and the next uses slot 2: neither is a default
  const nlohmann::json current = to_json(capture_frame_record(nullptr, nullptr), gfx::get_adapter_info());
  ASSERT_EQ(current["version"], 2);
  nlohmann::json old = current;
  old["version"] = 1;
  old["frame"]["index"] = old["frame"]["slot"];
  old["frame"]["next_index"] = old["frame"]["next_slot"];
  old["frame"].erase("slot");
  old["frame"].erase("next_slot");
  auto read = from_json(old);
  ASSERT_TRUE(read) << read.error_value().reason;
  EXPECT_EQ(read->record.frame.frame_slot, gfx::get_frame_stats().frame_slot);
  EXPECT_EQ(read->record.frame.next_frame_slot, gfx::get_frame_stats().next_frame_slot);
  const nlohmann::json rewritten = to_json(read->record, read->adapter);
  EXPECT_EQ(rewritten["version"], 2);
  EXPECT_EQ(rewritten["frame"], current["frame"]);
}

TEST_F(snapshot_test, diff_names_allocations_frees_returns_and_objects) {
  auto heap = gfx::lab::create_heap({.name = "demo", .type = gfx::heap_type::cbv_srv_uav, .capacity = 5});
  ASSERT_TRUE(heap);
  frames(1);
  const frame_record empty = capture_frame_record(nullptr, nullptr);
  ASSERT_TRUE(gfx::lab::allocate_descriptor(*heap));
  ASSERT_TRUE(gfx::lab::allocate_descriptor(*heap));
  ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 0));
  ASSERT_TRUE(gfx::lab::create_texture({.name = "brick", .width = 8, .height = 8}));
  const frame_record after_free = capture_frame_record(nullptr, &empty);
  record_diff d = diff(empty, after_free);
  ASSERT_EQ(d.heaps.size(), 2u);  // demo, and srv (the texture's SRV)
  const heap_change& demo = d.heaps[0].heap == "demo" ? d.heaps[0] : d.heaps[1];
  EXPECT_EQ(demo.allocated, (std::vector<u32>{1}));
  EXPECT_EQ(demo.passed, (std::vector<u32>{0})) << "allocated and freed in between";
  EXPECT_NE(std::find(d.objects_created.begin(), d.objects_created.end(), "texture2d 'brick'"),
            d.objects_created.end());

  frames(3);
  const frame_record returned = capture_frame_record(nullptr, &after_free);
  d = diff(after_free, returned);
  EXPECT_EQ(d.frames, 3u);
  ASSERT_EQ(d.heaps.size(), 1u);
  EXPECT_EQ(d.heaps[0].returned, (std::vector<u32>{0}));
  const auto lines = d.describe(en());
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
  EXPECT_EQ(history.at(0).heaps()[0].state.get(), history.latest().heaps()[0].state.get()) << "quiet frames share";
  const size_t bytes = history.calculate_bytes();
  EXPECT_LT(bytes, 2u << 20) << bytes << " bytes for 600 frames";
}

// Delta recording is invisible: every record of the history, shared parts and all, reads
// exactly as a full capture taken at that moment (what the panels and an export show when
// the learner scrubs to it), while quiet frames do share their heaps and surfaces.
TEST_F(snapshot_test, a_shared_record_reads_as_a_full_capture) {
  event_recorder recorder;
  history_ring history{64};
  std::vector<nlohmann::json> full;
  auto heap = gfx::lab::create_heap({.name = "demo", .type = gfx::heap_type::cbv_srv_uav, .capacity = 8});
  ASSERT_TRUE(heap);
  const auto frame_and_capture = [&] {
    recorder.new_frame();
    frames(1);
    history.capture(&recorder);
    full.push_back(to_json(capture_frame_record(&recorder, nullptr), gfx::get_adapter_info()));
    recorder.mark_recorded();
  };
  std::optional<gfx::surface_id> second;
  for (int i = 0; i < 40; ++i) {
    if (i == 5) {
      ASSERT_TRUE(gfx::lab::allocate_descriptor(*heap, "a"));
    } else if (i == 9) {
      ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 0));
    } else if (i == 14) {
      auto s = gfx::create_surface({.width = 16, .height = 16});
      ASSERT_TRUE(s);
      second = *s;
    } else if (i == 18) {
      ASSERT_TRUE(gfx::resize_surface(_surface, 48, 24));
    } else if (i == 22) {
      ASSERT_TRUE(gfx::remove_surface(*second));
    } else if (i == 26) {
      ASSERT_TRUE(gfx::lab::create_texture({.name = "t", .width = 8, .height = 8}));
    }
    frame_and_capture();
  }
  ASSERT_EQ(history.size(), full.size());
  u32 shared_heaps = 0, shared_surfaces = 0;
  std::set<u32> back_buffers;
  for (u32 i = 0; i < history.size(); ++i) {
    frame_record shown = history.at(i);      // a copy: its shared parts stay shared
    shown.timings = history.timeline_of(i);  // the panels' whole timeline window, from the deltas
    const nlohmann::json read = to_json(shown, gfx::get_adapter_info());
    // The fence's completed value is read live from the GPU, which may finish a frame between
    // the two captures (lavapipe runs beside the test); it is the record's own, never shared,
    // and can only have moved forward.
    nlohmann::json expected = full[i];
    ASSERT_GE(expected["fence"]["gpu_completed"].get<u64>(), read["fence"]["gpu_completed"].get<u64>())
        << "record " << i;
    expected["fence"]["gpu_completed"] = read["fence"]["gpu_completed"];
    const nlohmann::json difference = nlohmann::json::diff(expected, read);
    ASSERT_TRUE(difference.empty()) << "record " << i << ": " << difference.dump();
    back_buffers.insert(history.at(i).back_buffer_index(0));
    if (i == 0) continue;
    shared_heaps += history.at(i).heap_list == history.at(i - 1).heap_list;
    shared_surfaces += history.at(i).surfaces_shared == history.at(i - 1).surfaces_shared;
  }
  EXPECT_GE(shared_heaps, 30u) << "quiet frames share the heap list";
  EXPECT_GE(shared_surfaces, 30u) << "and the surfaces";
  EXPECT_GT(back_buffers.size(), 1u) << "while the back-buffer index turns";
}

// What expect reads: a partial capture must resolve every pointer exactly as the whole
// document does, and fail to resolve exactly where the whole document would.
TEST_F(snapshot_test, a_partial_capture_resolves_every_pointer_as_the_whole_document_does) {
  event_recorder recorder;
  auto heap = gfx::lab::create_heap({.name = "demo/x~y", .type = gfx::heap_type::cbv_srv_uav, .capacity = 300});
  ASSERT_TRUE(heap);
  std::vector<u32> indices;
  ASSERT_TRUE(gfx::lab::allocate_descriptors(*heap, 200, "label", indices));
  ASSERT_TRUE(gfx::lab::allocate_descriptor(*heap, "single"));
  frames(3);
  ASSERT_TRUE(gfx::flush());  // the GPU is idle: nothing read below changes on its own
  ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 3));
  ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 150));
  ASSERT_TRUE(
      gfx::lab::create_texture({.name = "brick", .kind = gfx::resource_kind::placed, .width = 16, .height = 16}));
  ASSERT_TRUE(gfx::lab::release_texture("brick"));
  const nlohmann::json whole = to_json(capture_frame_record(&recorder, nullptr), gfx::get_adapter_info());

  // Every member, and for long arrays their ends and middle; then pointers that miss.
  std::vector<nlohmann::json::json_pointer> pointers{nlohmann::json::json_pointer{}};
  std::vector<std::pair<nlohmann::json::json_pointer, const nlohmann::json*>> todo{
      {nlohmann::json::json_pointer{}, &whole}};
  while (!todo.empty()) {
    auto [at, node] = todo.back();
    todo.pop_back();
    const auto visit = [&](const nlohmann::json::json_pointer& child, const nlohmann::json& value) {
      pointers.push_back(child);
      todo.emplace_back(child, &value);
    };
    if (node->is_object()) {
      for (auto it = node->begin(); it != node->end(); ++it) visit(at / it.key(), it.value());
    } else if (node->is_array()) {
      const size_t n = node->size();
      for (size_t i = 0; i < n; ++i)
        if (n <= 8 || i < 3 || i == n / 2 || i + 1 == n) visit(at / i, (*node)[i]);
    }
  }
  for (const char* missing :
       {"/nothing", "/heaps/none", "/heaps/demo~1x~0y/nothing", "/heaps/demo~1x~0y/free_stack/300",
        "/heaps/demo~1x~0y/free_stack/05", "/heaps/demo~1x~0y/owners/250", "/heaps/demo~1x~0y/owners/03",
        "/heaps/demo~1x~0y/freed_frames/4", "/heaps/rtv/size/0", "/events/100000", "/fence/slots/3",
        "/surfaces/slots/0/none", "/heaps/demo~1x~0y/free_stack/-"})
    pointers.emplace_back(missing);
  EXPECT_GT(pointers.size(), 500u);

  for (const auto& p : pointers) {
    const nlohmann::json part = capture_frame_state_part(&recorder, p);
    ASSERT_EQ(whole.contains(p), part.contains(p)) << p.to_string();
    if (whole.contains(p)) {
      EXPECT_EQ(whole.at(p), part.at(p)) << p.to_string();
    }
  }
}

// The runner's part of the evaluation document: labels (only the one named, only up to the
// index named) and checks agree with the whole document too.
TEST_F(snapshot_test, the_runner_evaluates_labels_and_checks_partially_as_in_the_whole_document) {
  struct host final : scenario_host {
    result<u32> create_surface(u32, u32) override { return make_error(errc::unsupported, "no"); }
    result<void> remove_surface(u32) override { return make_error(errc::unsupported, "no"); }
    result<void> resize_surface(u32, u32, u32) override { return make_error(errc::unsupported, "no"); }
    result<void> toggle_fullscreen(u32) override { return make_error(errc::unsupported, "no"); }
    result<gfx::image_rgba8> screenshot(std::optional<u32>) override { return make_error(errc::unsupported, "no"); }
    result<void> run_frames(u32) override { return make_error(errc::unsupported, "no"); }
    void set_triangle(bool) override {}
    void set_quad(const std::string&) override {}
    const std::string& quad() const override { return _quad; }
    std::string _quad;
    void set_gpu_load(u32) override {}
    nlohmann::json snapshot() override { return capture_frame_state(nullptr); }
    result<std::string> trace() override { return make_error(errc::unsupported, "no"); }
    result<std::string> capture_frames(u32, const std::string&) override { return make_error(errc::unsupported, "no"); }
    result<void> open_capture(const std::string&) override { return make_error(errc::unsupported, "no"); }
    nlohmann::json snapshot_part(const nlohmann::json::json_pointer& p) override {
      return capture_frame_state_part(nullptr, p);
    }
  } h;
  action_runner runner{h};
  for (const char* step :
       {R"({"do": "create_heap", "name": "h", "type": "sampler", "capacity": 50})",
        R"({"do": "allocate", "heap": "h", "count": 20, "as": "many"})",
        R"({"do": "allocate", "heap": "h", "as": "one"})",
        R"({"do": "attempt", "action": {"do": "free", "heap": "h", "index": 40}, "as": "bad_free"})"}) {
    auto parsed = actions::parse_step(nlohmann::json::parse(step), 1);
    ASSERT_TRUE(parsed) << parsed.error_value().reason;
    ASSERT_TRUE(runner.run(*parsed)) << step;
  }
  const nlohmann::json whole = runner.evaluation_document();
  for (const char* p : {"/labels", "/labels/many", "/labels/many/0", "/labels/many/19", "/labels/many/20",
                        "/labels/one/0", "/labels/none", "/labels/many/x", "/checks", "/checks/bad_free/failed",
                        "/checks/none", "/heaps/h/owners/19", "/heaps/h/owners/21", "/heaps/h/size"}) {
    const nlohmann::json::json_pointer pointer{p};
    const nlohmann::json part = runner.evaluation_document(pointer);
    ASSERT_EQ(whole.contains(pointer), part.contains(pointer)) << p;
    if (whole.contains(pointer)) {
      EXPECT_EQ(whole.at(pointer), part.at(pointer)) << p;
    }
  }
}

// The Fences tab's timeline, as a snapshot holds it: with 2 frames in flight and GPU-heavy
// frames, each frame's GPU span follows the previous one's on the one queue, the fence
// values it completes are the ones the CPU signalled, and each begin_frame's wait ends after
// the GPU completed the value it waited for (within the clock alignment's error).
TEST_F(snapshot_test, the_timeline_in_a_snapshot_is_ordered_and_consistent_with_the_fence) {
  constexpr u32 in_flight = 2;
  ASSERT_TRUE(gfx::set_frames_in_flight(in_flight));
  for (int i = 0; i < 12; ++i) {
    ASSERT_TRUE(gfx::begin_frame());
    ASSERT_TRUE(gfx::render_surface(_surface, gfx::frame_content{.gpu_load_passes = 200}));
    ASSERT_TRUE(gfx::end_frame());
  }
  const nlohmann::json document = to_json(capture_frame_record(nullptr, nullptr), gfx::get_adapter_info());
  auto loaded = from_json(document);
  ASSERT_TRUE(loaded) << loaded.error_value().reason;
  const gfx::gpu_clock_info& clock = loaded->adapter.gpu_clock;
  EXPECT_TRUE(clock.timestamps) << "measured usable on vkd3d 1.2 + lavapipe: " << clock.method;
  EXPECT_EQ(clock.method, gfx::get_gpu_clock_info().method);
  const std::vector<gfx::frame_timing>& t = loaded->record.timings;
  ASSERT_EQ(t.size(), gfx::frame_timing_capacity);
  EXPECT_EQ(t.back().frame, 11u);
  const u64 completed = loaded->record.frame.gpu_completed;
  const u64 tolerance_ns = static_cast<u64>(clock.calibration_error_us * 2e3) + 200'000;
  u32 with_gpu = 0;
  for (size_t i = 0; i < t.size(); ++i) {
    SCOPED_TRACE(testing::Message() << "frame " << t[i].frame);
    EXPECT_EQ(t[i].slot, t[i].frame % gfx::frame_slot_count);
    EXPECT_GT(t[i].signal_value, 0u);
    if (i > 0) {
      EXPECT_EQ(t[i].signal_value, t[i - 1].signal_value + 1) << "one Signal per frame";
    }
    EXPECT_LE(t[i].cpu_wait_begin, t[i].cpu_wait_end);
    EXPECT_LE(t[i].cpu_wait_end, t[i].cpu_submit);
    EXPECT_LE(t[i].cpu_submit, t[i].cpu_signal);
    if (t[i].gpu_source == gfx::gpu_time_source::none) continue;
    ++with_gpu;
    EXPECT_EQ(t[i].gpu_source, gfx::gpu_time_source::timestamps);
    EXPECT_LE(t[i].signal_value, completed) << "a GPU span only for a value the fence completed";
    // Within the clock alignment's error, as every GPU-to-CPU comparison here.
    EXPECT_GE(t[i].gpu_begin + tolerance_ns, t[i].cpu_submit) << "the GPU starts a frame after its submission";
    EXPECT_LT(t[i].gpu_begin, t[i].gpu_end);
    if (i > 0 && t[i - 1].gpu_source != gfx::gpu_time_source::none) {
      EXPECT_GE(t[i].gpu_begin, t[i - 1].gpu_end) << "one queue: spans in order, never overlapping";
    }
  }
  EXPECT_GE(with_gpu, gfx::frame_timing_capacity - in_flight) << "all but the frames still in flight";
  // Frame N waited for frame N - 2's value; its wait ended once that value completed.
  for (size_t i = in_flight; i < t.size(); ++i) {
    SCOPED_TRACE(testing::Message() << "frame " << t[i].frame);
    const gfx::frame_timing& signaller = t[i - in_flight];
    EXPECT_EQ(t[i].waited_value, signaller.signal_value);
    if (signaller.gpu_source != gfx::gpu_time_source::none) {
      EXPECT_LE(signaller.gpu_end, t[i].cpu_wait_end + tolerance_ns)
          << "the wait ends after the GPU completed its value";
    }
  }
  EXPECT_GT(loaded->record.frame.gpu_frame_ms, 0.f);
  EXPECT_GT(loaded->record.frame.cpu_frame_ms, 0.f);

  // The lanes the panel draws from it: GPU spans in order, an arrow per wait whose value completed.
  const ui::frame_lanes lanes = ui::build_frame_lanes(t);
  ASSERT_EQ(lanes.gpu.size(), with_gpu);
  for (size_t i = 1; i < lanes.gpu.size(); ++i) EXPECT_GE(lanes.gpu[i].begin_ms, lanes.gpu[i - 1].end_ms);
  EXPECT_GE(lanes.arrows.size(), with_gpu - in_flight);
  for (const ui::fence_arrow& a : lanes.arrows) {
    EXPECT_EQ(a.to, a.from + in_flight);
    EXPECT_LE(a.signal_ms, a.done_ms + static_cast<f64>(tolerance_ns) / 1e6);
    EXPECT_LE(a.done_ms, a.wait_end_ms + static_cast<f64>(tolerance_ns) / 1e6);
  }
}

// Frame i's times after base (ns): its wait ends, it is submitted and signalled, and it runs
// on the GPU; it waits for value i and signals i + 1, in slot i.
struct frame_offsets {
  u64 wait_end, submit, signal, gpu_begin, gpu_end;
};
gfx::frame_timing timed_frame(u32 i, u64 base, const frame_offsets& o) {
  return {.frame = i,
          .waited_value = i,
          .signal_value = i + 1,
          .cpu_wait_begin = base,
          .cpu_wait_end = base + o.wait_end,
          .cpu_submit = base + o.submit,
          .cpu_signal = base + o.signal,
          .gpu_begin = base + o.gpu_begin,
          .gpu_end = base + o.gpu_end,
          .slot = i,
          .gpu_source = gfx::gpu_time_source::timestamps};
}

// A GPU that finishes a frame before the CPU has queued its Signal (a slow CPU: ASan, a
// loaded machine) cannot complete the value before the Signal: the arrow's GPU end is the
// later of the two, so it never points back in time.
TEST(frame_lanes_test, a_value_completes_no_earlier_than_its_signal) {
  std::vector<gfx::frame_timing> t;
  for (u32 i = 0; i < 3; ++i)
    t.push_back(timed_frame(i, 1'000'000ull * 10 * (i + 1), {100'000, 200'000, 3'000'000, 300'000, 1'000'000}));
  const ui::frame_lanes lanes = ui::build_frame_lanes(t);
  ASSERT_EQ(lanes.arrows.size(), 2u);
  for (const ui::fence_arrow& a : lanes.arrows) EXPECT_DOUBLE_EQ(a.done_ms, a.signal_ms) << "frame " << a.from;
  t[0].gpu_end = t[0].cpu_signal + 500'000;  // a GPU still busy at the Signal: its own end
  const ui::fence_arrow busy = ui::build_frame_lanes(t).arrows[0];
  EXPECT_NEAR(busy.done_ms - busy.signal_ms, 0.5, 1e-9);
}

// Frames seconds apart (a lesson holding the engine): the idle time between them is cut to
// a short break that says how long it was; durations stay real, and the frames stay in order.
TEST(frame_lanes_test, idle_gaps_become_breaks_and_durations_stay_real) {
  const frame_offsets times{1'000'000, 5'000'000, 6'000'000, 5'500'000, 15'000'000};
  const auto frames = [&](std::initializer_list<u64> starts) {
    std::vector<gfx::frame_timing> t;
    for (u64 start : starts) t.push_back(timed_frame(static_cast<u32>(t.size()), 1'000'000 + start, times));
    return t;
  };
  const std::vector<gfx::frame_timing> t = frames({0, 4'000'000'000ull, 4'020'000'000ull});  // 4 s idle, then 5 ms
  const ui::frame_lanes lanes = ui::build_frame_lanes(t);
  ASSERT_EQ(lanes.breaks.size(), 1u) << "only the 4 s gap; 5 ms between frames 1 and 2 is no break";
  EXPECT_NEAR(lanes.breaks[0].idle_ms, 4000.0 - 15.0, 1e-6);
  EXPECT_NEAR(lanes.breaks[0].at_ms, 15.0, 1e-6);
  EXPECT_LT(lanes.breaks[0].shown_ms, 20.0);
  EXPECT_LT(lanes.span_ms, 60.0) << "the window is the frames, not the wait";
  for (const ui::lane_span& s : lanes.gpu) EXPECT_NEAR(s.end_ms - s.begin_ms, 9.5, 1e-6);
  for (size_t i = 1; i < lanes.cpu.size(); ++i) EXPECT_GE(lanes.cpu[i].begin_ms, lanes.cpu[i - 1].begin_ms);
  EXPECT_GT(lanes.cpu[3].begin_ms, lanes.breaks[0].at_ms + lanes.breaks[0].shown_ms - 1e-9);
  // The newest CPU frame (begin_frame to begin_frame) holds idle time only when the gap is in it.
  EXPECT_EQ(lanes.newest_idle_ms, 0.0);
  EXPECT_NEAR(ui::build_frame_lanes(frames({0, 4'000'000'000ull})).newest_idle_ms, 4000.0 - 15.0, 1e-6);
  // Live frames, 20 ms apart: no break.
  EXPECT_TRUE(ui::build_frame_lanes(frames({0, 20'000'000, 40'000'000})).breaks.empty());
}

// Headless (no Present to wait for), GPU-heavy frames: with 1 frame in flight each frame
// begins after the previous one finished on the GPU; with 3 the CPU records ahead.
TEST_F(snapshot_test, the_timeline_shows_the_cpu_running_ahead_only_with_frames_in_flight) {
  auto big = gfx::create_surface({.width = 512, .height = 512});
  ASSERT_TRUE(big);
  ASSERT_TRUE(gfx::remove_surface(_surface));
  _surface = *big;
  const auto lanes_after = [&](u32 in_flight) {
    EXPECT_TRUE(gfx::set_frames_in_flight(in_flight));
    for (int i = 0; i < 10; ++i) {
      EXPECT_TRUE(gfx::begin_frame());
      EXPECT_TRUE(gfx::render_surface(_surface, gfx::frame_content{.gpu_load_passes = 20}));
      EXPECT_TRUE(gfx::end_frame());
    }
    std::vector<gfx::frame_timing> timings;
    gfx::copy_frame_timings(timings);
    return ui::build_frame_lanes(timings);
  };
  EXPECT_EQ(lanes_after(1).ahead, 0u);
  EXPECT_GE(lanes_after(3).ahead, 3u);
}

// A diff against a newer snapshot counts back, instead of wrapping to 2^64 - n frames.
TEST(record_diff_test, an_older_after_reads_as_earlier) {
  frame_record older, newer;
  older.frame.frame_number = 10;
  older.frame.cpu_fence_value = 10;
  newer.frame.frame_number = 14;
  newer.frame.cpu_fence_value = 15;
  const record_diff back = diff(newer, older);
  EXPECT_TRUE(back.earlier);
  EXPECT_EQ(back.frames, 4u);
  EXPECT_EQ(back.fence_values, 5u);
  EXPECT_EQ(back.describe(en()).front(), "4 frame(s), 5 fence value(s) earlier");
  EXPECT_EQ(diff(older, newer).describe(en()).front(), "4 frame(s), 5 fence value(s) later");
  // Issue 33: numbers from a file near 2^64 wrapped the arithmetic ("1 frame(s) earlier").
  frame_record first, last;
  last.frame.frame_number = last.frame.cpu_fence_value = ~u64{0};
  EXPECT_EQ(diff(first, last).describe(en()).front(),
            "18446744073709551615 frame(s), 18446744073709551615 fence value(s) later");
  EXPECT_EQ(diff(last, first).describe(en()).front(),
            "18446744073709551615 frame(s), 18446744073709551615 fence value(s) earlier");
}

// Issue 33: --diff said nothing of fields outside its own lines. Every field the snapshot
// carries is compared, but measured times, which change with every frame.
TEST(record_diff_test, every_other_field_that_changed_is_named) {
  frame_record a, b;
  a.frame.gpu_completed = 3;
  b.frame.gpu_completed = 5;
  b.frame.cpu_frame_ms = 9.5f;  // a measurement: not a change of state
  b.upload.used[1] = 256;
  a.validation_errors = 0;
  b.validation_errors = 2;
  const auto lines = diff(a, b).describe(en());
  for (const char* expected : {"changed /fence/gpu_completed: 3 -> 5", "changed /upload/used/1: 0 -> 256",
                               "changed /validation/errors: 0 -> 2"})
    EXPECT_NE(std::find(lines.begin(), lines.end(), expected), lines.end()) << expected;
  for (const std::string& line : lines) EXPECT_EQ(line.find("_ms"), std::string::npos) << line;
  frame_record many = a;
  many.upload.high_water = 1;
  many.upload.capacity_per_slot = 1;
  many.upload.current_slot = 1;
  EXPECT_EQ(diff(a, many).fields.size(), 3u);
  EXPECT_TRUE(diff(b, b).empty());
}

// Issue 33: a heap made again under its name with another capacity read as no change.
TEST(record_diff_test, a_heap_made_again_differently_is_a_change) {
  const auto record = [](u32 capacity, bool visible) {
    frame_record r;
    auto state = std::make_shared<gfx::heap_state>();
    state->free_stack.resize(capacity);
    for (u32 i = 0; i < capacity; ++i) state->free_stack[i] = i;
    r.set_heaps({{gfx::heap_info{.name = "demo",
                                 .type = gfx::heap_type::cbv_srv_uav,
                                 .capacity = capacity,
                                 .descriptor_size = 32,
                                 .shader_visible = visible},
                  std::move(state)}});
    return r;
  };
  const auto lines = diff(record(4, true), record(8, false)).describe(en());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "heap 'demo' made again: capacity 4 -> 8"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(), "heap 'demo' made again: shader_visible true -> false"), lines.end());
  EXPECT_TRUE(diff(record(4, true), record(4, true)).empty());
}

// The history keeps only the timings that changed since the previous record; timeline_of
// rebuilds the whole window, equal to what the engine holds.
TEST_F(snapshot_test, the_history_rebuilds_the_timeline_from_deltas) {
  history_ring history{100};
  for (int i = 0; i < 40; ++i) {
    frames(1);
    history.capture(nullptr);
  }
  // A full copy is frame_timing_capacity (8) frames; a delta is this frame and those whose GPU
  // span arrived since the last capture: up to every frame in flight when the GPU caught up.
  static_assert(1 + gfx::frame_slot_count < gfx::frame_timing_capacity);
  EXPECT_LE(history.latest().timings.size(), 1u + gfx::frame_slot_count)
      << "a delta: this frame, and the frames whose GPU span arrived";
  std::vector<gfx::frame_timing> engine;
  gfx::copy_frame_timings(engine);
  const std::vector<gfx::frame_timing> rebuilt = history.timeline_of(history.size() - 1);
  ASSERT_EQ(rebuilt.size(), engine.size());
  for (size_t i = 0; i < engine.size(); ++i) {
    EXPECT_EQ(rebuilt[i].frame, engine[i].frame);
    EXPECT_EQ(rebuilt[i].gpu_end, engine[i].gpu_end);
    EXPECT_EQ(rebuilt[i].stamp, engine[i].stamp);
  }
  // An older record shows the timeline as it was then: its newest frame is that record's.
  const std::vector<gfx::frame_timing> older = history.timeline_of(20);
  ASSERT_FALSE(older.empty());
  EXPECT_EQ(older.back().frame, history.at(20).frame.frame_number - 1);
}

// The trace of a real run: each frame a CPU slice around its wait, recording and submit, a
// GPU slice from the timestamps, a flow from the submit to that GPU work and one from the
// fence value it set to the wait that needed it; the engine's events at their times, inside
// their frames; the marks given.
TEST_F(snapshot_test, a_trace_holds_the_frames_their_flows_and_the_events_at_their_times) {
  event_recorder events;
  history_ring history{50};
  auto heap = gfx::lab::create_heap({.name = "demo", .type = gfx::heap_type::cbv_srv_uav, .capacity = 6});
  ASSERT_TRUE(heap);
  std::vector<trace_mark> marks;
  for (int i = 0; i < 12; ++i) {
    events.new_frame();
    frames(1);
    if (i == 5) {
      const u64 before = gfx::get_engine_time_ns();
      ASSERT_TRUE(gfx::lab::allocate_descriptor(*heap, "first"));
      ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 0));
      gfx::flush_events();
      marks.push_back({before, gfx::get_frame_stats().frame_number, "lesson step 1"});
      // A label the writer must escape: quotes, a backslash, a newline, and bytes that are not
      // UTF-8 (a lead byte past F4, a surrogate's encoding) beside a well-formed euro sign.
      marks.push_back(
          {before, gfx::get_frame_stats().frame_number, "say \"hi\"\\\n\xF8\x80\x80|\xED\xA0\x80|\xE2\x82\xAC"});
    }
    history.capture(&events);
    events.mark_recorded();
  }
  const nlohmann::json trace =
      nlohmann::json::parse(to_trace_json({.history = history, .marks = marks, .adapter = gfx::get_adapter_info()}));
  std::map<std::string, const nlohmann::json*> cpu_frames, gpu_frames;
  std::map<u64, std::map<std::string, const nlohmann::json*>> flows;  // id -> ph -> event
  std::vector<const nlohmann::json*> instants;
  for (const nlohmann::json& e : trace.at("traceEvents")) {
    const std::string ph = e.at("ph");
    if (ph == "X" && e.at("cat") == "frame" && e.at("tid") == 1) cpu_frames[e.at("name")] = &e;
    if (ph == "X" && e.at("tid") == 2) gpu_frames[e.at("name")] = &e;
    if (ph == "s" || ph == "f") flows[e.at("id").get<u64>()][ph] = &e;
    if (ph == "i") instants.push_back(&e);
  }
  const auto us = [](const nlohmann::json& e, const char* key) { return std::llround(e.at(key).get<f64>() * 1000); };
  ASSERT_GE(gpu_frames.size(), 8u);
  for (const auto& [name, gpu] : gpu_frames) {
    EXPECT_EQ(gpu->at("args").at("source"), "timestamps") << "lavapipe has timestamp queries";
    const u64 n = gpu->at("args").at("frame");
    const auto cpu = cpu_frames.find(fmt::format("frame {} (slot {})", n, n % gfx::frame_slot_count));
    ASSERT_NE(cpu, cpu_frames.end()) << name;
    EXPECT_GE(us(*gpu, "ts"), us(*cpu->second, "ts")) << "the GPU starts a frame after the CPU began it";
  }
  // Every flow: one start and one finish, the finish no earlier; a submit runs CPU -> GPU, a
  // fence value GPU -> CPU.
  u32 submits = 0, fences = 0;
  for (const auto& [id, ends] : flows) {
    ASSERT_EQ(ends.size(), 2u) << "flow " << id;
    const nlohmann::json &s = *ends.at("s"), &f = *ends.at("f");
    EXPECT_LE(us(s, "ts"), us(f, "ts")) << s.dump();
    const bool submit = s.at("name") == "submit";
    (submit ? submits : fences)++;
    EXPECT_EQ(s.at("tid"), submit ? 1 : 2);
    EXPECT_EQ(f.at("tid"), submit ? 2 : 1);
  }
  EXPECT_EQ(submits, gpu_frames.size());
  EXPECT_GT(fences, 0u) << "with 3 frames in flight, frame N + 3 waits for frame N's value";
  // The allocation and free of step 1: named as the engine names them, after the mark's time
  // and within the frame the mark names.
  const auto find = [&](std::string_view name) -> const nlohmann::json* {
    for (const nlohmann::json* e : instants)
      if (e->at("name") == name) return e;
    return nullptr;
  };
  const nlohmann::json *allocated = find("allocate demo[0]"), *freed = find("free (deferred) demo[0]"),
                       *mark = find("lesson step 1");
  ASSERT_TRUE(allocated && freed && mark);
  EXPECT_TRUE(find("say \"hi\"\\\n\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD|\xEF\xBF\xBD|\xE2\x82\xAC"))
      << "escaped; a lead byte past F4 and its two strays are three U+FFFD, a surrogate's encoding one "
         "(utfcpp's replace_invalid, as for debug names); the euro sign kept";
  EXPECT_EQ(mark->at("tid"), 3);
  EXPECT_GE(us(*allocated, "ts"), us(*mark, "ts"));
  EXPECT_EQ(allocated->at("args").at("frame"), mark->at("args").at("frame"));
  EXPECT_EQ(allocated->at("args").at("heap"), "demo");
  const auto returned = find("return to the free stack demo[0]");
  ASSERT_TRUE(returned) << "three frames later, slot's fence value completed";
  EXPECT_GT(us(*returned, "ts"), us(*freed, "ts"));
  EXPECT_EQ(trace.at("otherData").at("frames").at(1), history.latest().frame.frame_number);
}

}  // namespace
}  // namespace xe::sandbox

namespace xe::sandbox {
namespace {

// A learner's heap reports whatever their code holds (helper-found: the 07-deferred-free
// skeleton's stack is all invalid_index, and the Heaps tab crashed drawing it).
TEST(descriptor_states, an_entry_outside_the_heap_marks_nothing) {
  heap_record heap;
  heap.info.capacity = 5;
  heap.info.size = 0;
  auto state = std::make_shared<gfx::heap_state>();
  state->free_stack.assign(5, invalid_id);
  state->free_stack[4] = 2;
  heap.state = state;
  const std::vector<descriptor_state> states = descriptor_states(heap);
  ASSERT_EQ(states.size(), 5u);
  EXPECT_EQ(states[2], descriptor_state::free);
  EXPECT_EQ(states[0], descriptor_state::allocated);
}

}  // namespace
}  // namespace xe::sandbox
