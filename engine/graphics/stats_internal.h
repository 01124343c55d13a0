#pragma once
// Engine-side half of the hooks. emit() delivers an event now; emit_descriptor() queues a
// descriptor event on the calling thread (two stores) for a batch. Both cost one relaxed
// load and a branch when no hook is installed. Every emit() first delivers the thread's
// queue, so a hook sees each thread's events in the order they happened.
#include <atomic>
#include <chrono>

#include "graphics/stats.h"

namespace xe::gfx::detail {

struct hook_state {
  std::atomic<void (*)(const event&, void*)> on_event{nullptr};
  std::atomic<void (*)(u64, u64, std::span<const descriptor_event>, void*)> on_descriptor_events{nullptr};
  std::atomic<void*> user{nullptr};
  std::atomic<bool> installed{false};
  std::atomic<u64> frame{0};
  std::atomic<s64> epoch{0};  // steady_clock ticks at the engine clock's zero (set_clock_epoch)
};
extern hook_state g_hooks;

struct descriptor_event_queue {
  static constexpr u32 capacity{256};  // 4 KB a thread
  u64 frame{0};                        // of every queued event
  u64 time{0};                         // engine clock when the first was queued
  u32 count{0};
  descriptor_event events[capacity];
};
// constinit: no dynamic initialisation, so an access needs no guard or wrapper call.
extern constinit thread_local descriptor_event_queue t_descriptor_events;

// The engine's clock (get_engine_time_ns): nanoseconds since the frame queue was created.
inline u64 clock_ns() {
  const s64 ticks =
      std::chrono::steady_clock::now().time_since_epoch().count() - g_hooks.epoch.load(std::memory_order_relaxed);
  return static_cast<u64>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::duration{ticks}).count());
}
inline void set_clock_epoch() {
  g_hooks.epoch.store(std::chrono::steady_clock::now().time_since_epoch().count(), std::memory_order_relaxed);
}

inline bool hooks_installed() { return g_hooks.installed.load(std::memory_order_relaxed); }

void deliver_descriptor_events(descriptor_event_queue& queue);

inline void emit(event& e) {
  if (!hooks_installed()) return;
  if (t_descriptor_events.count) deliver_descriptor_events(t_descriptor_events);
  auto fn = g_hooks.on_event.load(std::memory_order_acquire);
  if (!fn) return;
  e.frame = g_hooks.frame.load(std::memory_order_relaxed);
  e.time = clock_ns();
  fn(e, g_hooks.user.load(std::memory_order_relaxed));
}

// A batch holds one frame's events. heap is interned: it outlives the queue. Its time is
// read once, for its first event: the hot path stays two stores.
inline void emit_descriptor(event_type type, utl::interned_text heap, u32 index, u32 slot) {
  descriptor_event_queue& queue = t_descriptor_events;
  const u64 frame = g_hooks.frame.load(std::memory_order_relaxed);
  u32 count = queue.count;
  if (count == descriptor_event_queue::capacity || (count && queue.frame != frame)) [[unlikely]] {
    deliver_descriptor_events(queue);
    count = 0;
  }
  if (count == 0) {
    queue.frame = frame;
    queue.time = clock_ns();
  }
  queue.events[count] = {heap, index, static_cast<u16>(slot), type};
  queue.count = count + 1;
}

inline void set_event_frame(u64 frame) { g_hooks.frame.store(frame, std::memory_order_relaxed); }

}  // namespace xe::gfx::detail
