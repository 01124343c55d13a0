#include "graphics/d3d12/d3d12_immediate.h"

#include <cstring>

#include "graphics/d3d12/d3d12_core_state.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_fence.h"
#include "graphics/d3d12/d3d12_frame.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"

namespace xe::gfx::d3d12 {

result<void> immediate_context::initialize(ID3D12Device* device, ID3D12CommandQueue* queue) {
  _queue = queue;
  XE_TRY(create_command_allocator(device, "immediate command allocator", _allocator));
  XE_TRY(create_command_list(device, _allocator.get(), "immediate command list", _list));
  XE_TRY(create_fence(device, "immediate fence", _fence));
  _event = runtime::create_fence_event();
  if (!_event) return make_error(errc::api_call_failed, "could not create the immediate fence event");
  return {};
}

void immediate_context::release() {
  tracker::release_now(_list);
  tracker::release_now(_allocator);
  tracker::release_now(_fence);
  if (_event) runtime::destroy_fence_event(_event);
  _event = nullptr;
  _queue = nullptr;
}

result<void> immediate_context::run(const std::function<void(ID3D12GraphicsCommandList*)>& record) {
  XE_TRY_HR(_allocator->Reset());
  XE_TRY_HR(_list->Reset(_allocator.get(), nullptr));
  record(_list.get());
  XE_TRY_HR(_list->Close());
  ID3D12CommandList* lists[] = {_list.get()};
  _queue->ExecuteCommandLists(1, lists);
  XE_TRY_HR(_queue->Signal(_fence.get(), ++_value));
  return wait_for_fence(_fence.get(), _value, _event, {_queue, _value});
}

namespace {

// Copies out of staging on the immediate list, then releases staging (the copy completed).
result<void> copy_from_staging(core_state& g, com_ptr<ID3D12Resource>& staging,
                               const std::function<void(ID3D12GraphicsCommandList*)>& record) {
  XE_TRY(g.immediate.run(record));
  tracker::release_now(staging);
  return {};
}

}  // namespace

result<void> upload_texture_rgba8(core_state& g, ID3D12Resource* texture, const u8* pixels, u32 width, u32 height,
                                  D3D12_RESOURCE_STATES before) {
  if (g.in_frame) return make_error(errc::invalid_argument, "texture uploads run between frames");
  const D3D12_RESOURCE_DESC desc = resource_desc(texture);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint{};
  UINT rows = 0;
  UINT64 row_bytes = 0, total = 0;
  g.device->GetCopyableFootprints(&desc, 0, 1, 0, &footprint, &rows, &row_bytes, &total);
  XE_TRY_ASSIGN(auto staging, create_buffer(g.device.get(), "texture upload staging", total, D3D12_HEAP_TYPE_UPLOAD,
                                            D3D12_RESOURCE_STATE_GENERIC_READ));
  void* mapped = nullptr;
  const D3D12_RANGE nothing_read{0, 0};
  XE_TRY_HR(staging->Map(0, &nothing_read, &mapped));
  write_texture_rows(static_cast<u8*>(mapped) + footprint.Offset, footprint.Footprint.RowPitch, pixels, width, height);
  staging->Unmap(0, nullptr);

  return copy_from_staging(g, staging, [&](ID3D12GraphicsCommandList* list) {
    record_texture_upload(list, texture, before, staging.get(), footprint);
  });
}

result<void> upload_buffer(core_state& g, ID3D12Resource* buffer, const void* data, u64 bytes,
                           D3D12_RESOURCE_STATES after) {
  if (g.in_frame) return make_error(errc::invalid_argument, "buffer uploads run between frames");
  const D3D12_RESOURCE_DESC desc = resource_desc(buffer);
  if (desc.Dimension != D3D12_RESOURCE_DIMENSION_BUFFER || bytes > desc.Width)
    return make_error(
        errc::invalid_argument,
        fmt::format("upload of {} bytes into a resource that is not a buffer of at least that size", bytes));
  XE_TRY_ASSIGN(auto staging, create_buffer(g.device.get(), "buffer upload staging", bytes, D3D12_HEAP_TYPE_UPLOAD,
                                            D3D12_RESOURCE_STATE_GENERIC_READ));
  void* mapped = nullptr;
  const D3D12_RANGE nothing_read{0, 0};
  XE_TRY_HR(staging->Map(0, &nothing_read, &mapped));
  std::memcpy(mapped, data, bytes);
  staging->Unmap(0, nullptr);

  return copy_from_staging(g, staging, [&](ID3D12GraphicsCommandList* list) {
    list->CopyBufferRegion(buffer, 0, staging.get(), 0, bytes);
    transition(list, buffer, D3D12_RESOURCE_STATE_COPY_DEST, after);
  });
}

// d3d12_frame.h's entry points: each takes the running core and hands it down.

result<void> upload_texture_rgba8(ID3D12Resource* texture, const u8* pixels, u32 width, u32 height,
                                  D3D12_RESOURCE_STATES before) {
  XE_TRY_ASSIGN(auto* g, running_core());
  return upload_texture_rgba8(*g, texture, pixels, width, height, before);
}

result<void> upload_buffer(ID3D12Resource* buffer, const void* data, u64 bytes, D3D12_RESOURCE_STATES after) {
  XE_TRY_ASSIGN(auto* g, running_core());
  return upload_buffer(*g, buffer, data, bytes, after);
}

result<com_ptr<ID3D12Resource>> create_tracked_buffer(std::string_view name, u64 bytes, D3D12_HEAP_TYPE heap,
                                                      D3D12_RESOURCE_STATES initial) {
  XE_TRY_ASSIGN(auto* g, running_core());
  return create_buffer(g->device.get(), name, bytes, heap, initial);
}

void release_tracked(com_ptr<ID3D12Resource>& buffer) { deferred_release(buffer); }

}  // namespace xe::gfx::d3d12
