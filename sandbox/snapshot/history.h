#pragma once
// history_ring: the last N frames' records, oldest first, so the inspector can pause its
// view and scrub while the engine keeps running. Unchanged heap states and object lists
// are shared between records, which keeps a quiet frame to a few hundred bytes. Every
// record is made when the ring is, with room for a quiet frame's events and timings, and
// capture() overwrites one in place: a frame's record allocates nothing, filling or full.
#include <span>
#include <vector>

#include "snapshot/frame_record.h"

namespace xe::sandbox {

class history_ring {
public:
  static constexpr u32 default_capacity{600};

  // Room in each record for a quiet frame: its events (a fence signal and wait, two barriers
  // a surface) and the timings that changed since the record before.
  static constexpr u32 events_reserved{8};
  static constexpr u32 timings_reserved{4};

  explicit history_ring(u32 capacity = default_capacity);
  // The engine's state now (capture_frame_record), into the oldest slot when full; stats:
  // the engine's frame stats now, when the caller has them.
  void capture(const event_recorder* events);  // reads the stats
  void capture(const event_recorder* events, const gfx::frame_stats& stats);
  void record(frame_record record);
  void clear();  // drops every record's state; the records and their room stay

  u32 capacity() const { return _capacity; }
  u32 size() const { return _size; }
  bool empty() const { return _size == 0; }
  const frame_record& at(u32 i) const { return _records[(_oldest + i) % _capacity]; }  // 0 = oldest
  const frame_record& latest() const { return at(size() - 1); }
  // Walks every record; shared states are counted once, the pool of interned texts whole.
  size_t calculate_bytes() const;

  // The events record i added: those after the previous record's when both are of the same
  // frame (the app records again after a request between frames).
  std::span<const recorded_event> new_events(u32 i) const;

  // The frame timings as of record i: the newest version of each of the last
  // gfx::frame_timing_capacity frames, oldest first, from the deltas up to i.
  std::vector<gfx::frame_timing> timeline_of(u32 i) const;

private:
  // The slot the next record goes to: a new one while growing, else the oldest.
  frame_record& next_slot();

  u32 _capacity;
  std::vector<frame_record> _records;  // _capacity of them; [0, _size) in use, a ring once full
  u32 _size{0};
  u32 _oldest{0};  // the first once full
};

}  // namespace xe::sandbox
