#include "graphics/d3d12/d3d12_resources.h"

#include "graphics/d3d12/d3d12_core.h"

namespace xe::gfx::d3d12 {

D3D12_RESOURCE_DESC make_texture2d_desc(const texture_desc& desc) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
  d.Width = desc.width;
  d.Height = desc.height;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.Format = desc.format;
  d.SampleDesc.Count = 1;
  d.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
  d.Flags = desc.flags;
  return d;
}

namespace {

D3D12_CLEAR_VALUE make_clear_value(const texture_desc& desc) {
  D3D12_CLEAR_VALUE clear{};
  clear.Format = desc.clear_format != DXGI_FORMAT_UNKNOWN ? desc.clear_format : desc.format;
  if (desc.clear_color) {
    for (u32 i = 0; i < 4; ++i) clear.Color[i] = (*desc.clear_color)[i];
  } else if (desc.clear_depth) {
    clear.DepthStencil.Depth = *desc.clear_depth;
    clear.DepthStencil.Stencil = 0;
  }
  return clear;
}

} // namespace

result<com_ptr<ID3D12Resource>> create_committed_texture(const texture_desc& desc) {
  if (desc.width == 0 || desc.height == 0)
    return make_error(errc::invalid_argument, fmt::format("texture '{}' has a zero extent ({}x{})", desc.name,
                                                          desc.width, desc.height));
  ID3D12Device* device = core::device();
  const D3D12_RESOURCE_DESC d = make_texture2d_desc(desc);
  D3D12_HEAP_PROPERTIES heap{};
  heap.Type = D3D12_HEAP_TYPE_DEFAULT;
  const bool has_clear = desc.clear_color.has_value() || desc.clear_depth.has_value();
  const D3D12_CLEAR_VALUE clear = make_clear_value(desc);

  com_ptr<ID3D12Resource> resource;
  XE_TRY_HR(device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &d, desc.initial_state,
                                            has_clear ? &clear : nullptr, IID_PPV_ARGS(resource.put())));
  const D3D12_RESOURCE_ALLOCATION_INFO info = device->GetResourceAllocationInfo(0, 1, &d);
  core::track(resource.get(), {.name = desc.name,
                               .type = "texture2d",
                               .kind = resource_kind::committed,
                               .width = desc.width,
                               .height = desc.height,
                               .format = desc.format,
                               .bytes = info.SizeInBytes});
  return resource;
}

result<com_ptr<ID3D12Resource>> create_buffer(std::string_view name, u64 bytes, D3D12_HEAP_TYPE heap_type,
                                              D3D12_RESOURCE_STATES initial_state) {
  if (bytes == 0) return make_error(errc::invalid_argument, fmt::format("buffer '{}' has zero size", name));
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  d.Width = bytes;
  d.Height = 1;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.Format = DXGI_FORMAT_UNKNOWN;
  d.SampleDesc.Count = 1;
  d.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  D3D12_HEAP_PROPERTIES heap{};
  heap.Type = heap_type;

  com_ptr<ID3D12Resource> resource;
  XE_TRY_HR(core::device()->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &d, initial_state, nullptr,
                                                    IID_PPV_ARGS(resource.put())));
  core::track(resource.get(),
              {.name = name, .type = "buffer", .kind = resource_kind::committed, .width = static_cast<u32>(bytes),
               .height = 1, .format = DXGI_FORMAT_UNKNOWN, .bytes = bytes});
  return resource;
}

void transition(ID3D12GraphicsCommandList* list, ID3D12Resource* resource, D3D12_RESOURCE_STATES before,
                D3D12_RESOURCE_STATES after) {
  D3D12_RESOURCE_BARRIER barrier{};
  barrier.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  barrier.Flags = D3D12_RESOURCE_BARRIER_FLAG_NONE;
  barrier.Transition.pResource = resource;
  barrier.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  barrier.Transition.StateBefore = before;
  barrier.Transition.StateAfter = after;
  list->ResourceBarrier(1, &barrier);
}

} // namespace xe::gfx::d3d12
