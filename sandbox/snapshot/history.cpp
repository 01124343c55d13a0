#include "snapshot/history.h"

#include <unordered_set>

namespace xe::sandbox {

frame_record& history_ring::next_slot() {
  if (_records.size() < _capacity) {
    if (_records.capacity() < _capacity) _records.reserve(_capacity);
    return _records.emplace_back();
  }
  frame_record& slot = _records[_oldest];
  _oldest = (_oldest + 1) % _capacity;
  return slot;
}

void history_ring::capture(const event_recorder* events) {
  if (_capacity == 0) return;
  const frame_record* previous = empty() ? nullptr : &latest();
  if (_records.size() == _capacity && _capacity == 1) {
    _records[0] = capture_frame_record(events, previous);  // the only record is also the previous one
    return;
  }
  capture_frame_record(events, previous, next_slot());
}

void history_ring::record(frame_record record) {
  if (_capacity == 0) return;
  next_slot() = std::move(record);
}

size_t history_ring::calculate_bytes() const {
  std::unordered_set<const void*> counted;
  size_t bytes = (_records.capacity() - _records.size()) * sizeof(frame_record);  // reserved, not yet used
  for (const frame_record& r : _records) {
    bytes += r.own_bytes();
    for (const heap_record& h : r.heaps)
      if (h.state && counted.insert(h.state.get()).second) bytes += bytes_of(*h.state);
    if (r.objects && counted.insert(r.objects.get()).second) bytes += bytes_of(*r.objects);
  }
  return bytes;
}

} // namespace xe::sandbox
