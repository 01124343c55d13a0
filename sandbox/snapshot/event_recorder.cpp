#include "snapshot/event_recorder.h"

#include <algorithm>

namespace xe::sandbox {

event_recorder::event_recorder() {
  gfx::install_hooks({.on_event = &event_recorder::on_event,
                      .on_descriptor_events = &event_recorder::on_descriptor_events,
                      .user = this});
}

event_recorder::~event_recorder() { gfx::uninstall_hooks(); }

void event_recorder::new_frame() {
  gfx::flush_events();
  // Rare: events raised since the last record move to the front.
  if (_recorded < _count)
    std::copy(_events.begin() + static_cast<std::ptrdiff_t>(_recorded),
              _events.begin() + static_cast<std::ptrdiff_t>(_count), _events.begin());
  _count -= _recorded;
  _recorded = 0;
  _dropped = 0;
  // After a burst (a lesson allocating thousands), keep a quiet frame's worth of room.
  constexpr size_t kept = 256;
  if (_events.size() > kept && _count < kept) {
    _events.resize(kept);
    _events.shrink_to_fit();
  }
}

std::span<const recorded_event> event_recorder::events() const {
  gfx::flush_events();  // into *this, through the hooks
  return {_events.data(), _count};
}

void event_recorder::mark_recorded() {
  gfx::flush_events();
  _recorded = _count;
}

void event_recorder::clear() {
  gfx::flush_events();
  _count = 0;
  _recorded = 0;
  _dropped = 0;
}

recorded_event* event_recorder::grow() {
  if (_count >= max_events_per_frame) {
    ++_dropped;
    return nullptr;
  }
  _events.emplace_back();
  return &_events[_count++];
}

void event_recorder::on_event(const gfx::event& e, void* user) {
  if (recorded_event* r = static_cast<event_recorder*>(user)->next()) *r = e;
}

void event_recorder::on_descriptor_events(u64 frame, u64 time, std::span<const gfx::descriptor_event> events,
                                          void* user) {
  for (const gfx::descriptor_event& e : events) on_event(gfx::to_event(e, frame, time), user);
}

}  // namespace xe::sandbox
