#include "snapshot/history.h"

#include <unordered_set>

namespace xe::sandbox {

void history_ring::record(frame_record record) {
  if (_capacity == 0) return;
  if (_records.size() == _capacity) _records.pop_front();
  _records.push_back(std::move(record));
}

size_t history_ring::calculate_bytes() const {
  std::unordered_set<const void*> counted;
  size_t bytes = 0;
  for (const frame_record& r : _records) {
    bytes += r.own_bytes();
    for (const heap_record& h : r.heaps)
      if (h.state && counted.insert(h.state.get()).second) bytes += bytes_of(*h.state);
    if (r.objects && counted.insert(r.objects.get()).second) bytes += bytes_of(*r.objects);
  }
  return bytes;
}

} // namespace xe::sandbox
