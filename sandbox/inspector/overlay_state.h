#pragma once
// What the overlay's controls show besides the engine's recorded state: the app's own
// settings, so every control reflects how things are, however they were set.
#include "graphics/renderer.h"

namespace xe::sandbox {

struct overlay_state {
  gfx::frame_content content;  // triangle and GPU load as they are now
  bool lesson_holds_engine{};  // a started lesson: the frame loop is held
  u32 windows{};               // surfaces with a window
};

}  // namespace xe::sandbox
