#pragma once
// d3d12_command: the direct queue, one command list, and frame_slot_count command
// frames (an allocator plus the fence value that marks its last use). Frames count from
// 0; frame N records into slot N % frame_slot_count. With F frames in flight:
//
//   begin_frame()  frame N waits until frame N - F has completed on the GPU (which
//                  includes this slot's previous use), so at most frames N-1 .. N-F+1
//                  may still run while N records; reclaims what waited in the slot,
//                  publishes the slot on the clock, resets the slot's allocator and list
//   ...record...
//   execute()      close the list and submit it
//   signal()       Signal(fence, ++fence_value), remember the value for this slot,
//                  advance the frame number
// With the learner's 06-frame-ring code (d3d12_learner_ring.h), their begin_frame, end_frame
// and flush choose the waits and the values signalled, checked against this record.
// Each frame's times (frame_timing) are kept for the last frame_timing_capacity frames; its
// GPU span is read when begin_frame finds its fence completed.
#include <array>
#include <functional>
#include <memory>
#include <vector>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_frame_clock.h"
#include "graphics/d3d12/d3d12_gpu_timer.h"
#include "graphics/d3d12/d3d12_learner_ring.h"
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
  // From here on the engine's own ring: shutdown's last frame and flush are the engine's, and
  // learner code being replaced has no say in them.
  void drop_learner_ring() { _ring.reset(); }

  // reclaim(slot) runs once the slot's fence has completed, before the slot is published:
  // it returns what waited in the slot (descriptors, COM objects).
  result<void> begin_frame(const std::function<void(u32 slot)>& reclaim = {});
  result<void> execute();
  result<void> signal();
  // Signals a new value and waits for it: all submitted work has finished afterwards.
  result<void> flush();
  // The fault flush_does_not_wait's flush: a new value signalled, nothing waited for.
  result<void> signal_only();
  // Waits (measured) until the fence reaches value; errc::device_hung if the GPU stops.
  result<void> wait_for(u64 value, f32* waited_ms = nullptr);
  // Signals value, above fence_value(), on the queue and makes it the fence value.
  result<void> signal_value(u64 value);

  // Also restarts max_pending_at_begin.
  void set_frames_in_flight(u32 count);

  ID3D12CommandQueue* queue() const { return _queue.get(); }
  ID3D12GraphicsCommandList* list() const { return _list.get(); }
  ID3D12Fence* fence() const { return _fence.get(); }
  // The slot the next begin_frame records into.
  u32 next_slot() const {
    return static_cast<u32>((XE_FAULT(slot_step_two) ? 2 * _frame_number : _frame_number) % frame_slot_count);
  }
  // The engine's one frame slot (d3d12_frame_clock.h).
  const frame_clock& clock() const { return _clock; }
  u64 frame_number() const { return _frame_number; }
  u64 fence_value() const { return _fence_value; }
  // The fence's completed value, never less than one seen before (vkd3d 1.2's own can step
  // back for a while; see d3d12_fence.h), so the stats never show time running backwards.
  u64 completed_value() const;
  u64 slot_fence_value(u32 slot) const { return _frames[slot].fence_value; }
  u32 frames_in_flight() const { return _frames_in_flight; }
  f32 last_wait_ms() const { return _last_wait_ms; }
  // Fence values signalled but not completed when the last begin_frame returned (the
  // submitted frames still running), and the most seen since frames in flight was set.
  u64 pending_at_begin() const { return _pending_at_begin; }
  u64 max_pending_at_begin() const { return _max_pending_at_begin; }
  f64 wait_ms_total() const { return _wait_ms_total; }  // begin_frame waits, summed
  u64 blocked_waits() const { return _blocked_waits; }  // begin_frames that had to block
  bool recording() const { return _recording; }
  f32 cpu_frame_ms() const { return _cpu_frame_ms; }
  f32 gpu_frame_ms() const { return _gpu_frame_ms; }
  u64 gpu_frame() const { return _gpu_frame; }
  // The learner's frame ring, when lab::set_learner_ring_code gave one before initialize.
  const learner_frame_ring* learner_ring() const { return _ring.get(); }
  u64 copy_timings(std::vector<frame_timing>& out, u64 since) const;
  const gpu_clock_info& gpu_clock() const { return _timer.info(); }

private:
  // Engine-clock ns: steady_clock since initialize.
  u64 now_ns() const;
  frame_timing& timing_of(u64 frame) { return _timings[frame % frame_timing_capacity]; }
  void touch(frame_timing& t) { t.stamp = ++_timing_stamp; }
  // Runs a few single-query lists to see whether timestamps work and align their clock.
  result<void> calibrate_timer();
  // Fills the GPU span of every signalled frame whose fence has completed.
  void collect_gpu_times();

  struct command_frame {
    com_ptr<ID3D12CommandAllocator> allocator;
    u64 fence_value{0};
  };

  com_ptr<ID3D12CommandQueue> _queue;
  com_ptr<ID3D12GraphicsCommandList> _list;
  com_ptr<ID3D12Fence> _fence;
  runtime::fence_event _fence_event{nullptr};
  std::array<command_frame, frame_slot_count> _frames{};
  u64 _fence_value{0};
  u64 _frame_number{0};
  frame_clock _clock;
  u32 _frames_in_flight{frame_slot_count};
  f32 _last_wait_ms{0.f};
  mutable u64 _completed_seen{0};
  u64 _pending_at_begin{0};
  u64 _max_pending_at_begin{0};
  f64 _wait_ms_total{0.0};
  u64 _blocked_waits{0};
  bool _recording{false};
  gpu_timer _timer;
  std::array<frame_timing, frame_timing_capacity> _timings{};
  u64 _timing_stamp{0};
  u64 _last_wait_begin{0};
  f32 _cpu_frame_ms{0.f};
  f32 _gpu_frame_ms{0.f};
  u64 _gpu_frame{0};
  u64 _last_gpu_end{0};
  std::unique_ptr<learner_frame_ring> _ring;
  // With their ring: a flush ends with a signal on this fence, which proves the queue idle
  // whatever they signalled, and leaves the frame fence's values theirs.
  com_ptr<ID3D12Fence> _idle_fence;
  u64 _idle_value{0};
};

}  // namespace xe::gfx::d3d12
