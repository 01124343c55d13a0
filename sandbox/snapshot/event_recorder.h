#pragma once
// event_recorder: installs the engine's hook table and keeps the events of the current
// frame (from its begin_frame until the next one) with owned strings, for snapshots.
// Single-threaded, unlocked: the renderer's events all arrive on the renderer's thread
// (renderer.h), the one that reads them.
#include <string>
#include <vector>

#include "graphics/stats.h"

namespace xe::sandbox {

struct recorded_event {
  gfx::event_type type{};
  u64 frame{};
  u32 slot{invalid_id};
  u32 index{invalid_id};
  u32 surface{invalid_id};
  u64 value{};
  f32 wait_ms{};
  u32 width{}, height{}, old_width{}, old_height{};
  std::string heap;
  std::string name;
  std::string detail;
};

class event_recorder {
public:
  static constexpr u32 max_events_per_frame{10'000};

  event_recorder();   // installs the hooks
  ~event_recorder();  // uninstalls them
  event_recorder(const event_recorder&) = delete;
  event_recorder& operator=(const event_recorder&) = delete;

  // Call before begin_frame: the events kept so far belong to the previous frame.
  void new_frame();
  const std::vector<recorded_event>& events() const { return _events; }
  u64 dropped() const { return _dropped; }  // events past max_events_per_frame this frame

private:
  static void on_event(const gfx::event& e, void* self);

  std::vector<recorded_event> _events;
  u64 _dropped{0};
};

} // namespace xe::sandbox
