#pragma once
// The sandbox's D3D12 renderer for Dear ImGui draw data, on the engine's own objects: the
// font atlas is a named, tracked engine buffer of RGBA8 texels bound as a root SRV (a
// ui_texture, see imgui_pipeline.h), vertices and indices come from the per-slot upload
// ring, and ImTextureID is a const ui_texture* that outlives the draw data using it.
#include <imgui.h>

#include "imgui/imgui_pipeline.h"

namespace xe::sandbox {

class imgui_renderer {
public:
  imgui_renderer() = default;
  imgui_renderer(const imgui_renderer&) = delete;
  imgui_renderer& operator=(const imgui_renderer&) = delete;
  ~imgui_renderer() { release(); }

  // Builds the font atlas of the current ImGui context (between frames).
  result<void> initialize();
  void release();
  // Records draw_data into the surface pass of ctx.
  result<void> render(const ImDrawData* draw_data, const gfx::d3d12::render_context& ctx);

private:
  gfx::d3d12::com_ptr<ID3D12Resource> _font_texels;
  ui_texture _font{};
};

}  // namespace xe::sandbox
