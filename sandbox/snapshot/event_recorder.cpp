#include "snapshot/event_recorder.h"

namespace xe::sandbox {

event_recorder::event_recorder() { gfx::install_hooks({&event_recorder::on_event, this}); }

event_recorder::~event_recorder() { gfx::uninstall_hooks(); }

void event_recorder::new_frame() {
  _events.clear();
  _dropped = 0;
}

void event_recorder::on_event(const gfx::event& e, void* user) {
  auto* self = static_cast<event_recorder*>(user);
  if (self->_events.size() >= max_events_per_frame) {
    ++self->_dropped;
    return;
  }
  self->_events.push_back({e.type, e.frame, e.slot, e.index, e.surface, e.value, e.wait_ms, e.width, e.height,
                           e.old_width, e.old_height, std::string{e.heap}, std::string{e.name},
                           std::string{e.detail}});
}

} // namespace xe::sandbox
