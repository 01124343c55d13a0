#pragma once
// Where the sandbox finds its data (lessons/, fonts/), relative to its executable, so an
// installed or unpacked copy never depends on the tree it was built from. Searched in order:
//  1. next to the executable (the Windows ZIP: xengine-sandbox.exe beside lessons/, fonts/);
//  2. <exe dir>/../share/xengine-sandbox (cmake --install and the .deb: bin/ beside share/);
//  3. the source tree, only for a binary that still sits in the build tree it was built in.
#include <filesystem>
#include <string_view>
#include <vector>

namespace xe::sandbox {
std::vector<std::filesystem::path> data_dirs();
// The first data_dirs() entry that has `relative` (a file or folder) in it; empty if none.
std::filesystem::path find_data(std::string_view relative);
}  // namespace xe::sandbox
