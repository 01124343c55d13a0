// The engine's built-in frame content (the wiki's first triangle, the GPU-load passes) and the
// pipeline descriptions recorders into a surface pass start from.
#include <cstring>

#include "graphics/d3d12/d3d12_frame.h"

namespace xe::gfx::d3d12 {
namespace {

struct triangle_vertex {
  f32 x, y;
  f32 r, g, b, a;
};

// One vertex each in red, green and blue; the rasteriser interpolates between them.
constexpr triangle_vertex triangle_vertices[3] = {
    {0.f, 0.5f, 1.f, 0.f, 0.f, 1.f}, {0.5f, -0.5f, 0.f, 1.f, 0.f, 1.f}, {-0.5f, -0.5f, 0.f, 0.f, 1.f, 1.f}};
constexpr D3D12_INPUT_ELEMENT_DESC triangle_input[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 8, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};

}  // namespace

pipeline_desc surface_pipeline(const render_context& ctx, shader_bytecode vs, shader_bytecode ps,
                               ID3D12RootSignature* root) {
  pipeline_desc desc;
  desc.vs = vs;
  desc.ps = ps;
  desc.root = root;
  desc.rtv_format = ctx.rtv_format;
  desc.dsv_format = ctx.dsv_format;
  desc.samples = ctx.samples;
  return desc;
}

pipeline_desc surface_pipeline(const render_context& ctx, shaders::id vs, shaders::id ps, root_layout layout) {
  return surface_pipeline(ctx, engine_shader(vs), engine_shader(ps), ctx.pipelines.root_signature(layout));
}

result<void> record_triangle(const render_context& ctx) {
  pipeline_desc desc =
      surface_pipeline(ctx, shaders::id::triangle_vs, shaders::id::triangle_ps, root_layout::vertex_input);
  desc.input = triangle_input;
  XE_TRY_ASSIGN(auto pso, ctx.pipelines.pipeline(desc));
  XE_TRY_ASSIGN(auto vertices, ctx.upload.allocate(sizeof(triangle_vertices), 4));
  std::memcpy(vertices.cpu, triangle_vertices, sizeof(triangle_vertices));

  const D3D12_VERTEX_BUFFER_VIEW view{vertices.gpu, sizeof(triangle_vertices), sizeof(triangle_vertex)};
  ctx.list->SetGraphicsRootSignature(ctx.pipelines.root_signature(root_layout::vertex_input));
  ctx.list->SetPipelineState(pso);
  ctx.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx.list->IASetVertexBuffers(0, 1, &view);
  ctx.list->DrawInstanced(3, 1, 0, 0);
  return {};
}

result<void> record_gpu_load(const render_context& ctx, u32 passes) {
  if (passes == 0) return {};
  pipeline_desc desc =
      surface_pipeline(ctx, shaders::id::fullscreen_vs, shaders::id::flat_color_ps, root_layout::flat_color);
  desc.blend = blend_mode::alpha;
  XE_TRY_ASSIGN(auto pso, ctx.pipelines.pipeline(desc));
  // Alpha 0: every pass reads and writes every pixel, and the image stays as it was.
  const f32 transparent[4] = {0.f, 0.f, 0.f, 0.f};
  ctx.list->SetGraphicsRootSignature(ctx.pipelines.root_signature(root_layout::flat_color));
  ctx.list->SetGraphicsRoot32BitConstants(root_constants_slot, 4, transparent, 0);
  ctx.list->SetPipelineState(pso);
  ctx.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  for (u32 i = 0; i < passes; ++i) ctx.list->DrawInstanced(3, 1, 0, 0);
  return {};
}

result<void> record_fullscreen_texture(const render_context& ctx, D3D12_GPU_DESCRIPTOR_HANDLE srv) {
  const pipeline_desc desc =
      surface_pipeline(ctx, shaders::id::fullscreen_vs, shaders::id::textured_ps, root_layout::textured);
  XE_TRY_ASSIGN(auto pso, ctx.pipelines.pipeline(desc));
  ctx.list->SetGraphicsRootSignature(ctx.pipelines.root_signature(root_layout::textured));
  ctx.list->SetGraphicsRootDescriptorTable(textured_table_slot, srv);
  ctx.list->SetPipelineState(pso);
  ctx.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
  ctx.list->DrawInstanced(3, 1, 0, 0);
  return {};
}

}  // namespace xe::gfx::d3d12
