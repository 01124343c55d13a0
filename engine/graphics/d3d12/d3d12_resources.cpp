#include "graphics/d3d12/d3d12_resources.h"

#include <cstring>
#include <utility>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_tracker.h"

namespace xe::gfx::d3d12 {

D3D12_RESOURCE_DESC make_texture2d_desc(const texture_desc& desc) {
  D3D12_RESOURCE_DESC d{};
  d.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
  d.Width = desc.width;
  d.Height = desc.height;
  d.DepthOrArraySize = 1;
  d.MipLevels = 1;
  d.Format = desc.format;
  d.SampleDesc.Count = desc.samples;
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

}  // namespace

result<com_ptr<ID3D12Resource>> create_committed_texture(ID3D12Device* device, const texture_desc& desc) {
  if (desc.width == 0 || desc.height == 0)
    return make_error(errc::invalid_argument,
                      fmt::format("texture '{}' has a zero extent ({}x{})", desc.name, desc.width, desc.height));
  const D3D12_RESOURCE_DESC d = make_texture2d_desc(desc);
  D3D12_HEAP_PROPERTIES heap{};
  heap.Type = D3D12_HEAP_TYPE_DEFAULT;
  const bool has_clear = desc.clear_color.has_value() || desc.clear_depth.has_value();
  const D3D12_CLEAR_VALUE clear = make_clear_value(desc);

  com_ptr<ID3D12Resource> resource;
  XE_TRY_HR(device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &d, desc.initial_state,
                                            has_clear ? &clear : nullptr, IID_PPV_ARGS(resource.put())));
  const D3D12_RESOURCE_ALLOCATION_INFO info = allocation_info(device, d);
  tracker::track(resource.get(), {.name = desc.name,
                                  .type = "texture2d",
                                  .kind = resource_kind::committed,
                                  .width = desc.width,
                                  .height = desc.height,
                                  .format = desc.format,
                                  .bytes = info.SizeInBytes,
                                  .initial_state = desc.initial_state,
                                  .presentable = desc.presentable});
  return resource;
}

result<void> create_command_allocator(ID3D12Device* device, std::string_view name,
                                      com_ptr<ID3D12CommandAllocator>& out) {
  XE_TRY_HR(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, IID_PPV_ARGS(out.put())));
  tracker::track(out.get(), {.name = name, .type = "ID3D12CommandAllocator"});
  return {};
}

result<void> create_command_list(ID3D12Device* device, ID3D12CommandAllocator* allocator, std::string_view name,
                                 com_ptr<ID3D12GraphicsCommandList>& out) {
  XE_TRY_HR(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, nullptr, IID_PPV_ARGS(out.put())));
  // A new list is open (recording); Reset, which every use begins with, needs it closed.
  XE_TRY_HR(out->Close());
  tracker::track(out.get(), {.name = name, .type = "ID3D12GraphicsCommandList"});
  return {};
}

result<void> create_fence(ID3D12Device* device, std::string_view name, com_ptr<ID3D12Fence>& out, u64 initial_value) {
  XE_TRY_HR(device->CreateFence(initial_value, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(out.put())));
  tracker::track(out.get(), {.name = name, .type = "ID3D12Fence"});
  return {};
}

result<com_ptr<ID3D12Resource>> create_buffer(ID3D12Device* device, std::string_view name, u64 bytes,
                                              D3D12_HEAP_TYPE heap_type, D3D12_RESOURCE_STATES initial_state) {
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
  XE_TRY_HR(device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &d, initial_state, nullptr,
                                            IID_PPV_ARGS(resource.put())));
  tracker::track(resource.get(), {.name = name,
                                  .type = "buffer",
                                  .kind = resource_kind::committed,
                                  .width = static_cast<u32>(bytes),
                                  .height = 1,
                                  .format = DXGI_FORMAT_UNKNOWN,
                                  .bytes = bytes,
                                  .initial_state = initial_state});
  return resource;
}

result<void> texture_readback::prepare(ID3D12Device* device, ID3D12Resource* texture, std::string_view name) {
  const D3D12_RESOURCE_DESC desc = resource_desc(texture);
  UINT rows = 0;
  UINT64 row_bytes = 0, total = 0;
  device->GetCopyableFootprints(&desc, 0, 1, 0, &footprint, &rows, &row_bytes, &total);
  XE_TRY_ASSIGN(auto created,
                create_buffer(device, name, total, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST));
  buffer = std::move(created);
  bytes = total;
  format = desc.Format;
  width = static_cast<u32>(desc.Width);
  height = desc.Height;
  return {};
}

void texture_readback::record(ID3D12GraphicsCommandList* list, ID3D12Resource* texture) const {
  D3D12_TEXTURE_COPY_LOCATION dst{};
  dst.pResource = buffer.get();
  dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
  dst.PlacedFootprint = footprint;
  D3D12_TEXTURE_COPY_LOCATION src{};
  src.pResource = texture;
  src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
  src.SubresourceIndex = 0;
  list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
}

result<image_rgba8> texture_readback::read() const {
  image_rgba8 image;
  image.width = width;
  image.height = height;
  image.pixels.resize(static_cast<size_t>(width) * height * 4);
  void* mapped = nullptr;
  const D3D12_RANGE read_range{0, static_cast<SIZE_T>(bytes)};
  XE_TRY_HR(buffer->Map(0, &read_range, &mapped));
  const bool bgra = format == DXGI_FORMAT_B8G8R8A8_UNORM || format == DXGI_FORMAT_B8G8R8A8_UNORM_SRGB;
  for (u32 y = 0; y < height; ++y) {
    const u8* row =
        static_cast<const u8*>(mapped) + footprint.Offset + static_cast<u64>(y) * footprint.Footprint.RowPitch;
    u8* out = image.pixels.data() + static_cast<size_t>(y) * width * 4;
    std::memcpy(out, row, static_cast<size_t>(width) * 4);
    if (bgra)
      for (u32 x = 0; x < width; ++x) std::swap(out[x * 4], out[x * 4 + 2]);
  }
  const D3D12_RANGE no_write{0, 0};
  buffer->Unmap(0, &no_write);
  return image;
}

void write_texture_rows(u8* dst, u32 row_pitch, const u8* pixels, u32 width, u32 height) {
  for (u32 y = 0; y < height; ++y) std::memcpy(dst + u64{y} * row_pitch, pixels + u64{y} * width * 4, u64{width} * 4);
}

void record_texture_upload(ID3D12GraphicsCommandList* list, ID3D12Resource* texture, D3D12_RESOURCE_STATES before,
                           ID3D12Resource* source, const D3D12_PLACED_SUBRESOURCE_FOOTPRINT& footprint) {
  if (before != D3D12_RESOURCE_STATE_COPY_DEST) transition(list, texture, before, D3D12_RESOURCE_STATE_COPY_DEST);
  D3D12_TEXTURE_COPY_LOCATION dst{};
  dst.pResource = texture;
  dst.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
  D3D12_TEXTURE_COPY_LOCATION src{};
  src.pResource = source;
  src.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
  src.PlacedFootprint = footprint;
  list->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  transition(list, texture,
             XE_FAULT(barrier_wrong_before_state) ? D3D12_RESOURCE_STATE_COMMON : D3D12_RESOURCE_STATE_COPY_DEST,
             D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE);
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
  tracker::record_transition(resource, before, after);
}

}  // namespace xe::gfx::d3d12
