#pragma once
// Engine-side half of the hooks. emit() delivers an event now; emit_descriptor() queues a
// descriptor event on the calling thread (two stores) for a batch. Both cost one relaxed
// load and a branch when no hook is installed. Every emit() first delivers the thread's
// queue, so a hook sees each thread's events in the order they happened.
#include <atomic>

#include "graphics/stats.h"

namespace xe::gfx::detail {

struct hook_state {
  std::atomic<void (*)(const event&, void*)> on_event{nullptr};
  std::atomic<void (*)(u64, std::span<const descriptor_event>, void*)> on_descriptor_events{nullptr};
  std::atomic<void*> user{nullptr};
  std::atomic<bool> installed{false};
  std::atomic<u64> frame{0};
};
extern hook_state g_hooks;

struct descriptor_event_queue {
  static constexpr u32 capacity{256};  // 4 KB a thread
  u64 frame{0};                        // of every queued event
  u32 count{0};
  descriptor_event events[capacity];
};
// constinit: no dynamic initialisation, so an access needs no guard or wrapper call.
extern constinit thread_local descriptor_event_queue t_descriptor_events;

inline bool hooks_installed() { return g_hooks.installed.load(std::memory_order_relaxed); }

void deliver_descriptor_events(descriptor_event_queue& queue);

inline void emit(event& e) {
  if (!hooks_installed()) return;
  if (t_descriptor_events.count) deliver_descriptor_events(t_descriptor_events);
  auto fn = g_hooks.on_event.load(std::memory_order_acquire);
  if (!fn) return;
  e.frame = g_hooks.frame.load(std::memory_order_relaxed);
  fn(e, g_hooks.user.load(std::memory_order_relaxed));
}

// A batch holds one frame's events. heap is interned: it outlives the queue.
inline void emit_descriptor(event_type type, utl::interned_text heap, u32 index, u32 slot) {
  descriptor_event_queue& queue = t_descriptor_events;
  const u64 frame = g_hooks.frame.load(std::memory_order_relaxed);
  u32 count = queue.count;
  if (count == descriptor_event_queue::capacity || (count && queue.frame != frame)) [[unlikely]] {
    deliver_descriptor_events(queue);
    count = 0;
  }
  if (count == 0) queue.frame = frame;
  queue.events[count] = {heap, index, static_cast<u16>(slot), type};
  queue.count = count + 1;
}

inline void set_event_frame(u64 frame) { g_hooks.frame.store(frame, std::memory_order_relaxed); }

}  // namespace xe::gfx::detail
