#include "snapshot/frame_state.h"

#include <iomanip>

#include "graphics/renderer.h"
#include "io/files.h"
#include "snapshot/frame_record.h"

namespace xe::sandbox {

nlohmann::json capture_frame_state(const event_recorder* events) {
  return to_json(capture_frame_record(events, nullptr), gfx::get_adapter_info());
}

result<void> write_frame_state(const std::filesystem::path& path, const nlohmann::json& state) {
  // Indent unless the heaps are large: a million-entry free stack one number per line
  // helps nobody.
  u64 descriptors = 0;
  for (const auto& [name, heap] : state.at("heaps").items()) descriptors += heap.at("capacity").get<u64>();
  const int indent = descriptors <= 65'536 ? 2 : 0;
  // operator<< serialises straight into the file stream: no second copy in memory.
  return write_file_atomic(path, [&](std::ostream& out) { out << std::setw(indent) << state << '\n'; });
}

}  // namespace xe::sandbox
