#pragma once
// upload_ring: one persistently mapped upload buffer per frame slot, allocated linearly
// while the frame records (vertex, index and constant data). A slot's buffer is reused
// only after begin_frame has waited for that slot's fence, so the GPU never reads data
// the CPU is overwriting.
#include <array>
#include <string_view>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_frame_clock.h"
#include "graphics/stats.h"

namespace xe::gfx::d3d12 {

class upload_ring {
public:
  struct allocation {
    u8* cpu{nullptr};
    D3D12_GPU_VIRTUAL_ADDRESS gpu{0};
    ID3D12Resource* buffer{nullptr};
    u64 offset{0};
  };

  upload_ring() = default;
  XE_DISABLE_COPY_AND_MOVE(upload_ring);
  ~upload_ring() = default;

  // label names the buffers ("upload ring" gives "upload ring slot 0", ...). Allocations
  // go to the clock's slot (the clock must outlive the ring).
  result<void> initialize(ID3D12Device* device, const frame_clock& clock, u64 bytes_per_slot,
                          std::string_view label = "upload ring");
  void release();      // through the deferred path: frames may still read the buffers
  void release_now();  // the owner has waited for every use
  // The slot's fence has completed: its buffer starts over.
  void reclaim(u32 slot);
  // Space in the clock's slot's buffer, aligned (256 for constant data, 4 for vertices).
  result<allocation> allocate(u64 bytes, u64 alignment = 256);
  upload_stats get_stats() const;

private:
  struct slot_buffer {
    com_ptr<ID3D12Resource> buffer;
    u8* mapped{nullptr};
    u64 used{0};
    u64 high_water{0};
  };
  std::array<slot_buffer, frame_slot_count> _slots{};
  u64 _capacity{0};
  const frame_clock* _clock{nullptr};
};

}  // namespace xe::gfx::d3d12
