#pragma once
// RenderDoc's in-application API, when its library is in this process: launched from
// RenderDoc, or loaded by --renderdoc before the device exists (RenderDoc hooks only devices
// created after it). On Linux it captures the Vulkan calls vkd3d makes; on Windows, D3D12
// itself. docs/taking-it-further.md says what a capture holds on each.
#include <filesystem>
#include <memory>
#include <string>

#include "common/result.h"

namespace xe::sandbox {

class renderdoc {
public:
  virtual ~renderdoc() = default;
  // The library already in the process, or (load) loaded now. Null when it is neither there
  // nor asked for; an error naming what to install when asked for and not found.
  static result<std::unique_ptr<renderdoc>> attach(bool load);

  virtual std::string version() const = 0;  // "RenderDoc (in-application API 1.6.0)"
  // Captures exactly the frames between these two into `path` (with NULL device and window,
  // RenderDoc takes the device; with several windows, which one it names is its choice)
  // (its folder must exist): RenderDoc writes beside it, under a name of its own, and the
  // file is then renamed, so two sandboxes capturing at once never take each other's.
  virtual void start_frame(const std::filesystem::path& path) = 0;
  // Ends the capture, tagged with `comment` (shown by qrenderdoc).
  virtual result<void> end_frame(const std::filesystem::path& path, const std::string& comment) = 0;
  // Whether qrenderdoc, RenderDoc's UI, can be started; open_in_ui starts it on a capture
  // (false: it could not).
  virtual bool has_ui() const = 0;
  virtual bool open_in_ui(const std::filesystem::path& capture) = 0;
};

namespace renderdoc_platform {
// RENDERDOC_GetAPI from the library in the process or, with load, from the library loaded
// now; null with the reason in why (renderdoc_posix.cpp, renderdoc_win32.cpp).
void* find_get_api(bool load, std::string& why);
// Whether qrenderdoc can be started from here (on the PATH).
bool replay_ui_installed();
// Renames from to to, failing (false) when to exists: never replaces.
bool move_no_replace(const std::filesystem::path& from, const std::filesystem::path& to);
}  // namespace renderdoc_platform

}  // namespace xe::sandbox
