#pragma once
// Linux only: what the Vulkan swap chain needs from an SDL window.
#include <vulkan/vulkan.h>

#include "common/result.h"
#include "platform/window.h"

namespace xe::platform::sdl {
// A VkSurfaceKHR for the window on the given instance (which must have the window system's
// surface extensions enabled). The caller destroys it.
result<VkSurfaceKHR> create_vulkan_surface(const window& w, VkInstance instance);
}  // namespace xe::platform::sdl
