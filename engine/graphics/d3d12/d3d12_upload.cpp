#include "graphics/d3d12/d3d12_upload.h"

#include <algorithm>

#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"

namespace xe::gfx::d3d12 {

result<void> upload_ring::initialize(ID3D12Device* device, const frame_clock& clock, u64 bytes_per_slot,
                                     std::string_view label) {
  _capacity = bytes_per_slot;
  _clock = &clock;
  for (u32 i = 0; i < frame_slot_count; ++i) {
    slot_buffer& s = _slots[i];
    XE_TRY_ASSIGN(auto buffer, create_buffer(device, fmt::format("{} slot {}", label, i), bytes_per_slot,
                                             D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ));
    s.buffer = std::move(buffer);
    const D3D12_RANGE nothing_read{0, 0};
    void* mapped = nullptr;
    XE_TRY_HR(s.buffer->Map(0, &nothing_read, &mapped));
    s.mapped = static_cast<u8*>(mapped);
  }
  return {};
}

void upload_ring::release() {
  for (slot_buffer& s : _slots) {
    if (s.buffer && s.mapped) s.buffer->Unmap(0, nullptr);
    s.mapped = nullptr;
    deferred_release(s.buffer);
  }
}

void upload_ring::release_now() {
  for (slot_buffer& s : _slots) {
    if (s.buffer && s.mapped) s.buffer->Unmap(0, nullptr);
    s.mapped = nullptr;
    tracker::release_now(s.buffer);
  }
}

void upload_ring::reclaim(u32 slot) { _slots[slot].used = 0; }

result<upload_ring::allocation> upload_ring::allocate(u64 bytes, u64 alignment) {
  const u32 slot = _clock->slot();
  slot_buffer& s = _slots[slot];
  const u64 offset = (s.used + alignment - 1) / alignment * alignment;
  if (!s.buffer || offset + bytes > _capacity)
    return make_error(errc::heap_full, fmt::format("upload ring slot {} is full: {} of {} bytes used, {} more asked",
                                                   slot, s.used, _capacity, bytes));
  s.used = offset + bytes;
  s.high_water = std::max(s.high_water, s.used);
  return allocation{s.mapped + offset, s.buffer->GetGPUVirtualAddress() + offset, s.buffer.get(), offset};
}

upload_stats upload_ring::get_stats() const {
  upload_stats stats{};
  stats.capacity_per_slot = _capacity;
  stats.current_slot = _clock ? _clock->slot() : 0;
  for (u32 i = 0; i < frame_slot_count; ++i) {
    stats.used[i] = _slots[i].used;
    stats.high_water = std::max(stats.high_water, _slots[i].high_water);
  }
  return stats;
}

}  // namespace xe::gfx::d3d12
