// Pipelines on real pixels: the DXBC shaders, root signatures and PSOs draw what their
// HLSL says, checked by reading the offscreen back buffer.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "gpu_test.h"
#include "engine_access.h"
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
    if (srv.is_valid()) (void)test::engine().srv_heap().free(srv);
    deferred_release(resource);
  }
};
void make_texture(test_texture& t, u32 w, u32 h, const std::vector<u8>& pixels) {
  texture_desc desc;
  desc.name = "test texture";
  desc.width = w;
  desc.height = h;
  desc.initial_state = D3D12_RESOURCE_STATE_COPY_DEST;
  auto resource = create_committed_texture(test::engine_device(), desc);
  ASSERT_TRUE(resource);
  t.resource = std::move(*resource);
  XE_ASSERT_OK(upload_texture_rgba8(t.resource.get(), pixels.data(), w, h));
  auto srv = test::engine().srv_heap().allocate();
  ASSERT_TRUE(srv);
  t.srv = *srv;
  test::engine_device()->CreateShaderResourceView(t.resource.get(), nullptr, t.srv.cpu);
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
  for (auto [x, y] : {std::pair<u32, u32>{0, 0}, {63, 0}, {0, 63}, {63, 63}})
    EXPECT_PIXEL_NEAR(pixel(*image, x, y), 0, 0, 0, 0);
}

TEST_F(pipeline_test, textured_full_screen_triangle_reproduces_a_2x2_texture) {
  auto surface = gfx::create_surface({.width = 64, .height = 64});
  ASSERT_TRUE(surface);
  test_texture texture;
  make_texture(texture, 2, 2, {255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255});
  auto image = capture_with(*surface, {},
                            [&](const render_context& ctx) { return record_fullscreen_texture(ctx, texture.srv.gpu); });
  ASSERT_TRUE(image) << image.error_value().reason;
  EXPECT_PIXEL_NEAR(pixel(*image, 16, 16), 255, 0, 0, 0);      // top left: red
  EXPECT_PIXEL_NEAR(pixel(*image, 48, 16), 0, 255, 0, 0);      // top right: green
  EXPECT_PIXEL_NEAR(pixel(*image, 16, 48), 0, 0, 255, 0);      // bottom left: blue
  EXPECT_PIXEL_NEAR(pixel(*image, 48, 48), 255, 255, 255, 0);  // bottom right: white
}

