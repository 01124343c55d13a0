#pragma once
// history_ring: the last N frames' records, oldest first, so the inspector can pause its
// view and scrub while the engine keeps running. Unchanged heap states and object lists
// are shared between records, which keeps a quiet frame to a few hundred bytes; once the
// ring is full, capture() overwrites the oldest record in place and allocates nothing.
#include <vector>

#include "snapshot/frame_record.h"

namespace xe::sandbox {

class history_ring {
public:
  static constexpr u32 default_capacity{600};

  explicit history_ring(u32 capacity = default_capacity) : _capacity{capacity} {}
  // The engine's state now (capture_frame_record), into the oldest slot when full.
  void capture(const event_recorder* events);
  void record(frame_record record);
  void clear() {
    _records.clear();
    _oldest = 0;
  }

  u32 capacity() const { return _capacity; }
  u32 size() const { return static_cast<u32>(_records.size()); }
  bool empty() const { return _records.empty(); }
  const frame_record& at(u32 i) const { return _records[(_oldest + i) % _records.size()]; }  // 0 = oldest
  const frame_record& latest() const { return at(size() - 1); }
  // Walks every record; shared states are counted once, the pool of interned texts whole.
  size_t calculate_bytes() const;

  // The frame timings as of record i: the newest version of each of the last
  // gfx::frame_timing_capacity frames, oldest first, from the deltas up to i.
  std::vector<gfx::frame_timing> timeline_of(u32 i) const;

private:
  // The slot the next record goes to: a new one while growing, else the oldest.
  frame_record& next_slot();

  u32 _capacity;
  std::vector<frame_record> _records;  // a ring once full: _oldest is the first
  u32 _oldest{0};
};

} // namespace xe::sandbox
