#include "imgui/imgui_renderer.h"

#include <algorithm>
#include <cstring>


namespace xe::sandbox {

using namespace gfx::d3d12;

result<void> imgui_renderer::initialize() {
  release();
  ImGuiIO& io = ImGui::GetIO();
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  // The pixel shader reads the nearest texel: anti-aliased lines must be geometry, not
  // lines baked into the atlas that need filtering.
  if (!(io.Fonts->Flags & ImFontAtlasFlags_NoBakedLines)) {
    io.Fonts->Flags |= ImFontAtlasFlags_NoBakedLines;
    io.Fonts->ClearTexData();
  }
  io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  if (!pixels || width <= 0 || height <= 0) return make_error(errc::invalid_argument, "ImGui built no font atlas");
  const u64 bytes = u64{static_cast<u32>(width)} * static_cast<u32>(height) * 4;
  XE_TRY_ASSIGN(auto texels, create_tracked_buffer("imgui font atlas (RGBA8 texels)", bytes, D3D12_HEAP_TYPE_DEFAULT,
                                                   D3D12_RESOURCE_STATE_COPY_DEST));
  _font_texels = std::move(texels);
  XE_TRY(upload_buffer(_font_texels.get(), pixels, bytes, D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE));
  _font = {_font_texels->GetGPUVirtualAddress(), static_cast<u32>(width), static_cast<u32>(height)};
  io.Fonts->SetTexID(&_font);  // ImTextureID is a void*
  return {};
}

void imgui_renderer::release() {
  if (!gfx::is_initialized()) return;
  _font = {};
  release_tracked(_font_texels);
}

result<void> imgui_renderer::render(const ImDrawData* draw_data, const render_context& ctx) {
  // The pipeline first, drawn or not (ImGui hides a window sized to content on its first
  // frame): the engine's object list must not depend on whether that frame had any.
  XE_TRY_ASSIGN(auto pipeline, ui_pipeline_for(ctx));
  if (!draw_data || draw_data->TotalVtxCount == 0 || draw_data->DisplaySize.x <= 0 || draw_data->DisplaySize.y <= 0)
    return {};

  static_assert(sizeof(ImDrawVert) == 20 && sizeof(ImDrawIdx) == 2, "ui_vertex layout: float2, float2, rgba8; u16");
  const size_t vertex_bytes = static_cast<size_t>(draw_data->TotalVtxCount) * sizeof(ImDrawVert);
  const size_t index_bytes = static_cast<size_t>(draw_data->TotalIdxCount) * sizeof(ImDrawIdx);
  XE_TRY_ASSIGN(auto vertices, ctx.upload.allocate(vertex_bytes, 4));
  XE_TRY_ASSIGN(auto indices, ctx.upload.allocate(index_bytes, 4));
  u8* vtx = vertices.cpu;
  u8* idx = indices.cpu;
  for (int n = 0; n < draw_data->CmdListsCount; ++n) {
    const ImDrawList* list = draw_data->CmdLists[n];
    const size_t v = static_cast<size_t>(list->VtxBuffer.Size) * sizeof(ImDrawVert);
    const size_t i = static_cast<size_t>(list->IdxBuffer.Size) * sizeof(ImDrawIdx);
    std::memcpy(vtx, list->VtxBuffer.Data, v);
    std::memcpy(idx, list->IdxBuffer.Data, i);
    vtx += v;
    idx += i;
  }

  // The display rectangle to clip space, y down.
  const f32 l = draw_data->DisplayPos.x, r = l + draw_data->DisplaySize.x;
  const f32 t = draw_data->DisplayPos.y, b = t + draw_data->DisplaySize.y;
  const f32 projection[16] = {2.f / (r - l),     0,    0,  0, 0, 2.f / (t - b), 0, 0, 0, 0, 0.5f, 0, (r + l) / (l - r),
                              (t + b) / (b - t), 0.5f, 1.f};

  ID3D12GraphicsCommandList* list = ctx.list;
  const D3D12_VERTEX_BUFFER_VIEW vbv{vertices.gpu, static_cast<UINT>(vertex_bytes), sizeof(ImDrawVert)};
  const D3D12_INDEX_BUFFER_VIEW ibv{indices.gpu, static_cast<UINT>(index_bytes), DXGI_FORMAT_R16_UINT};
  bind_ui_pipeline(list, pipeline, projection);
  list->IASetVertexBuffers(0, 1, &vbv);
  list->IASetIndexBuffer(&ibv);
  list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);

  const ui_texture* bound = nullptr;  // the root signature was just set: nothing is bound
  UINT vertex_offset = 0, index_offset = 0;
  for (int n = 0; n < draw_data->CmdListsCount; ++n) {
    const ImDrawList* cmd_list = draw_data->CmdLists[n];
    for (const ImDrawCmd& cmd : cmd_list->CmdBuffer) {
      if (cmd.UserCallback) {
        if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(cmd_list, &cmd);
        continue;
      }
      const f32 x0 = std::max(cmd.ClipRect.x - l, 0.f), y0 = std::max(cmd.ClipRect.y - t, 0.f);
      const f32 x1 = std::min(cmd.ClipRect.z - l, static_cast<f32>(ctx.width));
      const f32 y1 = std::min(cmd.ClipRect.w - t, static_cast<f32>(ctx.height));
      if (x1 <= x0 || y1 <= y0) continue;
      const D3D12_RECT scissor{static_cast<LONG>(x0), static_cast<LONG>(y0), static_cast<LONG>(x1),
                               static_cast<LONG>(y1)};
      list->RSSetScissorRects(1, &scissor);
      const auto* texture = static_cast<const ui_texture*>(cmd.GetTexID());
      if (!texture) return make_error(errc::invalid_argument, "ImGui draw command without a texture");
      if (texture != bound) set_ui_texture(list, *texture);
      bound = texture;
      list->DrawIndexedInstanced(cmd.ElemCount, 1, index_offset + cmd.IdxOffset,
                                 static_cast<INT>(vertex_offset + cmd.VtxOffset), 0);
    }
    vertex_offset += static_cast<UINT>(cmd_list->VtxBuffer.Size);
    index_offset += static_cast<UINT>(cmd_list->IdxBuffer.Size);
  }
  const D3D12_RECT full{0, 0, static_cast<LONG>(ctx.width), static_cast<LONG>(ctx.height)};
  list->RSSetScissorRects(1, &full);
  return {};
}

}  // namespace xe::sandbox
