#pragma once
// event_recorder: installs the engine's hook table and keeps the events of the current
// frame (from its begin_frame until the next one, and any raised between frames that no
// record has taken), their names interned, for the history and snapshots.
// Single-threaded, unlocked: the renderer's events all arrive on the renderer's thread
// (renderer.h), the one that reads them.
#include <span>
#include <string>
#include <vector>

#include "graphics/stats.h"
#include "utilities/interned_text.h"

namespace xe::sandbox {

using utl::interned_text;

// An event as the engine delivered it: its texts are interned, so keeping it copies pointers.
using recorded_event = gfx::event;

class event_recorder {
public:
  static constexpr u32 max_events_per_frame{10'000};

  event_recorder();   // installs the hooks
  ~event_recorder();  // uninstalls them
  event_recorder(const event_recorder&) = delete;
  event_recorder& operator=(const event_recorder&) = delete;

  // Call before begin_frame: drops the events of the frame before and any a record has
  // taken (mark_recorded). Events raised since, between frames and unrecorded (a window
  // rebuilt before the requests ran), stay: they belong to this frame's record.
  void new_frame();
  // The events so far are in a record, or their frame has ended: new_frame drops them.
  void mark_recorded();
  void clear();  // a fresh engine: nothing carries over
  // Every event raised so far on this thread: queued descriptor events are delivered first.
  std::span<const recorded_event> events() const;
  u64 dropped() const { return _dropped; }  // events past max_events_per_frame this frame

private:
  static void on_event(const gfx::event& e, void* self);
  static void on_descriptor_events(u64 frame, u64 time, std::span<const gfx::descriptor_event> events, void* self);
  recorded_event* next() {  // null past max_events_per_frame
    if (_count < _events.size()) return &_events[_count++];
    return grow();
  }
  recorded_event* grow();

  // [0, _count) are the events; the capacity stays for the next frame's.
  std::vector<recorded_event> _events;
  size_t _count{0};
  size_t _recorded{0};  // [0, _recorded) are recorded
  u64 _dropped{0};
};

}  // namespace xe::sandbox
