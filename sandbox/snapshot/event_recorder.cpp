#include "snapshot/event_recorder.h"

#include <algorithm>

namespace xe::sandbox {

event_recorder::event_recorder() { gfx::install_hooks({&event_recorder::on_event, this}); }

event_recorder::~event_recorder() { gfx::uninstall_hooks(); }

void event_recorder::new_frame() {
  // Rare: events raised since the last record move to the front (rotated: every buffer stays).
  if (_recorded < _count)
    std::rotate(_events.begin(), _events.begin() + static_cast<std::ptrdiff_t>(_recorded),
                _events.begin() + static_cast<std::ptrdiff_t>(_count));
  _count -= _recorded;
  _recorded = 0;
  _dropped = 0;
  // After a burst (a lesson allocating thousands), keep a quiet frame's worth of buffers.
  constexpr size_t kept = 256;
  if (_events.size() > kept && _count < kept) _events.resize(kept);
}

void event_recorder::clear() {
  _count = 0;
  _recorded = 0;
  _dropped = 0;
}

void event_recorder::on_event(const gfx::event& e, void* user) {
  auto* self = static_cast<event_recorder*>(user);
  if (self->_count >= max_events_per_frame) {
    ++self->_dropped;
    return;
  }
  if (self->_count == self->_events.size()) self->_events.emplace_back();
  recorded_event& r = self->_events[self->_count++];
  r.type = e.type;
  r.frame = e.frame;
  r.slot = e.slot;
  r.index = e.index;
  r.surface = e.surface;
  r.value = e.value;
  r.wait_ms = e.wait_ms;
  r.width = e.width;
  r.height = e.height;
  r.old_width = e.old_width;
  r.old_height = e.old_height;
  r.heap.assign(e.heap);  // into the buffer the element already has
  r.name.assign(e.name);
  r.detail.assign(e.detail);
}

} // namespace xe::sandbox
