#pragma once
// history_ring: the last N frames' records, oldest first, so the inspector can pause its
// view and scrub while the engine keeps running. Unchanged heap states and object lists
// are shared between records, which keeps a quiet frame to a few hundred bytes.
#include <deque>

#include "snapshot/frame_record.h"

namespace xe::sandbox {

class history_ring {
public:
  static constexpr u32 default_capacity{600};

  explicit history_ring(u32 capacity = default_capacity) : _capacity{capacity} {}
  void record(frame_record record);
  void clear() { _records.clear(); }

  u32 capacity() const { return _capacity; }
  u32 size() const { return static_cast<u32>(_records.size()); }
  bool empty() const { return _records.empty(); }
  const frame_record& at(u32 i) const { return _records[i]; }  // 0 = oldest
  const frame_record& latest() const { return _records.back(); }
  // Walks every record; shared states are counted once.
  size_t calculate_bytes() const;

private:
  u32 _capacity;
  std::deque<frame_record> _records;
};

} // namespace xe::sandbox
