#pragma once
// d3d12_command: the direct queue, one command list, and frame_buffer_count command
// frames (an allocator plus the fence value that marks its last use). The CPU may run
// at most frames_in_flight frames ahead of the GPU:
//
//   begin_frame()  wait until the frame frames_in_flight back has completed (which
//                  includes this slot's previous use), reset the slot's allocator and list
//   ...record...
//   execute()      close the list and submit it
//   signal()       Signal(fence, ++fence_value), remember the value for this slot,
//                  advance the frame index
#include <array>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_runtime.h"
#include "graphics/stats.h"

namespace xe::gfx::d3d12 {

class d3d12_command {
public:
  d3d12_command() = default;
  XE_DISABLE_COPY_AND_MOVE(d3d12_command);
  ~d3d12_command();

  result<void> initialize(ID3D12Device* device);
  // Flushes, then releases everything immediately (the queue is idle afterwards).
  void release();

  result<void> begin_frame();
  result<void> execute();
  result<void> signal();
  // Signals a new value and waits for it: all submitted work has finished afterwards.
  result<void> flush();
  // Waits (measured) until the fence reaches value; errc::device_hung if the GPU stops.
  result<void> wait_for(u64 value, f32* waited_ms = nullptr);

  void set_frames_in_flight(u32 count);

  ID3D12CommandQueue* queue() const { return _queue.get(); }
  ID3D12GraphicsCommandList* list() const { return _list.get(); }
  ID3D12Fence* fence() const { return _fence.get(); }
  u32 frame_index() const { return _frame_index; }
  u64 frame_number() const { return _frame_number; }
  u64 fence_value() const { return _fence_value; }
  u64 completed_value() const { return _fence ? _fence->GetCompletedValue() : 0; }
  u64 slot_fence_value(u32 slot) const { return _frames[slot].fence_value; }
  u32 frames_in_flight() const { return _frames_in_flight; }
  f32 last_wait_ms() const { return _last_wait_ms; }
  bool recording() const { return _recording; }

private:
  struct command_frame {
    com_ptr<ID3D12CommandAllocator> allocator;
    u64 fence_value{0};
  };

  com_ptr<ID3D12CommandQueue> _queue;
  com_ptr<ID3D12GraphicsCommandList> _list;
  com_ptr<ID3D12Fence> _fence;
  runtime::fence_event _fence_event{nullptr};
  std::array<command_frame, frame_buffer_count> _frames{};
  u64 _fence_value{0};
  u64 _frame_number{0};
  u32 _frame_index{0};
  u32 _frames_in_flight{frame_buffer_count};
  f32 _last_wait_ms{0.f};
  bool _recording{false};
};

} // namespace xe::gfx::d3d12
