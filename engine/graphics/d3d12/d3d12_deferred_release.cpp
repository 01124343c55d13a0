#include "graphics/d3d12/d3d12_deferred_release.h"

#include <algorithm>
#include <mutex>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12 {
namespace {

std::mutex g_mutex;
std::array<std::vector<ID3D12Object*>, frame_slot_count> g_queues{};
// The faults release_at_once and wrong_slot_reclaimed report objects released while the GPU
// may still use them; their memory is really freed only once the GPU is idle, so the wrong
// bookkeeping shows without freeing memory lavapipe is reading.
std::vector<ID3D12Object*> g_kept_for_faults;
const frame_clock* g_clock{nullptr};

}  // namespace

void bind_release_clock(const frame_clock* clock) { g_clock = clock; }

void deferred_release(ID3D12Object* object) {
  XE_ASSERT(object && g_clock);
  const u32 slot = g_clock->slot();
  if (XE_FAULT(release_at_once)) {
    tracker::untrack(object);
    std::lock_guard lock{g_mutex};
    g_kept_for_faults.push_back(object);
    return;
  }
  {
    std::lock_guard lock{g_mutex};
    g_queues[slot].push_back(object);
  }
  const object_info what = tracker::mark_queued(object, slot, g_clock->frame_number());
  if (detail::hooks_installed()) {
    event e{.type = event_type::release_queued, .slot = slot, .name = what.name, .detail = what.type};
    detail::emit(e);
  }
}

void release_deferred(u32 slot, u64 flushed) {
  std::vector<ID3D12Object*> objects;
  {
    std::lock_guard lock{g_mutex};
    objects.swap(g_queues[slot]);
  }
  if (XE_FAULT(release_order_reversed)) std::reverse(objects.begin(), objects.end());
  for (ID3D12Object* object : objects) {
    if (detail::hooks_installed()) {
      const object_info what = tracker::describe(object);
      event e{.type = event_type::release_done, .slot = slot, .name = what.name, .detail = what.type, .value = flushed};
      detail::emit(e);
    }
    tracker::untrack(object);
    if (XE_FAULT(wrong_slot_reclaimed) && !flushed) {
      std::lock_guard lock{g_mutex};
      g_kept_for_faults.push_back(object);
      continue;
    }
    object->Release();
  }
}

void release_kept_for_faults() {
  std::vector<ID3D12Object*> kept;
  {
    std::lock_guard lock{g_mutex};
    kept.swap(g_kept_for_faults);
  }
  for (ID3D12Object* object : kept) object->Release();
}

void release_all_deferred(u64 flushed) {
  const u32 current = g_clock ? g_clock->slot() : 0;
  for (u32 k = 1; k <= frame_slot_count; ++k) release_deferred((current + k) % frame_slot_count, flushed);
  release_kept_for_faults();
}

void copy_release_queues(std::array<std::vector<object_info>, frame_slot_count>& out) {
  for (auto& list : out) list.clear();
  std::lock_guard lock{g_mutex};
  for (u32 slot = 0; slot < frame_slot_count; ++slot)
    for (const ID3D12Object* object : g_queues[slot]) {
      object_info what = tracker::describe(object);
      if (what.name.empty() && what.type.empty()) what = {"(untracked)", "ID3D12Object"};
      out[slot].push_back(std::move(what));
    }
}

}  // namespace xe::gfx::d3d12
