#pragma once
// Engine-side half of the hooks: emit() stamps the frame number and calls the installed
// hook, if any. Costs one relaxed load and a branch when no hook is installed.
#include <atomic>

#include "graphics/stats.h"

namespace xe::gfx::detail {

struct hook_state {
  std::atomic<void (*)(const event&, void*)> on_event{nullptr};
  std::atomic<void*> user{nullptr};
  std::atomic<u64> frame{0};
};
extern hook_state g_hooks;

inline bool hooks_installed() { return g_hooks.on_event.load(std::memory_order_relaxed) != nullptr; }

inline void emit(event& e) {
  auto fn = g_hooks.on_event.load(std::memory_order_acquire);
  if (!fn) return;
  e.frame = g_hooks.frame.load(std::memory_order_relaxed);
  fn(e, g_hooks.user.load(std::memory_order_relaxed));
}

inline void set_event_frame(u64 frame) { g_hooks.frame.store(frame, std::memory_order_relaxed); }

} // namespace xe::gfx::detail
