#include <algorithm>
#include <cstdio>
#include <thread>
#include <random>
#include <chrono>

#include "gpu_test.h"
#include "graphics/d3d12/d3d12_command.h"
#include "engine_access.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_fence.h"
#include "graphics/d3d12/d3d12_resources.h"

namespace xe::test {
namespace {

using renderer_test = gpu_test;

TEST(renderer_lifecycle, init_and_shutdown_release_every_reference) {
  for (int round = 0; round < 2; ++round) {
    auto r = gfx::initialize();
    ASSERT_TRUE(r) << r.error_value().reason;
    EXPECT_TRUE(gfx::is_initialized());
    auto surface = gfx::create_surface({.width = 64, .height = 64});
    ASSERT_TRUE(surface);
    for (int i = 0; i < 5; ++i) {
      ASSERT_TRUE(gfx::begin_frame());
      ASSERT_TRUE(gfx::render_surface(*surface, gfx::color{}));
      ASSERT_TRUE(gfx::end_frame());
    }
    EXPECT_EQ(gfx::get_validation_error_count(), 0u);
    const gfx::shutdown_report report = gfx::shutdown();
    EXPECT_EQ(report.device_references_left, 0u);
    EXPECT_EQ(report.objects_still_tracked, 0u);
    EXPECT_FALSE(gfx::is_initialized());
  }
}

TEST(renderer_lifecycle, calls_before_initialize_are_errors) {
  EXPECT_EQ(gfx::begin_frame().error_value().code, errc::not_initialized);
  EXPECT_EQ(gfx::create_surface({}).error_value().code, errc::not_initialized);
  EXPECT_EQ(gfx::flush().error_value().code, errc::not_initialized);
  const gfx::shutdown_report report = gfx::shutdown();  // harmless
  EXPECT_EQ(report.device_references_left, 0u);
}

TEST(renderer_lifecycle, bad_desc_is_rejected) {
  gfx::renderer_desc desc;
  desc.frames_in_flight = 0;
  EXPECT_EQ(gfx::initialize(desc).error_value().code, errc::invalid_argument);
  desc.frames_in_flight = 4;
  EXPECT_EQ(gfx::initialize(desc).error_value().code, errc::invalid_argument);
  EXPECT_FALSE(gfx::is_initialized());
}

TEST_F(renderer_test, adapter_is_described) {
  const gfx::adapter_info& a = gfx::get_adapter_info();
  EXPECT_FALSE(a.name.empty());
  EXPECT_FALSE(a.runtime.empty());
  EXPECT_GE(a.feature_level, 0xb000u);
  EXPECT_GE(a.shader_model, 0x50u);
  for (u32 size : a.descriptor_sizes) EXPECT_GT(size, 0u);
  auto device = std::find_if(a.interfaces.begin(), a.interfaces.end(),
                             [](const gfx::interface_support& i) { return i.name == "ID3D12Device"; });
  ASSERT_NE(device, a.interfaces.end());
  EXPECT_TRUE(device->supported);
  EXPECT_EQ(a.interfaces.size(), 12u + 7u + 1u);
}

TEST_F(renderer_test, thousand_frames_have_monotonic_fences) {
  auto surface = gfx::create_surface({.width = 32, .height = 32});
  ASSERT_TRUE(surface);
  u64 last = gfx::get_frame_stats().cpu_fence_value;
  for (int i = 0; i < 1000; ++i) {
    run_frame({*surface});
    const gfx::frame_stats s = gfx::get_frame_stats();
    ASSERT_EQ(s.cpu_fence_value, last + 1);
    ASSERT_LE(s.gpu_completed, s.cpu_fence_value);
    // The slot just used records the value signalled for it; the next frame takes the next slot.
    ASSERT_EQ(s.slot_fence_values[s.frame_slot], s.cpu_fence_value);
    ASSERT_EQ(s.next_frame_slot, (s.frame_slot + 1) % gfx::frame_slot_count);
    last = s.cpu_fence_value;
  }
  EXPECT_EQ(gfx::get_frame_stats().frame_number, 1000u);
  XE_ASSERT_OK(gfx::flush());
  const gfx::frame_stats s = gfx::get_frame_stats();
  EXPECT_EQ(s.gpu_completed, s.cpu_fence_value);
}

// Frame N's begin_frame returns once frame N - frames_in_flight has completed: at most
// frames_in_flight - 1 submitted frames are still running then. The completed value never
// steps back, even where vkd3d's own does.
TEST_F(renderer_test, frames_pending_at_begin_never_exceed_frames_in_flight_minus_one) {
  auto surface = gfx::create_surface({.width = 256, .height = 256});
  ASSERT_TRUE(surface);
  for (u32 in_flight : {3u, 2u, 1u}) {
    XE_ASSERT_OK(gfx::set_frames_in_flight(in_flight));
    EXPECT_EQ(gfx::get_frame_stats().max_pending_at_begin, 0u) << "restarted when frames in flight are set";
    u64 completed = gfx::get_frame_stats().gpu_completed, blocked = gfx::get_frame_stats().blocked_waits;
    f64 waited = gfx::get_frame_stats().wait_ms_total;
    for (int i = 0; i < 60; ++i) {
      ASSERT_TRUE(gfx::begin_frame());
      const gfx::frame_stats s = gfx::get_frame_stats();
      ASSERT_LE(s.pending_at_begin, in_flight - 1);
      ASSERT_GE(s.pending_at_begin, s.cpu_fence_value - s.gpu_completed) << "the GPU only moves on";
      ASSERT_GE(s.gpu_completed, completed);
      ASSERT_GE(s.blocked_waits, blocked);
      ASSERT_GE(s.wait_ms_total, waited);
      completed = s.gpu_completed;
      blocked = s.blocked_waits;
      waited = s.wait_ms_total;
      ASSERT_TRUE(gfx::render_surface(*surface, gfx::frame_content{.gpu_load_passes = 2}));
      ASSERT_TRUE(gfx::end_frame());
    }
    EXPECT_LE(gfx::get_frame_stats().max_pending_at_begin, in_flight - 1);
  }
}

// With one frame in flight, begin_frame returns only after the previous frame finished.
// vkd3d 1.2 can move a fence's completed value backwards when a signal completes at once
// while its fence thread still holds an older one (d3d12_fence.h): here a small frame, a
// moment of CPU work, then a flush, a few times per thousand. Whenever the value is seen
// below what a flush waited for, a wait for that value must still end (it signals again).
TEST_F(renderer_test, waits_end_when_a_fence_value_goes_backwards) {
  auto surface = gfx::create_surface({.width = 16, .height = 16});
  XE_ASSERT_OK(surface);
  std::mt19937 rng{7};
  u32 regressions = 0;
  const u64 resignals_before = gfx::d3d12::fence_resignals();
  for (int i = 0; i < 2000; ++i) {
    run_frame({*surface});
    const auto spin = std::chrono::microseconds(rng() % 300);
    for (const auto t0 = std::chrono::steady_clock::now(); std::chrono::steady_clock::now() - t0 < spin;) {}
    XE_ASSERT_OK(gfx::flush());
    const u64 flushed = gfx::get_frame_stats().cpu_fence_value;
    for (int k = 0; k < 10 && gfx::get_frame_stats().gpu_completed >= flushed; ++k)
      std::this_thread::sleep_for(std::chrono::microseconds(50));
    if (gfx::get_frame_stats().gpu_completed < flushed) {
      ++regressions;
      XE_ASSERT_OK(test::engine().command.wait_for(flushed));
    }
  }
  XE_ASSERT_OK(gfx::remove_surface(*surface));
  std::printf("fence values seen going backwards: %u; re-signals: %llu\n", regressions,
              static_cast<unsigned long long>(gfx::d3d12::fence_resignals() - resignals_before));
}

TEST_F(renderer_test, one_frame_in_flight_serialises_cpu_and_gpu) {
  XE_ASSERT_OK(gfx::set_frames_in_flight(1));
  auto surface = gfx::create_surface({.width = 256, .height = 256});
  ASSERT_TRUE(surface);
  for (int i = 0; i < 50; ++i) {
    const u64 previous = gfx::get_frame_stats().cpu_fence_value;
    ASSERT_TRUE(gfx::begin_frame());
    ASSERT_GE(gfx::get_frame_stats().gpu_completed, previous);
    ASSERT_TRUE(gfx::render_surface(*surface, gfx::color{}));
    ASSERT_TRUE(gfx::end_frame());
  }
  EXPECT_EQ(gfx::get_frame_stats().frames_in_flight, 1u);
  EXPECT_EQ(gfx::set_frames_in_flight(0).error_value().code, errc::invalid_argument);
  EXPECT_EQ(gfx::set_frames_in_flight(4).error_value().code, errc::invalid_argument);
}

// A descriptor freed in frame N returns at the start of frame N + 3 (its slot's next
// turn, after that slot's fence completed), not a frame earlier.
TEST_F(renderer_test, deferred_free_returns_exactly_when_its_slot_comes_round) {
  auto heap = gfx::lab::create_heap({.name = "demo", .type = gfx::heap_type::cbv_srv_uav, .capacity = 5});
  ASSERT_TRUE(heap) << heap.error_value().reason;
  ASSERT_EQ(*heap, gfx::engine_heap_count);
  auto surface = gfx::create_surface({.width = 16, .height = 16});
  ASSERT_TRUE(surface);

  ASSERT_TRUE(gfx::begin_frame());
  const u32 slot = gfx::get_frame_stats().frame_slot;
  auto a = gfx::lab::allocate_descriptor(*heap);
  auto b = gfx::lab::allocate_descriptor(*heap);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(*a, 0u);
  EXPECT_EQ(*b, 1u);
  XE_ASSERT_OK(gfx::lab::free_descriptor(*heap, *a));
  ASSERT_TRUE(gfx::render_surface(*surface, gfx::color{}));
  ASSERT_TRUE(gfx::end_frame());
  const u64 freeing_frame_value = gfx::get_frame_stats().slot_fence_values[slot];

  gfx::heap_state state;
  for (int i = 0; i < 2; ++i) {
    run_frame({*surface});
    gfx::copy_heap_state(*heap, state);
    EXPECT_EQ(state.deferred[slot], (std::vector<u32>{0})) << "returned too early, after frame " << i + 1;
    EXPECT_EQ(gfx::get_heap_info(*heap).size, 2u);
  }
  ASSERT_TRUE(gfx::begin_frame());
  EXPECT_EQ(gfx::get_frame_stats().frame_slot, slot);
  EXPECT_GE(gfx::get_frame_stats().gpu_completed, freeing_frame_value);
  gfx::copy_heap_state(*heap, state);
  EXPECT_TRUE(state.deferred[slot].empty());
  EXPECT_EQ(state.free_stack, (std::vector<u32>{0, 0, 2, 3, 4}));
  EXPECT_EQ(gfx::get_heap_info(*heap).size, 1u);
  auto next = gfx::lab::allocate_descriptor(*heap);
  ASSERT_TRUE(next);
  EXPECT_EQ(*next, 0u);
  ASSERT_TRUE(gfx::end_frame());
}

TEST_F(renderer_test, learner_heap_api_guards_engine_heaps_and_names) {
  EXPECT_EQ(gfx::lab::allocate_descriptor(0).error_value().code, errc::invalid_argument);
  EXPECT_EQ(gfx::lab::free_descriptor(0, 0).error_value().code, errc::invalid_argument);
  EXPECT_EQ(gfx::lab::allocate_descriptor(99).error_value().code, errc::invalid_handle);
  ASSERT_TRUE(gfx::lab::create_heap({.name = "samplers", .type = gfx::heap_type::sampler, .capacity = 4}));
  EXPECT_EQ(
      gfx::lab::create_heap({.name = "samplers", .type = gfx::heap_type::sampler, .capacity = 4}).error_value().code,
      errc::invalid_argument);
  auto found = gfx::lab::find_heap("samplers");
  ASSERT_TRUE(found);
  EXPECT_TRUE(gfx::lab::allocate_descriptor(*found));
  EXPECT_EQ(gfx::lab::find_heap("nope").error_value().code, errc::invalid_handle);
}

// A COM object released in frame N stays queued (and tracked) until frame N + 3 begins.
TEST_F(renderer_test, deferred_release_waits_for_its_slot_fence) {
  auto surface = gfx::create_surface({.width = 16, .height = 16});
  ASSERT_TRUE(surface);
  ASSERT_TRUE(gfx::begin_frame());
  const u32 slot = gfx::get_frame_stats().frame_slot;
  gfx::d3d12::texture_desc desc;
  desc.name = "doomed texture";
  desc.width = desc.height = 8;
  auto texture = gfx::d3d12::create_committed_texture(test::engine_device(), desc);
  ASSERT_TRUE(texture);
  gfx::d3d12::deferred_release(*texture);
  EXPECT_FALSE(*texture);
  ASSERT_TRUE(gfx::render_surface(*surface, gfx::color{}));
  ASSERT_TRUE(gfx::end_frame());
  const u64 value = gfx::get_frame_stats().slot_fence_values[slot];

  auto queued = [&] {
    std::array<std::vector<gfx::object_info>, gfx::frame_slot_count> deferred;
    gfx::copy_deferred_releases(deferred);
    return std::any_of(deferred[slot].begin(), deferred[slot].end(),
                       [](const gfx::object_info& o) { return o.name == "doomed texture"; });
  };
  auto tracked = [] {
    std::vector<gfx::resource_info> resources;
    gfx::copy_resources(resources);
    return std::find_if(resources.begin(), resources.end(),
                        [](const gfx::resource_info& r) { return r.name == "doomed texture"; }) != resources.end();
  };
  EXPECT_TRUE(queued());
  for (int i = 0; i < 2; ++i) {
    run_frame({*surface});
    EXPECT_TRUE(queued()) << "released too early, after frame " << i + 1;
    EXPECT_TRUE(tracked());
  }
  ASSERT_TRUE(gfx::begin_frame());
  EXPECT_GE(gfx::get_frame_stats().gpu_completed, value);
  EXPECT_FALSE(queued());
  EXPECT_FALSE(tracked());
  ASSERT_TRUE(gfx::end_frame());
}

TEST_F(renderer_test, clear_colour_reads_back_exactly) {
  auto surface = gfx::create_surface({.width = 67, .height = 41, .back_buffer_count = 2});
  ASSERT_TRUE(surface);
  EXPECT_EQ(gfx::take_capture(*surface).error_value().code, errc::invalid_argument) << "nothing requested";
  XE_ASSERT_OK(gfx::request_capture(*surface));
  EXPECT_EQ(gfx::take_capture(*surface).error_value().code, errc::invalid_argument) << "not rendered since";
  const gfx::color colours[] = {{51 / 255.f, 102 / 255.f, 153 / 255.f, 1.f}, {1.f, 0.f, 204 / 255.f, 0.f}};
  for (const gfx::color& c : colours) {
    run_frame({*surface}, {0.5f, 0.5f, 0.5f, 1.f});
    auto image = capture(*surface, c);
    ASSERT_TRUE(image) << image.error_value().reason;
    ASSERT_EQ(image->width, 67u);
    ASSERT_EQ(image->height, 41u);
    const u8 expected[4] = {static_cast<u8>(c.r * 255.f + 0.5f), static_cast<u8>(c.g * 255.f + 0.5f),
                            static_cast<u8>(c.b * 255.f + 0.5f), static_cast<u8>(c.a * 255.f + 0.5f)};
    for (size_t p = 0; p < image->pixels.size(); p += 4)
      ASSERT_TRUE(std::equal(expected, expected + 4, image->pixels.begin() + p)) << "pixel " << p / 4;
  }
}

TEST_F(renderer_test, surfaces_reuse_the_newest_freed_slot) {
  std::vector<gfx::surface_id> ids;
  for (int i = 0; i < 3; ++i) {
    auto s = gfx::create_surface({.width = 16, .height = 16});
    ASSERT_TRUE(s);
    EXPECT_EQ(s->index(), static_cast<u32>(i));
    ids.push_back(*s);
  }
  XE_ASSERT_OK(gfx::remove_surface(ids[1]));
  gfx::surfaces_info info = gfx::calculate_surfaces_info();
  EXPECT_EQ(info.capacity, 3u);
  EXPECT_EQ(info.next_free, 1u);
  EXPECT_FALSE(info.slots[1].live);
  EXPECT_EQ(gfx::remove_surface(ids[1]).error_value().code, errc::invalid_handle) << "double remove";

  auto again = gfx::create_surface({.width = 24, .height = 8});
  ASSERT_TRUE(again);
  EXPECT_EQ(again->index(), 1u);
  EXPECT_NE(again->value, ids[1].value) << "a new generation";
  EXPECT_EQ(gfx::render_surface(ids[1], gfx::color{}).error_value().code, errc::invalid_handle) << "stale id";
  info = gfx::calculate_surfaces_info();
  EXPECT_TRUE(info.slots[1].live);
  EXPECT_EQ(info.slots[1].width, 24u);
  EXPECT_EQ(info.slots[1].rtv_indices.size(), 3u);
  run_frame({ids[0], *again, ids[2]});
}

TEST_F(renderer_test, resize_rebuilds_back_buffers_and_returns_rtvs) {
  auto surface = gfx::create_surface({.width = 40, .height = 30});
  ASSERT_TRUE(surface);
  run_frame({*surface});
  const u32 rtv_baseline = gfx::get_heap_info(0).size;
  const u32 dsv_baseline = gfx::get_heap_info(1).size;
  XE_ASSERT_OK(gfx::resize_surface(*surface, 100, 50));
  EXPECT_EQ(gfx::get_heap_info(0).size, rtv_baseline + 3) << "old RTVs wait in the deferred queue";
  EXPECT_EQ(gfx::get_heap_info(1).size, dsv_baseline + 1) << "the old DSV waits too";
  auto image = capture(*surface);
  ASSERT_TRUE(image);
  EXPECT_EQ(image->width, 100u);
  EXPECT_EQ(image->height, 50u);
  for (int i = 0; i < 3; ++i) run_frame({*surface});
  EXPECT_EQ(gfx::get_heap_info(0).size, rtv_baseline);
  EXPECT_EQ(gfx::get_heap_info(1).size, dsv_baseline);
  EXPECT_EQ(gfx::resize_surface(*surface, 0, 10).error_value().code, errc::invalid_argument);
}

TEST_F(renderer_test, frame_call_order_misuse_is_reported) {
  auto surface = gfx::create_surface({.width = 8, .height = 8});
  ASSERT_TRUE(surface);
  EXPECT_EQ(gfx::create_surface({.width = 0, .height = 8}).error_value().code, errc::invalid_argument);
  EXPECT_EQ(gfx::create_surface({.width = 8, .height = 8, .back_buffer_count = 5}).error_value().code,
            errc::invalid_argument);
  EXPECT_EQ(gfx::render_surface(*surface, gfx::color{}).error_value().code, errc::invalid_argument);
  EXPECT_EQ(gfx::end_frame().error_value().code, errc::invalid_argument);
  ASSERT_TRUE(gfx::begin_frame());
  EXPECT_EQ(gfx::begin_frame().error_value().code, errc::invalid_argument);
  ASSERT_TRUE(gfx::render_surface(*surface, gfx::color{}));
  EXPECT_EQ(gfx::render_surface(*surface, gfx::color{}).error_value().code, errc::invalid_argument);
  EXPECT_EQ(gfx::flush().error_value().code, errc::invalid_argument);
  EXPECT_EQ(gfx::remove_surface(*surface).error_value().code, errc::invalid_argument);
  ASSERT_TRUE(gfx::end_frame());
}

}  // namespace
}  // namespace xe::test

