#pragma once
// Waiting for a fence on the CPU, the one way the engine does it: SetEventOnCompletion,
// then a wait in short slices that can give up. A wait on which the GPU makes no progress
// for fence_wait_limit_ms fails with errc::device_hung instead of hanging the process; one
// that has lasted a second after interrupt_fence_waits() (SIGINT/SIGTERM) fails with
// errc::stopped, which is no fault and is not logged as one. From then on gpu_hung() is
// true and the renderer does no more GPU work (stopped_on_request() tells the two apart).
//
// vkd3d 1.2 can move a fence's completed value backwards: a Signal whose Vulkan fence has
// already completed sets the value at once, while its fence thread may still hold an older
// signal of the same fence and write that value afterwards. The GPU is then idle, the value
// stuck one signal short, and nothing will ever raise it (seen here: flushes, and frames
// with every window minimised, whose signals complete at once). A wait that sees no
// progress therefore signals the highest value already signalled on the fence once more, at
// the end of the queue: that value completes only after all earlier work, so it is true
// whenever it lands, and it lifts a value that went backwards.
#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_runtime.h"

namespace xe::gfx::d3d12 {

constexpr u32 fence_wait_limit_ms{60'000};

// Who signals the fence and the highest value signalled on it so far (the wait re-signals
// it after no progress; see above).
struct fence_source {
  ID3D12CommandQueue* queue;
  u64 last_signalled;
};

// Waits until fence has reached value; waited_ms (optional) receives the time spent.
result<void> wait_for_fence(ID3D12Fence* fence, u64 value, runtime::fence_event event, const fence_source& source,
                            f32* waited_ms = nullptr);
bool gpu_hung();
bool stopped_on_request();  // gpu_hung() because a wait was given up on request
u64 fence_resignals();      // how often a wait had to signal again (process lifetime)
// Back to normal after the renderer was shut down and is started again.
void reset_fence_waits();

}  // namespace xe::gfx::d3d12
