#include "snapshot/frame_state.h"

#include <algorithm>
#include <iomanip>

#include <spdlog/fmt/fmt.h>

#include "graphics/renderer.h"
#include "snapshot/atomic_file.h"

namespace xe::sandbox {
namespace {

using nlohmann::json;

json optional_index(u32 value) { return value == invalid_id ? json(nullptr) : json(value); }

json adapter_json() {
  const gfx::adapter_info& a = gfx::get_adapter_info();
  json interfaces = json::object();
  for (const auto& i : a.interfaces) interfaces[i.name] = i.supported;
  return {{"name", a.name},
          {"runtime", a.runtime},
          {"luid", fmt::format("{:016x}", a.luid)},
          {"vendor_id", a.vendor_id},
          {"device_id", a.device_id},
          {"software", a.software},
          {"feature_level", gfx::feature_level_name(a.feature_level)},
          {"shader_model", gfx::shader_model_name(a.shader_model)},
          {"tiled_resources_tier", a.tiled_resources_tier},
          {"resource_binding_tier", a.resource_binding_tier},
          {"descriptor_sizes",
           {{"rtv", a.descriptor_sizes[0]},
            {"dsv", a.descriptor_sizes[1]},
            {"cbv_srv_uav", a.descriptor_sizes[2]},
            {"sampler", a.descriptor_sizes[3]}}},
          {"interfaces", std::move(interfaces)}};
}

json heaps_json() {
  json heaps = json::object();
  gfx::heap_state state;
  for (u32 i = 0; i < gfx::get_heap_count(); ++i) {
    const gfx::heap_info info = gfx::get_heap_info(i);
    gfx::copy_heap_state(i, state);
    json deferred = json::array();
    for (const auto& slot : state.deferred) deferred.push_back(slot);
    heaps[info.name] = {{"type", gfx::to_string(info.type)},
                        {"capacity", info.capacity},
                        {"size", info.size},
                        {"descriptor_size", info.descriptor_size},
                        {"shader_visible", info.shader_visible},
                        {"free_stack", std::move(state.free_stack)},
                        {"deferred", std::move(deferred)}};
  }
  return heaps;
}

json surfaces_json() {
  const gfx::surfaces_info info = gfx::calculate_surfaces_info();
  json slots = json::array();
  for (const gfx::surface_info& s : info.slots) {
    json slot = {{"slot", s.slot}, {"live", s.live}, {"generation", s.generation}};
    if (s.live) {
      slot.update({{"kind", s.kind},
                   {"width", s.width},
                   {"height", s.height},
                   {"fullscreen", s.fullscreen},
                   {"back_buffers", s.back_buffers},
                   {"back_buffer_index", s.back_buffer_index},
                   {"rtv_indices", s.rtv_indices},
                   {"dsv_index", optional_index(s.dsv_index)}});
    } else {
      slot["next_free"] = optional_index(s.next_free);
    }
    slots.push_back(std::move(slot));
  }
  return {{"capacity", info.capacity}, {"next_free", optional_index(info.next_free)}, {"slots", std::move(slots)}};
}

json resources_json() {
  std::vector<gfx::resource_info> resources;
  gfx::copy_resources(resources);
  std::sort(resources.begin(), resources.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  json out = json::array();
  for (const auto& r : resources) {
    json item = {{"name", r.name},       {"type", r.type},     {"kind", gfx::to_string(r.kind)},
                 {"width", r.width},     {"height", r.height}, {"format", r.format},
                 {"bytes", r.bytes},     {"pending_release", r.pending_release}};
    if (r.pending_release) item["release_slot"] = r.release_slot;
    out.push_back(std::move(item));
  }
  return out;
}

json objects_json() {
  std::vector<gfx::object_info> objects;
  gfx::copy_objects(objects);
  std::sort(objects.begin(), objects.end(),
            [](const auto& a, const auto& b) { return std::tie(a.type, a.name) < std::tie(b.type, b.name); });
  json out = json::array();
  for (const auto& o : objects) out.push_back({{"name", o.name}, {"type", o.type}});
  return out;
}

json deferred_releases_json() {
  std::array<std::vector<gfx::object_info>, gfx::frame_buffer_count> deferred;
  gfx::copy_deferred_releases(deferred);
  json out = json::array();
  for (const auto& slot : deferred) {
    json items = json::array();
    for (const auto& o : slot) items.push_back({{"name", o.name}, {"type", o.type}});
    out.push_back(std::move(items));
  }
  return out;
}

json event_json(const recorded_event& e) {
  json j = {{"type", gfx::to_string(e.type)}, {"frame", e.frame}};
  if (e.slot != invalid_id) j["slot"] = e.slot;
  if (!e.heap.empty()) j["heap"] = e.heap;
  if (e.index != invalid_id) j["index"] = e.index;
  if (e.surface != invalid_id) j["surface"] = e.surface;
  if (!e.name.empty()) j["name"] = e.name;
  if (!e.detail.empty()) j["detail"] = e.detail;
  switch (e.type) {
    case gfx::event_type::fence_signaled: j["value"] = e.value; break;
    case gfx::event_type::fence_waited:
      j["value"] = e.value;
      j["wait_ms"] = e.wait_ms;
      break;
    case gfx::event_type::resource_created:
      j["bytes"] = e.value;
      j["width"] = e.width;
      j["height"] = e.height;
      break;
    case gfx::event_type::surface_created:
      j["width"] = e.width;
      j["height"] = e.height;
      break;
    case gfx::event_type::surface_resized:
      j["old_width"] = e.old_width;
      j["old_height"] = e.old_height;
      j["width"] = e.width;
      j["height"] = e.height;
      break;
    case gfx::event_type::validation_message: j["severity"] = e.value; break;
    default: break;
  }
  return j;
}

} // namespace

json capture_frame_state(const event_recorder* events) {
  const gfx::frame_stats f = gfx::get_frame_stats();
  json fence = {{"cpu_value", f.cpu_fence_value},
                {"gpu_completed", f.gpu_completed},
                {"slots", f.slot_fence_values},
                {"last_wait_ms", f.last_wait_ms},
                {"frames_in_flight", f.frames_in_flight}};
  json event_list = json::array();
  if (events)
    for (const recorded_event& e : events->events()) event_list.push_back(event_json(e));

  return {{"schema", frame_state_schema},
          {"version", frame_state_version},
          {"frame",
           {{"number", f.frame_number},
            {"index", f.frame_index},
            {"next_index", f.next_frame_index},
            {"recording", f.in_frame}}},
          {"adapter", adapter_json()},
          {"fence", std::move(fence)},
          {"heaps", heaps_json()},
          {"deferred_releases", deferred_releases_json()},
          {"surfaces", surfaces_json()},
          {"resources", resources_json()},
          {"objects", objects_json()},
          {"validation", {{"errors", gfx::get_validation_error_count()}}},
          {"events", std::move(event_list)},
          {"events_dropped", events ? events->dropped() : 0}};
}

result<void> write_frame_state(const std::filesystem::path& path, const json& state) {
  // Indent unless the heaps are large: a million-entry free stack one number per line
  // helps nobody.
  u64 descriptors = 0;
  for (const auto& [name, heap] : state.at("heaps").items()) descriptors += heap.at("capacity").get<u64>();
  const int indent = descriptors <= 65'536 ? 2 : 0;
  // operator<< serialises straight into the file stream: no second copy in memory.
  return write_file_atomic(path, [&](std::ostream& out) { out << std::setw(indent) << state << '\n'; });
}

} // namespace xe::sandbox
