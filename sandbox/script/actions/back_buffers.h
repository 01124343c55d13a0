#pragma once
// Which objects a rebuild handed to deferred release: a window's back buffers belong to its
// swap chain and go before ResizeBuffers (or with the old VkSwapchainKHR); only an offscreen
// surface's, which the engine owns, can wait in a slot's queue.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "graphics/renderer.h"

namespace xe::sandbox::actions {

// Names of the objects waiting in the deferred-release queues now.
inline std::vector<std::string> deferred_release_names() {
  std::array<std::vector<gfx::object_info>, gfx::frame_slot_count> queues;
  gfx::copy_deferred_releases(queues);
  std::vector<std::string> names;
  for (const auto& queue : queues)
    for (const auto& object : queue) names.push_back(object.name);
  return names;
}

// Back buffers waiting now that were not waiting in `before` (names as the trackers give
// them: "<surface> back buffer <i> (<w>x<h>)").
inline u32 back_buffers_newly_deferred(const std::vector<std::string>& before) {
  u32 count = 0;
  for (const std::string& name : deferred_release_names())
    if (name.find(" back buffer ") != std::string::npos &&
        std::find(before.begin(), before.end(), name) == before.end())
      ++count;
  return count;
}

}  // namespace xe::sandbox::actions
