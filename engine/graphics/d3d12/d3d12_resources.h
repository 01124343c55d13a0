#pragma once
// Resource creation helpers: every resource is named and tracked on creation.
#include <array>
#include <optional>
#include <string>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/renderer.h"

namespace xe::gfx::d3d12 {

struct texture_desc {
  std::string name;
  u32 width{1};
  u32 height{1};
  DXGI_FORMAT format{DXGI_FORMAT_R8G8B8A8_UNORM};
  u32 samples{1};  // SampleDesc.Count (quality 0)
  D3D12_RESOURCE_FLAGS flags{D3D12_RESOURCE_FLAG_NONE};
  D3D12_RESOURCE_STATES initial_state{D3D12_RESOURCE_STATE_COMMON};
  std::optional<std::array<f32, 4>> clear_color;  // render targets: the optimised clear value
  std::optional<f32> clear_depth;                 // depth targets (stencil clears to 0)
  DXGI_FORMAT clear_format{DXGI_FORMAT_UNKNOWN};  // typeless resources: the view format
  bool presentable{};                             // a back buffer (the tracker names state 0 PRESENT)
};

D3D12_RESOURCE_DESC make_texture2d_desc(const texture_desc& desc);

// A committed 2D texture (its own implicit heap).
result<com_ptr<ID3D12Resource>> create_committed_texture(ID3D12Device* device, const texture_desc& desc);

// A buffer in a heap of the given type (upload, readback or default).
result<com_ptr<ID3D12Resource>> create_buffer(ID3D12Device* device, std::string_view name, u64 bytes,
                                              D3D12_HEAP_TYPE heap, D3D12_RESOURCE_STATES initial_state);

// The command objects every submitter owns (frames, immediate uploads, the overlay's
// redraws), named and tracked. The list is created closed, ready for Reset.
result<void> create_command_allocator(ID3D12Device* device, std::string_view name,
                                      com_ptr<ID3D12CommandAllocator>& out);
result<void> create_command_list(ID3D12Device* device, ID3D12CommandAllocator* allocator, std::string_view name,
                                 com_ptr<ID3D12GraphicsCommandList>& out);
// initial_value: what GetCompletedValue returns before the first Signal.
result<void> create_fence(ID3D12Device* device, std::string_view name, com_ptr<ID3D12Fence>& out,
                          u64 initial_value = 0);

// A CPU copy of a 2D texture's first subresource: prepare() makes the readback buffer,
// record() copies into it (the texture in COPY_SOURCE), read() maps it once the copy has
// completed and returns RGBA8, whatever the texture's 8-bit channel order.
struct texture_readback {
  com_ptr<ID3D12Resource> buffer;  // tracked; whoever owns it decides how it is released
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint{};
  u64 bytes{};
  DXGI_FORMAT format{};
  u32 width{};
  u32 height{};

  result<void> prepare(ID3D12Device* device, ID3D12Resource* texture, std::string_view name);
  void record(ID3D12GraphicsCommandList* list, ID3D12Resource* texture) const;
  result<image_rgba8> read() const;
};

// Records a transition barrier of all subresources.
void transition(ID3D12GraphicsCommandList* list, ID3D12Resource* resource, D3D12_RESOURCE_STATES before,
                D3D12_RESOURCE_STATES after);

// A texture's upload, the inverse of texture_readback, from whichever upload memory the caller
// has (a staging buffer, the upload ring): write_texture_rows lays RGBA8 rows (width * 4 bytes
// each) out at row_pitch from dst; record_texture_upload records the copy from source at
// footprint, the texture going from before through COPY_DEST to PIXEL_SHADER_RESOURCE.
void write_texture_rows(u8* dst, u32 row_pitch, const u8* pixels, u32 width, u32 height);
void record_texture_upload(ID3D12GraphicsCommandList* list, ID3D12Resource* texture, D3D12_RESOURCE_STATES before,
                           ID3D12Resource* source, const D3D12_PLACED_SUBRESOURCE_FOOTPRINT& footprint);

}  // namespace xe::gfx::d3d12
