#pragma once
// The sandbox's D3D12 renderer for Dear ImGui draw data, on the engine's own objects: the
// font atlas is an engine texture whose SRV comes from the engine's shader-visible heap
// (so the UI's descriptors show up in the inspector, named), vertices and indices come
// from the per-slot upload ring, and ImTextureID is a GPU descriptor handle.
#include <imgui.h>

#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/d3d12/d3d12_frame.h"

namespace xe::sandbox {

class imgui_renderer {
public:
  imgui_renderer() = default;
  imgui_renderer(const imgui_renderer&) = delete;
  imgui_renderer& operator=(const imgui_renderer&) = delete;
  ~imgui_renderer() { release(); }

  // Builds the font atlas texture of the current ImGui context (between frames).
  result<void> initialize();
  void release();
  // Records draw_data into the surface pass of ctx.
  result<void> render(const ImDrawData* draw_data, const gfx::d3d12::render_context& ctx);

private:
  gfx::d3d12::com_ptr<ID3D12Resource> _font_texture;
  gfx::d3d12::descriptor_handle _font_srv;
};

} // namespace xe::sandbox
