// Dear ImGui's pipeline (sandbox/imgui/imgui_pipeline.h) on real pixels, through the
// engine's extension header only: the vertex colour modulates the texture, and texels are
// read at the nearest texel with the buffer's row pitch, clamped at the edges.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "gpu_test.h"
#include "imgui/imgui_pipeline.h"

namespace xe::test {
namespace {

using namespace gfx::d3d12;
using sandbox::ui_texture;
using imgui_pipeline_test = gpu_test;

// A ui_texture: RGBA8 texels in a buffer, as the ImGui renderer makes its font atlas.
struct test_ui_texture {
  com_ptr<ID3D12Resource> texels;
  ui_texture texture;
  ~test_ui_texture() { release_tracked(texels); }
};
void make_ui_texture(test_ui_texture& t, u32 w, u32 h, const std::vector<u8>& pixels) {
  ASSERT_EQ(pixels.size(), size_t{w} * h * 4);
  auto buffer =
      create_tracked_buffer("test ui texture", pixels.size(), D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COPY_DEST);
  ASSERT_TRUE(buffer);
  t.texels = std::move(*buffer);
  XE_ASSERT_OK(upload_buffer(t.texels.get(), pixels.data(), pixels.size(), D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE));
  t.texture = {t.texels->GetGPUVirtualAddress(), w, h};
}

// A quad covering a w x h target in pixel coordinates through an orthographic projection,
// uv 0..1, its vertex colour multiplying the texture.
result<gfx::image_rgba8> draw_ui_quad(u32 w, u32 h, const ui_texture& texture, u32 colour) {
  XE_TRY_ASSIGN(auto surface, gfx::create_surface({.width = w, .height = h}));
  struct ui_vertex {
    f32 x, y, u, v;
    u32 rgba;
  };
  const f32 fw = static_cast<f32>(w), fh = static_cast<f32>(h);
  const ui_vertex quad[6] = {{0, 0, 0, 0, colour},  {fw, 0, 1, 0, colour},  {0, fh, 0, 1, colour},
                             {fw, 0, 1, 0, colour}, {fw, fh, 1, 1, colour}, {0, fh, 0, 1, colour}};
  // Projection columns mapping [0, w] x [0, h] to clip space, y down.
  const f32 projection[16] = {2.f / fw, 0, 0, 0, 0, -2.f / fh, 0, 0, 0, 0, 0.5f, 0, -1.f, 1.f, 0.5f, 1.f};
  XE_TRY(gfx::request_capture(surface));
  XE_TRY(gfx::begin_frame());
  XE_TRY(gfx::render_surface(surface, {}, [&](const render_context& ctx) -> result<void> {
    XE_TRY_ASSIGN(auto pipeline, sandbox::ui_pipeline_for(ctx));
    XE_TRY_ASSIGN(auto vertices, ctx.upload.allocate(sizeof(quad), 4));
    std::memcpy(vertices.cpu, quad, sizeof(quad));
    const D3D12_VERTEX_BUFFER_VIEW view{vertices.gpu, sizeof(quad), sizeof(ui_vertex)};
    sandbox::bind_ui_pipeline(ctx.list, pipeline, projection);
    sandbox::set_ui_texture(ctx.list, texture);
    ctx.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    ctx.list->IASetVertexBuffers(0, 1, &view);
    ctx.list->DrawInstanced(6, 1, 0, 0);
    return {};
  }));
  XE_TRY(gfx::end_frame());
  return gfx::take_capture(surface);
}

TEST_F(imgui_pipeline_test, ui_vertices_modulate_the_texture_by_their_colour) {
  test_ui_texture texture;
  make_ui_texture(texture, 1, 1, {128, 255, 64, 255});
  const u32 colour = 0xFF40FFFFu;  // r 255, g 255, b 64, a 255 (bytes r, g, b, a in memory)
  auto image = draw_ui_quad(32, 32, texture.texture, colour);
  ASSERT_TRUE(image) << image.error_value().reason;
  // texel (128, 255, 64) x vertex colour (255, 255, 64) / 255 = (128, 255, 16)
  EXPECT_PIXEL_NEAR(pixel(*image, 16, 16), 128, 255, 16, 2);
  EXPECT_PIXEL_NEAR(pixel(*image, 1, 30), 128, 255, 16, 2);
}

// What a point sampler with clamp addressing gives: a 3x2 texture whose red rises along x
// (0, 127, 254) and green along y (0, 255), stretched over 48x32 pixels, each texel over
// 16x16 of them. Three texels wide, its rows are 12 bytes apart: a wrong row pitch shows in
// green.
TEST_F(imgui_pipeline_test, ui_texture_is_read_at_the_nearest_texel_clamped_at_its_edges) {
  constexpr u32 tw = 3, th = 2, w = 48, h = 32;
  std::vector<u8> texels;
  for (u32 y = 0; y < th; ++y)
    for (u32 x = 0; x < tw; ++x)
      texels.insert(texels.end(), {static_cast<u8>(127 * x), static_cast<u8>(255 * y), 0, 255});
  test_ui_texture texture;
  make_ui_texture(texture, tw, th, texels);
  auto image = draw_ui_quad(w, h, texture.texture, 0xFFFFFFFFu);
  ASSERT_TRUE(image) << image.error_value().reason;
  // The texel under pixel centre p of n pixels over t texels.
  auto filtered = [](u32 p, u32 n, u32 t, f64 step) { return std::floor((p + 0.5) * t / n) * step; };
  for (u32 x : {0u, 7u, 8u, 16u, 24u, 31u, 40u, 47u})
    for (u32 y : {0u, 8u, 16u, 23u, 31u}) {
      const rgba px = pixel(*image, x, y);
      EXPECT_NEAR(px.r, filtered(x, w, tw, 127), 1.5) << "red at " << x << ", " << y;
      EXPECT_NEAR(px.g, filtered(y, h, th, 255), 1.5) << "green at " << x << ", " << y;
      EXPECT_EQ(px.b, 0);
    }
}

// The root signature and PSO are the library's: asked for again, the same objects.
TEST_F(imgui_pipeline_test, root_signature_and_pso_are_created_once_per_library) {
  test_ui_texture texture;
  make_ui_texture(texture, 1, 1, {255, 255, 255, 255});
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(draw_ui_quad(8, 8, texture.texture, 0xFFFFFFFFu));
  std::vector<gfx::object_info> objects;
  gfx::copy_objects(objects);
  auto count = [&](std::string_view name) {
    return std::count_if(objects.begin(), objects.end(), [&](auto& o) { return o.name == name; });
  };
  EXPECT_EQ(count("root signature: imgui"), 1);
  EXPECT_EQ(count("pso: imgui_vs + imgui_ps (blended)"), 1);
}

}  // namespace
}  // namespace xe::test
