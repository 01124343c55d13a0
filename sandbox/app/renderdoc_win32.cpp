// Finds RenderDoc's library on Windows: renderdoc.dll, already in the process (the program
// was launched from RenderDoc) or loaded now from RenderDoc's install folder or the PATH.
#include "app/renderdoc.h"

#include <windows.h>

namespace xe::sandbox::renderdoc_platform {

void* find_get_api(bool load, std::string& why) {
  HMODULE library = GetModuleHandleW(L"renderdoc.dll");
  if (!library && load) {
    library = LoadLibraryW(L"renderdoc.dll");
    if (!library) library = LoadLibraryW(L"C:\\Program Files\\RenderDoc\\renderdoc.dll");
    if (!library) {
      why =
          "RenderDoc's renderdoc.dll was not found (install RenderDoc from renderdoc.org, or put its folder on the "
          "PATH)";
      return nullptr;
    }
  }
  if (!library) return nullptr;
  void* symbol = reinterpret_cast<void*>(GetProcAddress(library, "RENDERDOC_GetAPI"));
  if (!symbol) why = "renderdoc.dll has no RENDERDOC_GetAPI";
  return symbol;
}

bool move_no_replace(const std::filesystem::path& from, const std::filesystem::path& to) {
  return MoveFileExW(from.c_str(), to.c_str(), 0) != 0;  // without MOVEFILE_REPLACE_EXISTING
}

// RenderDoc starts qrenderdoc from its own folder; the API reports whether that worked.
bool replay_ui_installed() { return true; }

}  // namespace xe::sandbox::renderdoc_platform