namespace xe::test {
namespace {

// D3D12's view-format rules, answered by the engine and, for allowed pairs, created on
// the device (a wrong "allowed" would show up as a validation error in TearDown).
TEST_F(renderer_test, view_formats_follow_the_casting_rules) {
  const auto check = [](const char* resource, const char* view) {
    auto r = gfx::lab::check_view_format(resource, view);
    EXPECT_TRUE(r) << resource << " as " << view << ": " << r.error_value().reason;
    return r ? *r : gfx::lab::view_format_check{};
  };
  const gfx::lab::view_format_check same = check("R8G8B8A8_UNORM", "R8G8B8A8_UNORM");
  EXPECT_TRUE(same.allowed && same.created);
  const gfx::lab::view_format_check typeless = check("R32_TYPELESS", "R32_FLOAT");
  EXPECT_TRUE(typeless.allowed && typeless.created);
  const gfx::lab::view_format_check wiki = check("R32_FLOAT", "R8G8B8A8_UNORM");  // wiki 7.9's claim
  EXPECT_FALSE(wiki.allowed || wiki.created);
  EXPECT_NE(wiki.rule.find("family"), std::string::npos) << wiki.rule;
  // Even where fully typed casts are supported, these two never are.
  const gfx::lab::view_format_check float_uint = check("R32_FLOAT", "R32_UINT");
  EXPECT_FALSE(float_uint.allowed || float_uint.created) << float_uint.rule;
  const gfx::lab::view_format_check snorm_unorm = check("R8G8B8A8_SNORM", "R8G8B8A8_UNORM");
  EXPECT_FALSE(snorm_unorm.allowed || snorm_unorm.created) << snorm_unorm.rule;
  // Within a family otherwise: exactly what the device reports.
  const gfx::lab::view_format_check srgb = check("R8G8B8A8_UNORM", "R8G8B8A8_UNORM_SRGB");
  EXPECT_EQ(srgb.allowed, srgb.casting_fully_typed_supported) << srgb.rule;
  EXPECT_EQ(srgb.created, srgb.allowed);
  EXPECT_FALSE(gfx::lab::check_view_format("R32_FLOAT", "R32_TYPELESS"));  // a view must be typed
  EXPECT_FALSE(gfx::lab::check_view_format("R99_MAGIC", "R32_FLOAT"));
  (void)gfx::flush();
  run_frame();
  run_frame();
  run_frame();
}

}  // namespace
}  // namespace xe::test