// Lesson 14's quad: the learner texture uploaded through the upload ring as the frame began,
// read through a descriptor table. On a 256x128 surface the quad is 64x64 at (96, 32): one
// pixel per texel, so every pixel is the texel at its place; around it, the clear colour.
TEST_F(pipeline_test, textured_quad_shows_the_tiles_through_a_descriptor_table_and_the_clear_colour_around_it) {
  auto surface = gfx::create_surface({.width = 256, .height = 128});
  ASSERT_TRUE(surface);
  XE_ASSERT_OK(gfx::lab::create_texture({.name = "tiles", .width = 64, .height = 64}));
  XE_ASSERT_OK(gfx::lab::queue_texture_upload("tiles", gfx::lab::texture_pattern::tiles));
  gfx::frame_content content{{0.1f, 0.2f, 0.3f, 1.f}};
  content.quad_texture = "tiles";
  auto image = capture_with(*surface, content);
  ASSERT_TRUE(image) << image.error_value().reason;
  const u64 ring_used = gfx::get_upload_stats().used[0];
  EXPECT_GE(ring_used, 64u * 256u) << "the texels come through frame 0's part of the upload ring";

  // The tiles pattern as renderer.h documents it.
  const auto tile = [](u32 x, u32 y) {
    static constexpr u8 colours[4][3] = {{230, 60, 50}, {60, 200, 80}, {50, 110, 230}, {240, 200, 40}};
    const u8* c = colours[(y >= 32 ? 2 : 0) + (x >= 32 ? 1 : 0)];
    const bool odd = (x / 8 + y / 8) % 2;
    return std::array<u8, 3>{odd ? c[0] : u8(c[0] / 2), odd ? c[1] : u8(c[1] / 2), odd ? c[2] : u8(c[2] / 2)};
  };
  u32 wrong = 0;
  for (u32 y = 0; y < 64; ++y)
    for (u32 x = 0; x < 64; ++x) {
      const auto want = tile(x, y);
      const auto got = pixel(*image, 96 + x, 32 + y);
      if (std::abs(got.r - want[0]) > 1 || std::abs(got.g - want[1]) > 1 || std::abs(got.b - want[2]) > 1) ++wrong;
    }
  EXPECT_EQ(wrong, 0u) << "pixels of the quad that are not the texel at their place";
  EXPECT_PIXEL_NEAR(pixel(*image, 96 + 12, 32 + 4), 230, 60, 50, 1);    // top left quadrant, a light cell
  EXPECT_PIXEL_NEAR(pixel(*image, 96 + 4, 32 + 4), 115, 30, 25, 1);     // ...a dark one
  EXPECT_PIXEL_NEAR(pixel(*image, 96 + 52, 32 + 12), 60, 200, 80, 1);   // top right, light
  EXPECT_PIXEL_NEAR(pixel(*image, 96 + 4, 32 + 52), 25, 55, 115, 1);    // bottom left, dark
  EXPECT_PIXEL_NEAR(pixel(*image, 96 + 36, 32 + 44), 240, 200, 40, 1);  // bottom right, light
  // The clear colour (26, 51, 77) all around, right up to the quad's edges.
  for (auto [x, y] : {std::pair<u32, u32>{0, 0}, {255, 127}, {95, 64}, {160, 64}, {128, 31}, {128, 96}, {40, 100}}) {
    SCOPED_TRACE(testing::Message() << "pixel " << x << "," << y);
    EXPECT_PIXEL_NEAR(pixel(*image, x, y), 26, 51, 77, 1);
  }

  // The engine's own measurement agrees: every pixel of its quad is the texel it samples.
  auto m = gfx::lab::measure_textured_quad("tiles");
  ASSERT_TRUE(m) << m.error_value().reason;
  EXPECT_EQ(m->quad_pixels, 64u * 64u);
  EXPECT_EQ(m->texel_pixels, m->quad_pixels);
  EXPECT_EQ(m->outside_clear, m->outside_pixels);
}

// Before its upload has landed the quad draws nothing (no texels to show), and a quad naming
// a texture that does not exist fails the frame with the name.
TEST_F(pipeline_test, textured_quad_waits_for_its_pixels_and_names_a_missing_texture) {
  auto surface = gfx::create_surface({.width = 64, .height = 64});
  ASSERT_TRUE(surface);
  XE_ASSERT_OK(gfx::lab::create_texture({.name = "later", .width = 8, .height = 8}));
  gfx::frame_content content{{0.f, 0.f, 0.f, 1.f}};
  content.quad_texture = "later";
  auto image = capture_with(*surface, content);
  ASSERT_TRUE(image) << image.error_value().reason;
  EXPECT_PIXEL_NEAR(pixel(*image, 32, 32), 0, 0, 0, 0);
  EXPECT_FALSE(gfx::lab::measure_textured_quad("later"));
  content.quad_texture = "missing";
  ASSERT_TRUE(gfx::begin_frame());
  auto r = gfx::render_surface(*surface, content);
  ASSERT_FALSE(r);
  EXPECT_NE(r.error_value().reason.find("'missing'"), std::string::npos) << r.error_value().reason;
  ASSERT_TRUE(gfx::end_frame());
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
  const auto psos =
      std::count_if(objects.begin(), objects.end(), [](auto& o) { return o.type == "ID3D12PipelineState"; });
  EXPECT_EQ(psos, 2);
  for (int i = 0; i < 3; ++i) {
    ASSERT_TRUE(gfx::begin_frame());
    ASSERT_TRUE(gfx::render_surface(*surface, gfx::frame_content{{}, true, 1}));
    ASSERT_TRUE(gfx::end_frame());
  }
  gfx::copy_objects(objects);
  EXPECT_EQ(std::count_if(objects.begin(), objects.end(), [](auto& o) { return o.type == "ID3D12PipelineState"; }),
            psos);
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
  const u32 slot = gfx::get_frame_stats().frame_slot;
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

}  // namespace
}  // namespace xe::test
