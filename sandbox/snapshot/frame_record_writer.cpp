// The frame record as JSON (docs/snapshot.md): the whole document, or only the part a JSON
// Pointer reads.
#include "snapshot/frame_record.h"

#include <algorithm>
#include <charconv>

#include <spdlog/fmt/fmt.h>

#include "graphics/renderer.h"
#include "io/json_input.h"
#include "snapshot/frame_state.h"

namespace xe::sandbox {

using nlohmann::json;

namespace {

json optional_index(u32 value) { return value == invalid_id ? json(nullptr) : json(value); }

json adapter_json(const gfx::adapter_info& a) {
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
          {"interfaces", std::move(interfaces)},
          {"gpu_clock",
           {{"timestamps", a.gpu_clock.timestamps},
            {"frequency", a.gpu_clock.frequency},
            {"calibration_hr", a.gpu_clock.calibration_hr},
            {"calibration_error_us", a.gpu_clock.calibration_error_us},
            {"method", a.gpu_clock.method}}}};
}

json timing_json(const gfx::frame_timing& t) {
  return {{"frame", t.frame},
          {"slot", t.slot},
          {"waited_value", t.waited_value},
          {"signal_value", t.signal_value},
          {"cpu_wait_begin_ns", t.cpu_wait_begin},
          {"cpu_wait_end_ns", t.cpu_wait_end},
          {"cpu_submit_ns", t.cpu_submit},
          {"cpu_signal_ns", t.cpu_signal},
          {"gpu_begin_ns", t.gpu_begin},
          {"gpu_end_ns", t.gpu_end},
          {"gpu_source", gfx::to_string(t.gpu_source)}};
}

// The members of one heap, in document order; the last four come from its heap_state. A
// heap running the wiki's code has three more.
constexpr const char* heap_fields[] = {"type",       "capacity", "size",   "descriptor_size", "shader_visible",
                                       "free_stack", "deferred", "owners", "freed_frames"};
constexpr const char* wiki_heap_fields[] = {"model", "faults", "last_fault"};
u32 state_part_of(std::string_view field) {
  if (field == "free_stack") return gfx::heap_state_free_stack;
  if (field == "deferred") return gfx::heap_state_deferred;
  if (field == "owners") return gfx::heap_state_owners;
  if (field == "freed_frames") return gfx::heap_state_freed_frames;
  return 0;
}

// One member of a heap. element (may be null) is the pointer's next token: arrays are built
// up to that index and objects with that key only, which is all a pointer through them reads.
json heap_field_json(const gfx::heap_info& info, const gfx::heap_state& state, std::string_view field,
                     const std::string* element = nullptr) {
  const auto keyed = [&](const auto& pairs) {
    json out = json::object();
    for (const auto& [index, value] : pairs)
      if (!element || *element == std::to_string(index)) out[std::to_string(index)] = value;
    return out;
  };
  if (field == "type") return gfx::to_string(info.type);
  if (field == "capacity") return info.capacity;
  if (field == "size") return info.size;
  if (field == "descriptor_size") return info.descriptor_size;
  if (field == "shader_visible") return info.shader_visible;
  if (field == "model") return gfx::to_string(info.model);
  if (field == "faults") return info.faults;
  if (field == "last_fault") return state.last_fault;
  if (field == "free_stack") {
    if (element) return element_of(*element, state.free_stack, [](u32 index) { return index; });
    return state.free_stack;
  }
  if (field == "deferred") {
    json deferred = json::array();
    for (const auto& slot : state.deferred) deferred.push_back(slot);
    return deferred;
  }
  if (field == "owners") return keyed(state.owners);
  return keyed(state.freed_frames);
}

json heap_json(const heap_record& h) {
  json j = json::object();
  if (!h.state) return j;
  for (const char* field : heap_fields) j[field] = heap_field_json(h.info, *h.state, field);
  if (h.info.model != gfx::heap_model::engine)
    for (const char* field : wiki_heap_fields) j[field] = heap_field_json(h.info, *h.state, field);
  return j;
}

json surfaces_json(const frame_record& r) {
  const gfx::surfaces_info& info = r.surfaces();
  json slots = json::array();
  for (u32 i = 0; i < info.slots.size(); ++i) {
    const gfx::surface_info& s = info.slots[i];
    json slot = {{"slot", s.slot}, {"live", s.live}, {"generation", s.generation}};
    if (s.live) {
      slot.update({{"kind", s.kind},
                   {"width", s.width},
                   {"height", s.height},
                   {"fullscreen", s.fullscreen},
                   {"back_buffers", s.back_buffers},
                   {"back_buffer_index", r.back_buffer_index(i)},
                   {"rtv_indices", s.rtv_indices},
                   {"dsv_index", optional_index(s.dsv_index)},
                   {"viewport",
                    {{"x", s.viewport.x},
                     {"y", s.viewport.y},
                     {"width", s.viewport.width},
                     {"height", s.viewport.height},
                     {"min_depth", s.viewport.min_depth},
                     {"max_depth", s.viewport.max_depth}}},
                   {"scissor",
                    {{"left", s.scissor.left},
                     {"top", s.scissor.top},
                     {"right", s.scissor.right},
                     {"bottom", s.scissor.bottom}}},
                   {"depth", s.depth.format.empty() ? json(nullptr)
                                                    : json{{"format", s.depth.format},
                                                           {"view_format", s.depth.view_format},
                                                           {"state", s.depth.state},
                                                           {"optimized_clear", s.depth.optimized_clear},
                                                           {"clears_to", s.depth.clears_to}}},
                   {"buffer", s.buffer.format.empty() ? json(nullptr)
                                                      : json{{"format", s.buffer.format},
                                                             {"samples", s.buffer.samples},
                                                             {"sample_quality", s.buffer.sample_quality},
                                                             {"render_target", s.buffer.render_target},
                                                             {"presentation", s.buffer.presentation}}},
                   {"address", fmt::format("{:#x}", s.address)}});
    } else {
      slot["next_free"] = optional_index(s.next_free);
    }
    slots.push_back(std::move(slot));
  }
  json out = {{"capacity", info.capacity},
              {"size", info.size},
              {"storage_capacity", info.storage_capacity},
              {"relocations", info.relocations},
              {"next_free", optional_index(info.next_free)},
              {"slots", std::move(slots)},
              {"model", info.learner ? "learner" : "engine"}};
  if (info.learner) out.update({{"faults", info.faults}, {"last_fault", info.last_fault}});
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
    case gfx::event_type::resource_barrier: break;  // name and detail say it all
    case gfx::event_type::descriptor_returned:
    case gfx::event_type::release_done:
      if (e.value) j["value"] = e.value;  // returned early: the fence value of the flush that allowed it
      break;
    default: break;
  }
  return j;
}

