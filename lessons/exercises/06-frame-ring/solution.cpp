// The reference solution of 06-frame-ring (graded in CI): the wiki's 6.3-6.4, except for
// flush(), which is the engine's: it signals one more value and waits for it, and leaves
// _frame_index as it is (the wiki's waits for each slot's value and sets _frame_index to 0;
// here frame N records into slot N % 3, as in the engine). The engine's
// (engine/graphics/d3d12/d3d12_command.cpp) also resets the slot's allocator after the wait.
#include "frame_ring.h"

class frame_ring {
public:
  u32 begin_frame(gpu_fence& fence) {
    const u64 needed = _slot_fence_values[_frame_index];
    if (fence.completed_value() < needed) fence.wait_for(needed);
    return _frame_index;
  }

  void end_frame(gpu_fence& fence) {
    ++_fence_value;
    _slot_fence_values[_frame_index] = _fence_value;
    fence.signal(_fence_value);
    _frame_index = (_frame_index + 1) % frame_buffer_count;
  }

  void flush(gpu_fence& fence) {
    fence.signal(++_fence_value);
    if (fence.completed_value() < _fence_value) fence.wait_for(_fence_value);
  }

  // Given: what the inspector draws. Leave it as it is.
  void view(u32* frame_index, u64* fence_value, u64* slot_values) const {
    *frame_index = _frame_index;
    *fence_value = _fence_value;
    for (u32 i = 0; i < frame_buffer_count; ++i) slot_values[i] = _slot_fence_values[i];
  }

private:
  u64 _fence_value{0};                           // the last value signalled
  u64 _slot_fence_values[frame_buffer_count]{};  // per slot: the value its last frame signalled
  u32 _frame_index{0};                           // the slot being recorded
};

XE_FRAME_RING(frame_ring)
