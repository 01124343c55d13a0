#include "graphics/d3d12/d3d12_gpu_timer.h"

#include <algorithm>

#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_runtime.h"
#include "graphics/d3d12/d3d12_tracker.h"

namespace xe::gfx::d3d12 {

namespace {
constexpr u32 query_count{2 * frame_slot_count};
}

bool gpu_timer::create(ID3D12Device* device, ID3D12CommandQueue* queue) {
  _info = {};
  UINT64 frequency = 0;
  if (FAILED(queue->GetTimestampFrequency(&frequency)) || frequency == 0) {
    _info.method = "GetTimestampFrequency failed: GPU times are when the CPU saw each fence complete";
    return false;
  }
  _info.frequency = frequency;
  _ns_per_tick = 1e9 / static_cast<f64>(frequency);
  // Called only to report it: the offset comes from brackets on every runtime, because the
  // CPU timestamp it returns is QueryPerformanceCounter's on Windows, not steady_clock's.
  UINT64 gpu = 0, cpu = 0;
  _info.calibration_hr = runtime::has_clock_calibration() ? static_cast<s32>(queue->GetClockCalibration(&gpu, &cpu))
                                                          : static_cast<s32>(E_NOTIMPL);

  D3D12_QUERY_HEAP_DESC desc{};
  desc.Type = D3D12_QUERY_HEAP_TYPE_TIMESTAMP;
  desc.Count = query_count;
  if (FAILED(device->CreateQueryHeap(&desc, IID_PPV_ARGS(_queries.put())))) {
    _info.method = "CreateQueryHeap(TIMESTAMP) failed: GPU times are when the CPU saw each fence complete";
    return false;
  }
  tracker::track(_queries.get(), {.name = "frame timestamp queries", .type = "ID3D12QueryHeap"});
  auto buffer = create_buffer(device, "timestamp readback (frame times)", query_count * sizeof(u64),
                              D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST);
  void* mapped = nullptr;
  const D3D12_RANGE all{0, query_count * sizeof(u64)};
  if (!buffer || FAILED((*buffer)->Map(0, &all, &mapped))) {
    if (buffer) tracker::release_now(*buffer);
    tracker::release_now(_queries);
    _info.method = "no readback buffer for timestamps: GPU times are when the CPU saw each fence complete";
    return false;
  }
  _readback = std::move(*buffer);
  _mapped = static_cast<const u64*>(mapped);
  return true;
}

void gpu_timer::release() {
  if (_readback && _mapped) {
    const D3D12_RANGE nothing_written{0, 0};
    _readback->Unmap(0, &nothing_written);
  }
  _mapped = nullptr;
  tracker::release_now(_readback);
  tracker::release_now(_queries);
  _info.timestamps = false;
}

void gpu_timer::record_begin(ID3D12GraphicsCommandList* list, u32 slot) const {
  if (!_mapped) return;
  list->EndQuery(_queries.get(), D3D12_QUERY_TYPE_TIMESTAMP, 2 * slot);
}

void gpu_timer::record_end(ID3D12GraphicsCommandList* list, u32 slot) const {
  if (!_mapped) return;
  list->EndQuery(_queries.get(), D3D12_QUERY_TYPE_TIMESTAMP, 2 * slot + 1);
  list->ResolveQueryData(_queries.get(), D3D12_QUERY_TYPE_TIMESTAMP, 2 * slot, 2, _readback.get(),
                         2 * slot * sizeof(u64));
}

bool gpu_timer::read_ticks(u32 slot, u64& begin, u64& end) const {
  if (!_mapped || !_info.timestamps) return false;
  begin = _mapped[2 * slot];
  end = _mapped[2 * slot + 1];
  return begin != 0 && end >= begin;
}

void gpu_timer::add_bracket(u64 cpu_before, u64 cpu_after) {
  if (!_mapped) return;
  const u64 begin = _mapped[0], end = _mapped[1];
  ++_brackets;
  if (begin == 0 || end < begin) {
    ++_bad_brackets;
    return;
  }
  // raw(begin) + offset lies in [cpu_before, cpu_after]; keep the narrowest agreement.
  const f64 low = static_cast<f64>(cpu_before) - raw_ns(begin), high = static_cast<f64>(cpu_after) - raw_ns(begin);
  if (std::max(low, _offset_low) <= std::min(high, _offset_high)) {
    _offset_low = std::max(low, _offset_low);
    _offset_high = std::min(high, _offset_high);
  } else if (high - low < _offset_high - _offset_low) {  // disagrees (a clock step): trust the narrower
    _offset_low = low;
    _offset_high = high;
  }
}

void gpu_timer::finish_calibration() {
  _info.timestamps = _mapped && _brackets > 0 && _bad_brackets == 0 && _offset_low <= _offset_high;
  if (!_info.timestamps) {
    if (_mapped && _info.method.empty())
      _info.method = fmt::format(
          "timestamp queries read back zero or backwards in {} of {} test frames: GPU times "
          "are when the CPU saw each fence complete",
          _bad_brackets, _brackets);
    return;
  }
  _offset = (_offset_low + _offset_high) / 2;
  _info.calibration_error_us = (_offset_high - _offset_low) / 2e3;
  _info.method = fmt::format(
      "timestamp queries, {} ticks/s; aligned to the CPU clock by bracketing {} test frames "
      "(within {:.0f} us){}",
      _info.frequency, _brackets, _info.calibration_error_us,
      _info.calibration_hr < 0 ? "; GetClockCalibration is not implemented here (E_NOTIMPL)" : "");
}

u64 gpu_timer::to_ns(u64 ticks) const {
  const f64 ns = raw_ns(ticks) + _offset;
  return ns <= 0.0 ? 0 : static_cast<u64>(ns);
}

void gpu_timer::keep_after(u64 ticks, u64 cpu_ns) {
  const f64 at = raw_ns(ticks) + _offset;
  if (at < static_cast<f64>(cpu_ns)) _offset += static_cast<f64>(cpu_ns) - at;
}

}  // namespace xe::gfx::d3d12