// The document's top-level members, in order.
constexpr const char* sections[] = {"schema", "version",           "frame",    "adapter",   "fence",
                                    "heaps",  "deferred_releases", "surfaces", "resources", "objects",
                                    "upload", "validation",        "timeline", "events",    "events_dropped"};

// One top-level member of the document, from the parts of r it needs.
json section_json(const frame_record& r, const gfx::adapter_info& adapter, std::string_view section) {
  const gfx::frame_stats& f = r.frame;
  if (section == "schema") return frame_state_schema;
  if (section == "version") return frame_state_version;
  if (section == "frame")
    return {{"number", f.frame_number},
            {"slot", f.frame_slot},
            {"next_slot", f.next_frame_slot},
            {"recording", f.in_frame}};
  if (section == "adapter") return adapter_json(adapter);
  if (section == "fence") {
    json out = {{"cpu_value", f.cpu_fence_value},         {"gpu_completed", f.gpu_completed},
                {"slots", f.slot_fence_values},           {"last_wait_ms", f.last_wait_ms},
                {"wait_ms_total", f.wait_ms_total},       {"blocked_waits", f.blocked_waits},
                {"pending_at_begin", f.pending_at_begin}, {"max_pending_at_begin", f.max_pending_at_begin},
                {"frames_in_flight", f.frames_in_flight}, {"model", f.learner ? "learner" : "engine"}};
    if (f.learner) out.update({{"frame_index", f.learner_frame_index}, {"faults", f.ring_faults}});
    return out;
  }
  if (section == "heaps") {
    json heaps = json::object();
    for (const heap_record& h : r.heaps()) heaps[h.info.name] = heap_json(h);
    return heaps;
  }
  if (section == "deferred_releases") {
    json deferred_releases = json::array();
    for (const auto& slot : r.objects->deferred_releases) {
      json items = json::array();
      for (const auto& o : slot) items.push_back({{"name", o.name}, {"type", o.type}});
      deferred_releases.push_back(std::move(items));
    }
    return deferred_releases;
  }
  if (section == "surfaces") return surfaces_json(r);
  if (section == "resources") {
    json resources = json::array();
    for (const auto& res : r.objects->resources) {
      json item = {{"name", res.name},
                   {"type", res.type},
                   {"kind", gfx::to_string(res.kind)},
                   {"width", res.width},
                   {"height", res.height},
                   {"format", res.format},
                   {"bytes", res.bytes},
                   {"pending_release", res.pending_release},
                   {"state", res.state}};
      if (res.pending_release) item["release_slot"] = res.release_slot;
      resources.push_back(std::move(item));
    }
    return resources;
  }
  if (section == "objects") {
    json objects = json::array();
    for (const auto& o : r.objects->objects) objects.push_back({{"name", o.name}, {"type", o.type}});
    return objects;
  }
  if (section == "upload")
    return {{"capacity_per_slot", r.upload.capacity_per_slot},
            {"used", r.upload.used},
            {"high_water", r.upload.high_water},
            {"current_slot", r.upload.current_slot}};
  if (section == "validation") return {{"errors", r.validation_errors}};
  if (section == "timeline") {
    json frames = json::array();
    for (const gfx::frame_timing& t : r.timings) frames.push_back(timing_json(t));
    return {{"cpu_frame_ms", f.cpu_frame_ms},
            {"gpu_frame_ms", f.gpu_frame_ms},
            {"gpu_frame", f.gpu_frame},
            {"frames", std::move(frames)}};
  }
  if (section == "events") {
    json events = json::array();
    for (const recorded_event& e : r.events) events.push_back(event_json(e));
    return events;
  }
  if (section == "events_dropped") return r.events_dropped;
  return nullptr;
}

}  // namespace

