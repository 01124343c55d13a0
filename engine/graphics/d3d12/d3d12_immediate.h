#pragma once
// immediate_context: one-off GPU work outside frames (texture and buffer uploads). Its own
// allocator and command list, executed on the engine's queue and waited on its own fence,
// so the frame fence counts frames and flushes only.
#include <functional>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_runtime.h"

namespace xe::gfx::d3d12 {

class immediate_context {
public:
  immediate_context() = default;
  XE_DISABLE_COPY_AND_MOVE(immediate_context);
  ~immediate_context() = default;

  result<void> initialize(ID3D12Device* device, ID3D12CommandQueue* queue);
  void release();
  // Records into the list, submits it and waits for it: between frames only.
  result<void> run(const std::function<void(ID3D12GraphicsCommandList*)>& record);

private:
  ID3D12CommandQueue* _queue{nullptr};
  com_ptr<ID3D12CommandAllocator> _allocator;
  com_ptr<ID3D12GraphicsCommandList> _list;
  com_ptr<ID3D12Fence> _fence;
  u64 _value{0};
  runtime::fence_event _event{nullptr};
};

struct core_state;

// d3d12_frame.h's upload_texture_rgba8 and upload_buffer, on the core they are handed.
result<void> upload_texture_rgba8(core_state& g, ID3D12Resource* texture, const u8* pixels, u32 width, u32 height,
                                  D3D12_RESOURCE_STATES before);
result<void> upload_buffer(core_state& g, ID3D12Resource* buffer, const void* data, u64 bytes,
                           D3D12_RESOURCE_STATES after);

}  // namespace xe::gfx::d3d12
