#pragma once
// Dear ImGui's pipeline in the surface pass, owned by the sandbox: its two shaders (built
// with the engine's DXBC builder; assets/shaders/imgui_*.hlsl shows them as HLSL), its
// vertex layout (ImDrawVert), its root signature and alpha blending.
//
// The texture is read from a raw buffer bound as a root SRV, not through a descriptor
// table: Wine 8's d3d12 (vkd3d 1.6) rejects every SetGraphicsRootDescriptorTable on a
// Vulkan driver without VK_EXT_descriptor_indexing (lavapipe before Mesa 23), so a
// table-bound texture draws nothing there. Root SRVs work on every D3D12.
#include "graphics/d3d12/d3d12_frame.h"

namespace xe::sandbox {

// A texture the ui pipeline samples (nearest texel, clamped to the edge): RGBA8 texels, row
// after row with no padding, in a buffer in PIXEL_SHADER_RESOURCE state.
struct ui_texture {
  D3D12_GPU_VIRTUAL_ADDRESS texels{0};
  u32 width{0};
  u32 height{0};
};

struct ui_pipeline {
  ID3D12RootSignature* root;
  ID3D12PipelineState* pso;
};

// The pipeline for ctx's pass, created on first use and cached by ctx.pipelines.
result<ui_pipeline> ui_pipeline_for(const gfx::d3d12::render_context& ctx);
// Sets the pipeline, its root signature and projection: the column-major matrix taking
// pixel coordinates to clip space (the vertex shader reads cb0[i] as column i).
void bind_ui_pipeline(ID3D12GraphicsCommandList* list, const ui_pipeline& pipeline, const f32 (&projection)[16]);
// Binds texture to a list whose current pipeline is the ui one.
void set_ui_texture(ID3D12GraphicsCommandList* list, const ui_texture& texture);

// The shaders' bytecode (static storage), for checks with outside tools.
gfx::d3d12::shader_bytecode ui_vertex_shader();
gfx::d3d12::shader_bytecode ui_pixel_shader();

}  // namespace xe::sandbox
