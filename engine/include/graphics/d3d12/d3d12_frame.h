#pragma once
// The engine's extension header: what code outside the engine (the sandbox's ImGui
// renderer, tests, benches) may use to record into a surface's frame, with pipelines and
// buffers of its own. A recorder runs while the surface's back buffer is bound as the render
// target (with its depth buffer, viewport and scissor), after the clear and the built-in
// content; it may draw, and it must leave the render target bound.
#include <functional>
#include <string_view>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_pipeline.h"
#include "graphics/d3d12/d3d12_upload.h"
#include "graphics/renderer.h"

namespace xe::gfx::d3d12 {

struct render_context {
  ID3D12GraphicsCommandList* list;
  u32 width;
  u32 height;
  DXGI_FORMAT rtv_format;
  DXGI_FORMAT dsv_format;
  upload_ring& upload;
  pipeline_library& pipelines;
  u32 samples{1};  // the render target's SampleDesc.Count
};

using record_fn = surface_recorder;

// A pipeline for drawing into the surface pass: these shaders and root signature, the
// pass's RTV and DSV formats (defaults otherwise).
pipeline_desc surface_pipeline(const render_context& ctx, shader_bytecode vs, shader_bytecode ps,
                               ID3D12RootSignature* root);
// The same with the engine's own shaders and one of its root signature layouts.
pipeline_desc surface_pipeline(const render_context& ctx, shaders::id vs, shaders::id ps, root_layout layout);

// The built-in content, usable by any recorder.
result<void> record_triangle(const render_context& ctx);
result<void> record_gpu_load(const render_context& ctx, u32 passes);
// A full-screen triangle sampling the texture behind srv (point sampling, clamp).
result<void> record_fullscreen_texture(const render_context& ctx, D3D12_GPU_DESCRIPTOR_HANDLE srv);

// Buffers an extension owns (the ImGui font atlas), made the engine's way: named and
// tracked (listed in Resources and in snapshots), and released through the deferred queues.
result<com_ptr<ID3D12Resource>> create_tracked_buffer(std::string_view name, u64 bytes, D3D12_HEAP_TYPE heap,
                                                      D3D12_RESOURCE_STATES initial);
void release_tracked(com_ptr<ID3D12Resource>& buffer);

// Uploads RGBA8 pixels into a texture in state `before` (moved to COPY_DEST first when it is
// another; rows top to bottom) and leaves it in PIXEL_SHADER_RESOURCE. Runs on its own
// command list and waits: between frames only.
result<void> upload_texture_rgba8(ID3D12Resource* texture, const u8* pixels, u32 width, u32 height,
                                  D3D12_RESOURCE_STATES before = D3D12_RESOURCE_STATE_COPY_DEST);
// Copies bytes into a buffer in COPY_DEST state (from its start) and leaves it in after.
// Same rules as upload_texture_rgba8.
result<void> upload_buffer(ID3D12Resource* buffer, const void* data, u64 bytes, D3D12_RESOURCE_STATES after);

}  // namespace xe::gfx::d3d12
