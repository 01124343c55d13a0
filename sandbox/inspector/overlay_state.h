#pragma once
// What the overlay's controls show besides the engine's recorded state: the app's own
// settings, so every control reflects how things are, however they were set.
#include <string>

#include "graphics/renderer.h"

namespace xe::sandbox {

struct overlay_state {
  gfx::frame_content content;  // triangle and GPU load as they are now
  bool lesson_holds_engine{};  // a started lesson: the frame loop is held
  u32 windows{};               // surfaces with a window
  bool renderdoc{};            // RenderDoc's library is in the process: Capture works
  bool renderdoc_ui{};         // ...and qrenderdoc, its UI, is installed: Open in RenderDoc
  std::string last_capture;    // the newest capture's file, "" before the first
};

}  // namespace xe::sandbox
