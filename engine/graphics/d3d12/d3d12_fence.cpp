#include "graphics/d3d12/d3d12_fence.h"

#include <algorithm>
#include <atomic>
#include <chrono>

#include "graphics/renderer.h"

namespace xe::gfx::d3d12 {
namespace {

constexpr u32 slice_ms{20};
constexpr f32 interrupted_after_ms{1000.f};
// No progress for this long: signal again, and again each time it passes. A re-signal can
// lose the race it repairs, so it repeats at a steady pace; on a busy queue it is one more
// signal behind the work.
constexpr f32 resignal_after_ms{20.f};

std::atomic<bool> g_interrupted{false};
std::atomic<bool> g_hung{false};
std::atomic<bool> g_stopped{false};  // g_hung because a wait was given up on request
std::atomic<u64> g_resignals{0};
std::atomic<u64> g_waits{0};
std::atomic<u64> g_long_waits{0};
std::atomic<u32> g_longest_us{0};

void note_wait(f32 ms) {
  ++g_waits;
  if (ms > 100.f) ++g_long_waits;
  const u32 us = static_cast<u32>(std::min(ms * 1000.f, 4e9f));
  for (u32 seen = g_longest_us.load(); us > seen && !g_longest_us.compare_exchange_weak(seen, us);) {}
}

}  // namespace

result<void> wait_for_fence(ID3D12Fence* fence, u64 value, runtime::fence_event event, const fence_source& source,
                            f32* waited_ms) {
  XE_ASSERT(value <= source.last_signalled);
  using clock = std::chrono::steady_clock;
  if (waited_ms) *waited_ms = 0.f;
  if (g_stopped) return make_error(errc::stopped, "stopping on request: no more waits");
  if (g_hung) return make_error(errc::device_hung, "the GPU stopped completing work earlier: no more waits");
  u64 completed = fence->GetCompletedValue();
  if (completed >= value) return {};
  const auto start = clock::now();
  auto progress = start;  // when the completed value last moved
  auto resignalled = start;
  const auto elapsed_ms = [](clock::time_point since) {
    return std::chrono::duration<f32, std::milli>(clock::now() - since).count();
  };
  while (completed < value) {
    XE_TRY_HR(fence->SetEventOnCompletion(value, event));
    XE_TRY(runtime::wait_fence_event_for(event, slice_ms));
    const u64 now_completed = fence->GetCompletedValue();
    if (now_completed != completed) progress = clock::now();
    completed = now_completed;
    if (completed >= value) break;
    const f32 quiet = std::min(elapsed_ms(progress), elapsed_ms(resignalled));
    if (quiet >= resignal_after_ms) {
      XE_TRY_HR(source.queue->Signal(fence, source.last_signalled));
      resignalled = clock::now();
      ++g_resignals;
    }
    const bool no_progress = elapsed_ms(progress) >= static_cast<f32>(fence_wait_limit_ms);
    const bool interrupted = g_interrupted.load(std::memory_order_relaxed) && elapsed_ms(start) >= interrupted_after_ms;
    if (interrupted) {  // the learner asked to stop: not a fault
      note_wait(elapsed_ms(start));
      g_stopped = true;
      g_hung = true;
      auto e = make_error(errc::stopped, fmt::format("stopping on request while the GPU works on fence value {} "
                                                     "({} completed, waited {:.0f} ms)",
                                                     value, completed, elapsed_ms(start)));
      XE_LOG_INFO("{}", e.reason);
      return e;
    }
    if (no_progress) {
      note_wait(elapsed_ms(start));
      g_hung = true;
      auto e = make_error(errc::device_hung, fmt::format("the GPU has not completed fence value {} ({} completed) "
                                                         "after {:.0f} ms",
                                                         value, completed, elapsed_ms(start)));
      XE_LOG_ERROR("{}", e.reason);
      return e;
    }
  }
  const f32 waited = elapsed_ms(start);
  note_wait(waited);
  if (waited_ms) *waited_ms = waited;
  return {};
}

bool gpu_hung() { return g_hung; }
bool stopped_on_request() { return g_stopped; }
u64 fence_resignals() { return g_resignals; }

void reset_fence_waits() {
  g_hung = false;
  g_stopped = false;
}

}  // namespace xe::gfx::d3d12

namespace xe::gfx {

void interrupt_fence_waits() { d3d12::g_interrupted.store(true, std::memory_order_relaxed); }

fence_wait_stats get_fence_wait_stats() {
  return {d3d12::g_waits, static_cast<f32>(d3d12::g_longest_us) / 1000.f, d3d12::g_long_waits, d3d12::g_resignals};
}

}  // namespace xe::gfx
