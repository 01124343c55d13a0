// Pipelines on real pixels: the DXBC shaders, root signatures and PSOs draw what their
// HLSL says, checked by reading the offscreen back buffer.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "gpu_test.h"
#include "graphics/d3d12/d3d12_core.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_frame.h"
#include "graphics/d3d12/d3d12_resources.h"

namespace xe::test {
namespace {

using namespace gfx::d3d12;
using pipeline_test = gpu_test;

// Renders one frame of surface with content and extra, capturing it.
result<gfx::image_rgba8> capture_with(gfx::surface_id surface, const gfx::frame_content& content,
                                      const record_fn& extra = {}) {
  XE_TRY(gfx::request_capture(surface));
  XE_TRY(gfx::begin_frame());
  XE_TRY(gfx::render_surface(surface, content, extra));
  XE_TRY(gfx::end_frame());
  return gfx::take_capture(surface);
}

// A texture with an SRV in the engine's shader-visible heap, filled with pixels.
struct test_texture {
  com_ptr<ID3D12Resource> resource;
  descriptor_handle srv;
  ~test_texture() {
    if (srv.is_valid()) (void)core::srv_heap().free(srv);
    deferred_release(resource);
  }
};
void make_texture(test_texture& t, u32 w, u32 h, const std::vector<u8>& pixels) {
  texture_desc desc;
  desc.name = "test texture";
  desc.width = w;
  desc.height = h;
  desc.initial_state = D3D12_RESOURCE_STATE_COPY_DEST;
  auto resource = create_committed_texture(core::device(), desc);
  ASSERT_TRUE(resource);
  t.resource = std::move(*resource);
  XE_ASSERT_OK(upload_texture_rgba8(t.resource.get(), pixels.data(), w, h));
  auto srv = core::srv_heap().allocate();
  ASSERT_TRUE(srv);
  t.srv = *srv;
  core::device()->CreateShaderResourceView(t.resource.get(), nullptr, t.srv.cpu);
}

TEST_F(pipeline_test, triangle_centre_is_interpolated_and_corners_keep_the_clear_colour) {
  auto surface = gfx::create_surface({.width = 64, .height = 64});
  ASSERT_TRUE(surface);
  const gfx::color clear{0.f, 0.f, 0.f, 1.f};
  auto image = capture_with(*surface, {clear, true, 0});
  ASSERT_TRUE(image) << image.error_value().reason;
  // The centroid of (0, .5), (.5, -.5), (-.5, -.5) is (0, -1/6): pixel (32, 37). Each vertex
  // colour weighs a third there.
  EXPECT_PIXEL_NEAR(pixel(*image, 32, 37), 85, 85, 85, 12);
  // Near each vertex its own colour dominates.
  EXPECT_GT(pixel(*image, 32, 18).r, 200);
  EXPECT_GT(pixel(*image, 46, 46).g, 200);
  EXPECT_GT(pixel(*image, 18, 46).b, 200);
  for (auto [x, y] : {std::pair<u32, u32>{0, 0}, {63, 0}, {0, 63}, {63, 63}}) EXPECT_PIXEL_NEAR(pixel(*image, x, y), 0, 0, 0, 0);
}

TEST_F(pipeline_test, textured_full_screen_triangle_reproduces_a_2x2_texture) {
  auto surface = gfx::create_surface({.width = 64, .height = 64});
  ASSERT_TRUE(surface);
  test_texture texture;
  make_texture(texture, 2, 2, {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255});
  auto image = capture_with(*surface, {}, [&](const render_context& ctx) {
    return record_fullscreen_texture(ctx, texture.srv.gpu);
  });
  ASSERT_TRUE(image) << image.error_value().reason;
  EXPECT_PIXEL_NEAR(pixel(*image, 16, 16), 255, 0, 0, 0);    // top left: red
  EXPECT_PIXEL_NEAR(pixel(*image, 48, 16), 0, 255, 0, 0);    // top right: green
  EXPECT_PIXEL_NEAR(pixel(*image, 16, 48), 0, 0, 255, 0);    // bottom left: blue
  EXPECT_PIXEL_NEAR(pixel(*image, 48, 48), 255, 255, 255, 0);  // bottom right: white
}

TEST_F(pipeline_test, gpu_load_is_real_work_the_cpu_waits_for_and_leaves_the_image_unchanged) {
  auto surface = gfx::create_surface({.width = 512, .height = 512});
  ASSERT_TRUE(surface);
  auto mean_wait = [&](u32 passes) {
    f64 total = 0;
    for (int i = 0; i < 12; ++i) {
      EXPECT_TRUE(gfx::begin_frame());
      total += gfx::get_frame_stats().last_wait_ms;
      EXPECT_TRUE(gfx::render_surface(*surface, gfx::frame_content{{0.2f, 0.4f, 0.6f, 1.f}, false, passes}));
      EXPECT_TRUE(gfx::end_frame());
    }
    return total / 12;
  };
  const f64 idle = mean_wait(0);
  const f64 loaded = mean_wait(60);
  EXPECT_GT(loaded, idle * 5 + 1.0) << "idle " << idle << " ms, loaded " << loaded << " ms";
  auto image = capture(*surface, {0.2f, 0.4f, 0.6f, 1.f});
  ASSERT_TRUE(image);
  auto loaded_image = capture_with(*surface, {{0.2f, 0.4f, 0.6f, 1.f}, false, 20});
  ASSERT_TRUE(loaded_image);
  EXPECT_EQ(image->pixels, loaded_image->pixels) << "the load passes must not change the picture";
}

TEST_F(pipeline_test, pipelines_are_cached_by_description) {
  auto surface = gfx::create_surface({.width = 16, .height = 16});
  ASSERT_TRUE(surface);
  run_frame({*surface});
  ASSERT_TRUE(gfx::begin_frame());
  ASSERT_TRUE(gfx::render_surface(*surface, gfx::frame_content{{}, true, 1}));
  ASSERT_TRUE(gfx::end_frame());
  std::vector<gfx::object_info> objects;
  gfx::copy_objects(objects);
  const auto psos = std::count_if(objects.begin(), objects.end(), [](auto& o) { return o.type == "ID3D12PipelineState"; });
  EXPECT_EQ(psos, 2);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(gfx::begin_frame());
    ASSERT_TRUE(gfx::render_surface(*surface, gfx::frame_content{{}, true, 1}));
    ASSERT_TRUE(gfx::end_frame());
  }
  gfx::copy_objects(objects);
  EXPECT_EQ(std::count_if(objects.begin(), objects.end(), [](auto& o) { return o.type == "ID3D12PipelineState"; }), psos);
}

class upload_ring_test : public gpu_test {
protected:
  gfx::renderer_desc renderer_desc() const override {
    gfx::renderer_desc d;
    d.upload_bytes_per_slot = 4096;
    return d;
  }
};

TEST_F(upload_ring_test, fills_per_slot_refuses_overflow_and_starts_over_when_its_slot_returns) {
  auto surface = gfx::create_surface({.width = 16, .height = 16});
  ASSERT_TRUE(surface);
  ASSERT_TRUE(gfx::begin_frame());
  const u32 slot = gfx::get_frame_stats().frame_index;
  auto recorded = gfx::render_surface(*surface, {}, [](const render_context& ctx) -> xe::result<void> {
    XE_TRY(ctx.upload.allocate(1000));
    XE_TRY(ctx.upload.allocate(1000));  // aligned to 256: starts at 1024
    auto overflow = ctx.upload.allocate(3000);
    EXPECT_FALSE(overflow);
    EXPECT_EQ(overflow.error_value().code, errc::heap_full);
    return {};
  });
  ASSERT_TRUE(recorded) << recorded.error_value().reason;
  ASSERT_TRUE(gfx::end_frame());
  EXPECT_EQ(gfx::get_upload_stats().used[slot], 2024u);
  EXPECT_EQ(gfx::get_upload_stats().capacity_per_slot, 4096u);
  for (int i = 0; i < 2; ++i) run_frame({*surface});
  EXPECT_EQ(gfx::get_upload_stats().used[slot], 2024u) << "kept until the slot comes round";
  ASSERT_TRUE(gfx::begin_frame());
  EXPECT_EQ(gfx::get_upload_stats().used[slot], 0u);
  EXPECT_EQ(gfx::get_upload_stats().high_water, 2024u);
  ASSERT_TRUE(gfx::end_frame());
}

} // namespace
} // namespace xe::test
