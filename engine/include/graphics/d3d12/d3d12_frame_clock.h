#pragma once
// frame_clock: the engine's one frame slot. slot() is the slot of the frame being recorded
// or, between frames, of the last one recorded: the newest frame that may still use what is
// freed or released now, so a deferred free or release made now waits in that slot's queue
// until the slot's fence has completed again.
//
// d3d12_command owns the engine's clock and publishes each frame's slot in begin_frame,
// after that slot's old queues were reclaimed (never before: a free landing in a slot
// between its publication and its reclaim would come back while earlier frames still run).
// Standalone heaps (tests, the race demonstration) own a clock of their own. Readable from
// any thread.
#include <atomic>

#include "common/types.h"

namespace xe::gfx::d3d12 {

class frame_clock {
public:
  u32 slot() const { return _slot.load(std::memory_order_acquire); }
  // The engine frame number of slot(): stamps frees for the inspector.
  u64 frame_number() const { return _frame.load(std::memory_order_acquire); }

  void publish(u32 slot, u64 frame_number) {
    _frame.store(frame_number, std::memory_order_release);
    _slot.store(slot, std::memory_order_release);
  }

private:
  std::atomic<u32> _slot{0};
  std::atomic<u64> _frame{0};
};

}  // namespace xe::gfx::d3d12
