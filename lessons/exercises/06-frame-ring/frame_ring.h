#pragma once
// Exercise 06-frame-ring: the command queue's frame slots and its fence (wiki 6.2-6.4,
// lesson 06). Read it; your code goes in frame_ring.cpp.
#include "xe_exercise.h"

// The fence, as the sandbox hands it over: an ID3D12Fence and its event in the engine, a
// model of a GPU in the grader.
struct xe_fence {
  void* self;
  u64 (*completed_value)(void* self);
  void (*wait_for)(void* self, u64 value);
  void (*signal)(void* self, u64 value);
};

class gpu_fence {
public:
  explicit gpu_fence(xe_fence* f) : _f{f} {}
  // The last value the GPU has reached (ID3D12Fence::GetCompletedValue).
  u64 completed_value() { return _f->completed_value(_f->self); }
  // Blocks the CPU until completed_value() >= value (SetEventOnCompletion, then
  // WaitForSingleObject on the event). A value never signalled would wait forever.
  void wait_for(u64 value) { _f->wait_for(_f->self, value); }
  // Asks the queue to set the fence to value once the GPU gets past the work submitted so
  // far (ID3D12CommandQueue::Signal). Returns at once.
  void signal(u64 value) { _f->signal(_f->self, value); }

private:
  xe_fence* _f;
};

struct xe_frame_ring_api {
  u32 abi;
  void* (*create)();
  void (*destroy)(void* self);
  u32 (*begin_frame)(void* self, xe_fence* fence);
  void (*end_frame)(void* self, xe_fence* fence);
  void (*flush)(void* self, xe_fence* fence);
  // What the inspector draws: the slot being recorded, the last value signalled, and each
  // slot's value.
  void (*view)(const void* self, u32* frame_index, u64* fence_value, u64* slot_values);
  const char* (*error)();
};

namespace xe_exercise_glue {
template <typename T>
struct frame_ring_table {
  static void* create() {
    return guarded([]() -> void* { return new T(); }, nullptr);
  }
  static void destroy(void* self) {
    guarded_void([&] { delete static_cast<T*>(self); });
  }
  static u32 begin_frame(void* self, xe_fence* f) {
    return guarded(
        [&] {
          gpu_fence fence{f};
          return static_cast<T*>(self)->begin_frame(fence);
        },
        invalid_index);
  }
  static void end_frame(void* self, xe_fence* f) {
    guarded_void([&] {
      gpu_fence fence{f};
      static_cast<T*>(self)->end_frame(fence);
    });
  }
  static void flush(void* self, xe_fence* f) {
    guarded_void([&] {
      gpu_fence fence{f};
      static_cast<T*>(self)->flush(fence);
    });
  }
  static void view(const void* self, u32* frame_index, u64* fence_value, u64* slot_values) {
    guarded_void([&] { static_cast<const T*>(self)->view(frame_index, fence_value, slot_values); });
  }
  static inline const xe_frame_ring_api api{xe_exercise_abi, create, destroy, begin_frame,
                                            end_frame,       flush,  view,    error};
};
}  // namespace xe_exercise_glue

// XE_FRAME_RING(T) at the end of the exercise's file hands T to the sandbox.
#define XE_FRAME_RING(T)                                                 \
  XE_EXERCISE_EXPORT const xe_frame_ring_api* xe_exercise_frame_ring() { \
    return &xe_exercise_glue::frame_ring_table<T>::api;                  \
  }
