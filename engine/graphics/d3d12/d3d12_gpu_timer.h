#pragma once
// gpu_timer: when each frame's command list ran on the GPU. Two timestamp queries per frame
// slot (EndQuery at the start and end of the slot's list), resolved into the slot's part of
// a persistently mapped readback buffer and read once the slot's fence has completed.
// Ticks become engine-clock nanoseconds through an offset measured at initialize by
// bracketing a timestamp between two CPU readings (GetClockCalibration is a stub on
// vkd3d 1.2), and raised whenever a frame would otherwise start before its submission.
#include "graphics/d3d12/d3d12_common.h"
#include "graphics/stats.h"

namespace xe::gfx::d3d12 {

class gpu_timer {
public:
  gpu_timer() = default;
  XE_DISABLE_COPY_AND_MOVE(gpu_timer);

  // False: this device gave no query heap or readback buffer; nothing else is recorded.
  bool create(ID3D12Device* device, ID3D12CommandQueue* queue);
  void release();

  void record_begin(ID3D12GraphicsCommandList* list, u32 slot) const;
  // The end query and the resolve of the slot's pair; last in the slot's list.
  void record_end(ID3D12GraphicsCommandList* list, u32 slot) const;
  // Raw ticks of the slot's last resolved pair; only after its fence has completed.
  bool read_ticks(u32 slot, u64& begin, u64& end) const;

  // Calibration: one bracket from a test list (begin and end query in slot 0, of which the
  // begin tick is used), submitted at cpu_before (ns) and seen complete at cpu_after. Narrows the offset's range.
  void add_bracket(u64 cpu_before, u64 cpu_after);
  // Decides whether timestamps are usable from the brackets seen; fills the info.
  void finish_calibration();

  bool usable() const { return _info.timestamps; }
  // Engine-clock ns of a tick value.
  u64 to_ns(u64 ticks) const;
  // Causality: a frame cannot start on the GPU before it was submitted.
  void keep_after(u64 ticks, u64 cpu_ns);
  const gpu_clock_info& info() const { return _info; }

private:
  f64 raw_ns(u64 ticks) const { return static_cast<f64>(ticks) * _ns_per_tick; }

  com_ptr<ID3D12QueryHeap> _queries;
  com_ptr<ID3D12Resource> _readback;
  const u64* _mapped{nullptr};
  f64 _ns_per_tick{0.0};
  f64 _offset_low{-1e300};  // engine ns = raw ns + offset, offset in [low, high]
  f64 _offset_high{1e300};
  f64 _offset{0.0};
  u32 _brackets{0};
  u32 _bad_brackets{0};  // zero or backwards ticks
  gpu_clock_info _info{};
};

}  // namespace xe::gfx::d3d12
