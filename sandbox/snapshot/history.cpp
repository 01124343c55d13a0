#include "snapshot/history.h"

#include <algorithm>
#include <unordered_set>

#include "graphics/renderer.h"

namespace xe::sandbox {

history_ring::history_ring(u32 capacity) : _capacity{capacity}, _records(capacity) {
  for (frame_record& r : _records) {
    r.events.reserve(events_reserved);
    r.timings.reserve(timings_reserved);
    r.back_buffer_indices.reserve(1);
  }
}

void history_ring::clear() {
  for (frame_record& r : _records) {
    r.heap_list.reset();
    r.objects.reset();
    r.surfaces_shared.reset();
    r.events.clear();
  }
  _size = 0;
  _oldest = 0;
}

frame_record& history_ring::next_slot() {
  if (_size < _capacity) return _records[_size++];
  frame_record& slot = _records[_oldest];
  _oldest = (_oldest + 1) % _capacity;
  return slot;
}

void history_ring::capture(const event_recorder* events) { capture(events, gfx::get_frame_stats()); }

void history_ring::capture(const event_recorder* events, const gfx::frame_stats& stats) {
  if (_capacity == 0) return;
  const frame_record* previous = empty() ? nullptr : &latest();
  if (_size == _capacity && _capacity == 1) {
    frame_record r;  // the only record is also the previous one
    capture_frame_record(events, previous, r, stats);
    _records[0] = std::move(r);
    return;
  }
  capture_frame_record(events, previous, next_slot(), stats);
}

void history_ring::record(frame_record record) {
  if (_capacity == 0) return;
  next_slot() = std::move(record);
}

std::span<const recorded_event> history_ring::new_events(u32 i) const {
  const std::vector<recorded_event>& events = at(i).events;
  size_t seen = 0;
  if (i > 0 && at(i - 1).frame.frame_number == at(i).frame.frame_number)
    seen = std::min(at(i - 1).events.size(), events.size());
  return std::span<const recorded_event>{events}.subspan(seen);
}

std::vector<gfx::frame_timing> history_ring::timeline_of(u32 i) const {
  std::vector<gfx::frame_timing> out;
  if (i >= size()) return out;
  u64 newest = 0;
  bool any = false;
  for (u32 k = i + 1; k-- > 0;) {
    const auto& timings = at(k).timings;
    if (!timings.empty() && !any) {
      newest = timings.back().frame;
      any = true;
    }
    for (auto it = timings.rbegin(); it != timings.rend(); ++it) {
      if (it->frame + gfx::frame_timing_capacity <= newest) continue;
      const bool known =
          std::any_of(out.begin(), out.end(), [&](const gfx::frame_timing& t) { return t.frame == it->frame; });
      if (!known) out.push_back(*it);  // walking back: the first seen is the newest version
    }
    if (any && out.size() >= gfx::frame_timing_capacity) break;
    // Enough when the oldest wanted frame is complete.
    if (any && k + 64 < i) break;
  }
  std::sort(out.begin(), out.end(),
            [](const gfx::frame_timing& a, const gfx::frame_timing& b) { return a.frame < b.frame; });
  return out;
}

size_t history_ring::calculate_bytes() const {
  std::unordered_set<const void*> counted;
  size_t bytes = interned_text::pool_bytes();  // the events' texts (shared with the recorder: counted here)
  for (const frame_record& r : _records) {     // the unused ones too: their room is allocated
    bytes += r.own_bytes();
    if (r.heap_list && counted.insert(r.heap_list.get()).second) bytes += bytes_of(*r.heap_list);
    for (const heap_record& h : r.heaps())
      if (h.state && counted.insert(h.state.get()).second) bytes += bytes_of(*h.state);
    if (r.surfaces_shared && counted.insert(r.surfaces_shared.get()).second) bytes += bytes_of(*r.surfaces_shared);
    if (r.objects && counted.insert(r.objects.get()).second) bytes += bytes_of(*r.objects);
  }
  return bytes;
}

}  // namespace xe::sandbox
