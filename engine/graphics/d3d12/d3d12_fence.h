#pragma once
// Waiting for a fence on the CPU, the one way the engine does it: SetEventOnCompletion,
// then a wait in short slices that can give up. A wait on which the GPU makes no progress
// for fence_wait_limit_ms, or one that has lasted a second after interrupt_fence_waits()
// (SIGINT/SIGTERM), fails with errc::device_hung instead of hanging the process; from then
// on gpu_hung() is true and the renderer does no more GPU work.
#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_runtime.h"

namespace xe::gfx::d3d12 {

constexpr u32 fence_wait_limit_ms{60'000};

// Waits until fence has reached value; waited_ms (optional) receives the time spent.
result<void> wait_for_fence(ID3D12Fence* fence, u64 value, runtime::fence_event event, f32* waited_ms = nullptr);
bool gpu_hung();
// Back to normal after the renderer was shut down and is started again.
void reset_fence_waits();

} // namespace xe::gfx::d3d12
