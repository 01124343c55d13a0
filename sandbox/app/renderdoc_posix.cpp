// Finds RenderDoc's library on Linux: librenderdoc.so, already in the process (the program
// was launched from RenderDoc) or loaded now.
#include "app/renderdoc.h"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace xe::sandbox::renderdoc_platform {

void* find_get_api(bool load, std::string& why) {
  void* library = dlopen("librenderdoc.so", RTLD_NOW | RTLD_NOLOAD);
  if (!library && load) {
    // The library enables its Vulkan layer (through which it sees vkd3d's device) with this.
    setenv("ENABLE_VULKAN_RENDERDOC_CAPTURE", "1", 1);
    library = dlopen("librenderdoc.so", RTLD_NOW);
    if (!library) {
      why = "RenderDoc's library (librenderdoc.so) is not installed: sudo apt-get install librenderdoc renderdoccmd";
      return nullptr;
    }
  }
  if (!library) return nullptr;
  void* symbol = dlsym(library, "RENDERDOC_GetAPI");
  if (!symbol) why = "librenderdoc.so has no RENDERDOC_GetAPI";
  return symbol;
}

bool move_no_replace(const std::filesystem::path& from, const std::filesystem::path& to) {
  if (link(from.c_str(), to.c_str()) != 0) return false;  // EEXIST when to exists
  unlink(from.c_str());
  return true;
}

bool replay_ui_installed() {
  const char* path = std::getenv("PATH");
  std::istringstream folders{path ? path : ""};
  std::error_code ec;
  for (std::string folder; std::getline(folders, folder, ':');)
    if (!folder.empty() && std::filesystem::exists(std::filesystem::path{folder} / "qrenderdoc", ec)) return true;
  return false;
}

}  // namespace xe::sandbox::renderdoc_platform
