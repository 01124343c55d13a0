// Exercise 06-frame-ring: frame slots and the fence (lesson 06, wiki 6.2-6.4).
//
// The CPU records frame N into slot N % 3 while the GPU may still execute the two frames
// before it. A slot's command allocator may be reset only once the GPU has finished the
// frame that last used it, and the fence says how far the GPU got: each frame ends by
// signalling a new value, and the slot remembers it.
//   begin_frame(fence): if the GPU has not yet reached this slot's value, waits for it
//                       (for that value only: waiting for a newer one throws away the frames
//                       in flight). Returns the slot being recorded (_frame_index).
//   end_frame(fence):   signals the next fence value, keeps it as this slot's value, and
//                       moves _frame_index to the next slot (wiki 6.3, 6.4).
//   flush(fence):       signals one more value and waits until the GPU has reached it: a
//                       value is reached only after everything submitted before it, so the
//                       GPU is then idle, whatever was submitted since the last end_frame().
//                       It leaves _frame_index as it is. (The wiki's 6.4 waits for each
//                       slot's value and sets _frame_index to 0; here, as in the engine and
//                       lesson 06's step 3, flush signals its own value, and frame N always
//                       records into slot N % 3.)
// Add members if you need them; keep the ones below: the inspector reads them.
#include "frame_ring.h"

class frame_ring {
public:
  u32 begin_frame(gpu_fence& fence) {
    // TODO
    (void)fence;
    return _frame_index;
  }

  void end_frame(gpu_fence& fence) {
    // TODO
    (void)fence;
  }

  void flush(gpu_fence& fence) {
    // TODO
    (void)fence;
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