json to_json(const frame_record& r, const gfx::adapter_info& adapter) {
  json document = json::object();
  for (const char* section : sections) document[section] = section_json(r, adapter, section);
  return document;
}

json section_to_json(const frame_record& r, std::string_view section) {
  const bool needs_objects = section == "deferred_releases" || section == "resources" || section == "objects";
  if (section == "adapter" || (needs_objects && !r.objects)) return nullptr;
  return section_json(r, gfx::adapter_info{}, section);
}

json capture_frame_state_part(const event_recorder* events, const json::json_pointer& needed) {
  const std::vector<std::string> tokens = pointer_tokens(needed);
  if (tokens.empty()) return to_json(capture_frame_record(events, nullptr), gfx::get_adapter_info());
  const std::string& section = tokens[0];
  json document = json::object();
  if (section == "heaps") {
    // One heap's one member reads only what that member needs: "/heaps/big/size" copies no
    // free stack, "/heaps/big/free_stack/3" copies it but converts one entry.
    const std::string* name = tokens.size() > 1 ? &tokens[1] : nullptr;
    const std::string* field = tokens.size() > 2 ? &tokens[2] : nullptr;
    const std::string* element = tokens.size() > 3 ? &tokens[3] : nullptr;
    json heaps = json::object();
    for (u32 i = 0; i < gfx::get_heap_count(); ++i) {
      gfx::heap_info info = gfx::get_heap_info(i);
      if (name && info.name != *name) continue;
      auto state = std::make_shared<gfx::heap_state>();
      if (!field) {
        gfx::copy_heap_state(i, *state);
        heaps[info.name] = heap_json({info, std::move(state)});
        continue;
      }
      json heap = json::object();
      u32 index = 0;
      const bool one_index =
          element && (*field == "owners" || *field == "freed_frames") &&
          std::from_chars(element->data(), element->data() + element->size(), index).ec == std::errc{} &&
          *element == std::to_string(index);
      if (one_index) {  // one entry of an index-keyed member: no walk of the heap
        const gfx::descriptor_info d = gfx::get_descriptor_info(i, index);
        json entries = json::object();
        if (*field == "owners" && !d.owner.empty()) entries[*element] = d.owner;
        if (*field == "freed_frames" && d.deferred_slot != invalid_id) entries[*element] = d.freed_frame;
        heap[*field] = std::move(entries);
      } else if (const auto known =
                     [&](const auto& fields) {
                       return std::find_if(std::begin(fields), std::end(fields),
                                           [&](const char* f) { return *field == f; }) != std::end(fields);
                     };
                 known(heap_fields) || (info.model != gfx::heap_model::engine && known(wiki_heap_fields))) {
        if (const u32 part = state_part_of(*field)) gfx::copy_heap_state(i, *state, part);
        heap[*field] = heap_field_json(info, *state, *field, element);
      }
      heaps[info.name] = std::move(heap);
    }
    document["heaps"] = std::move(heaps);
    return document;
  }
  frame_record r;
  if (section == "frame" || section == "fence" || section == "timeline") r.frame = gfx::get_frame_stats();
  if (section == "timeline") gfx::copy_frame_timings(r.timings);
  if (section == "deferred_releases" || section == "resources" || section == "objects") {
    auto lists = std::make_shared<object_lists>();
    gfx::copy_deferred_releases(lists->deferred_releases);
    gfx::copy_resources(lists->resources);
    std::sort(lists->resources.begin(), lists->resources.end(),
              [](const auto& a, const auto& b) { return a.name < b.name; });
    gfx::copy_objects(lists->objects);
    std::sort(lists->objects.begin(), lists->objects.end(),
              [](const auto& a, const auto& b) { return std::tie(a.type, a.name) < std::tie(b.type, b.name); });
    r.objects = std::move(lists);
  }
  if (section == "surfaces") r.set_surfaces(gfx::calculate_surfaces_info());
  if (section == "upload") r.upload = gfx::get_upload_stats();
  if (section == "validation") r.validation_errors = gfx::get_validation_error_count();
  if (section == "events" && events && tokens.size() > 1) {  // "/events/K/...": event K alone
    document["events"] = element_of(tokens[1], events->events(), event_json);
    return document;
  }
  if (section == "events" && events) {
    const auto recorded = events->events();
    r.events.assign(recorded.begin(), recorded.end());
  }
  if (section == "events_dropped" && events) r.events_dropped = events->dropped();
  json part = section_json(r, gfx::get_adapter_info(), section);
  if (!part.is_null()) document[section] = std::move(part);
  return document;
}

}  // namespace xe::sandbox
