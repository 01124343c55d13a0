// A frame record from JSON: every read checks its type; a problem becomes one error naming
// the field. Reads back every field the writer writes.
#include "snapshot/frame_record.h"

#include <charconv>

#include <spdlog/fmt/fmt.h>

#include "io/json_input.h"
#include "snapshot/frame_state.h"

namespace xe::sandbox {

using nlohmann::json;

namespace {

struct bad_snapshot {
  std::string reason;
};

[[noreturn]] void fail(const std::string& path, const std::string& what) {
  throw bad_snapshot{fmt::format("{}: {}", path.empty() ? "/" : path, what)};
}

const json& field(const json& object, const std::string& path, const char* key) {
  if (!object.is_object()) fail(path, "expected an object");
  auto it = object.find(key);
  if (it == object.end()) fail(path + "/" + key, "missing");
  return *it;
}

u64 as_u64(const json& v, const std::string& path) {
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<s64>() >= 0))
    fail(path, "expected a non-negative integer, got " + brief(v));
  return v.get<u64>();
}
u32 as_u32(const json& v, const std::string& path, u64 max = invalid_id - 1) {
  const u64 value = as_u64(v, path);
  if (value > max) fail(path, fmt::format("{} is out of range (at most {})", value, max));
  return static_cast<u32>(value);
}
u32 as_index(const json& v, const std::string& path) { return v.is_null() ? invalid_id : as_u32(v, path); }
bool as_bool(const json& v, const std::string& path) {
  if (!v.is_boolean()) fail(path, "expected true or false, got " + brief(v));
  return v.get<bool>();
}
std::string as_string(const json& v, const std::string& path) {
  if (!v.is_string()) fail(path, "expected a string, got " + brief(v));
  return v.get<std::string>();
}
// "engine", or "learner": the learner's code (Build it yourself) keeps that part.
bool read_learner_model(const json& v, const std::string& path) {
  const std::string model = as_string(v, path);
  if (model != "engine" && model != "learner") fail(path, "expected \"engine\" or \"learner\"");
  return model == "learner";
}
f32 as_f32(const json& v, const std::string& path) {
  if (!v.is_number()) fail(path, "expected a number, got " + brief(v));
  return v.get<f32>();
}
s32 as_s32(const json& v, const std::string& path) {
  const bool fits = v.is_number_unsigned()  ? v.get<u64>() <= INT32_MAX
                    : v.is_number_integer() ? v.get<s64>() >= INT32_MIN && v.get<s64>() <= INT32_MAX
                                            : false;
  if (!fits) fail(path, "expected a 32-bit integer, got " + brief(v));
  return v.get<s32>();
}
const json& as_array(const json& v, const std::string& path, size_t exact = SIZE_MAX) {
  if (!v.is_array()) fail(path, "expected an array");
  if (exact != SIZE_MAX && v.size() != exact) fail(path, fmt::format("expected {} entries, got {}", exact, v.size()));
  return v;
}

// Older snapshots have no timeline; a present one is read whole. The frames must be
// consecutive and each one's times ordered, so a view can draw them without checks.
void read_timeline(const json& timeline, frame_record& r) {
  r.frame.cpu_frame_ms = as_f32(field(timeline, "/timeline", "cpu_frame_ms"), "/timeline/cpu_frame_ms");
  r.frame.gpu_frame_ms = as_f32(field(timeline, "/timeline", "gpu_frame_ms"), "/timeline/gpu_frame_ms");
  r.frame.gpu_frame = as_u64(field(timeline, "/timeline", "gpu_frame"), "/timeline/gpu_frame");
  const json& frames = as_array(field(timeline, "/timeline", "frames"), "/timeline/frames");
  if (frames.size() > gfx::frame_timing_capacity)
    fail("/timeline/frames", fmt::format("at most {} frames, got {}", gfx::frame_timing_capacity, frames.size()));
  r.timings.clear();
  for (size_t i = 0; i < frames.size(); ++i) {
    const std::string path = fmt::format("/timeline/frames/{}", i);
    const json& f = frames[i];
    gfx::frame_timing t;
    const auto u = [&](const char* key) { return as_u64(field(f, path, key), path + "/" + key); };
    t.frame = u("frame");
    t.slot = as_u32(field(f, path, "slot"), path + "/slot", gfx::frame_slot_count - 1);
    t.waited_value = u("waited_value");
    t.signal_value = u("signal_value");
    t.cpu_wait_begin = u("cpu_wait_begin_ns");
    t.cpu_wait_end = u("cpu_wait_end_ns");
    t.cpu_submit = u("cpu_submit_ns");
    t.cpu_signal = u("cpu_signal_ns");
    t.gpu_begin = u("gpu_begin_ns");
    t.gpu_end = u("gpu_end_ns");
    const std::string source = as_string(field(f, path, "gpu_source"), path + "/gpu_source");
    if (auto s = gfx::gpu_time_source_from(source))
      t.gpu_source = *s;
    else
      fail(path + "/gpu_source", "unknown GPU time source \"" + brief_text(source) + "\"");
    if (i > 0 && t.frame != r.timings.back().frame + 1) fail(path + "/frame", "frames must be consecutive");
    if (t.cpu_wait_end < t.cpu_wait_begin || (t.cpu_submit && t.cpu_submit < t.cpu_wait_end) ||
        (t.cpu_signal && t.cpu_signal < t.cpu_submit) || t.gpu_end < t.gpu_begin)
      fail(path, "its times are out of order");
    if ((t.gpu_source == gfx::gpu_time_source::none) != (t.gpu_end == 0))
      fail(path + "/gpu_source", "a GPU span needs a source, and a source a span");
    t.stamp = i + 1;
    r.timings.push_back(t);
  }
  r.timings_stamp = r.timings.size();
}

void read_gpu_clock(const json& clock, gfx::gpu_clock_info& out) {
  out.timestamps = as_bool(field(clock, "/adapter/gpu_clock", "timestamps"), "/adapter/gpu_clock/timestamps");
  out.frequency = as_u64(field(clock, "/adapter/gpu_clock", "frequency"), "/adapter/gpu_clock/frequency");
  const json& hr = field(clock, "/adapter/gpu_clock", "calibration_hr");
  if (!hr.is_number_integer()) fail("/adapter/gpu_clock/calibration_hr", "expected an integer, got " + brief(hr));
  out.calibration_hr = static_cast<s32>(hr.get<s64>());
  const json& error = field(clock, "/adapter/gpu_clock", "calibration_error_us");
  if (!error.is_number()) fail("/adapter/gpu_clock/calibration_error_us", "expected a number, got " + brief(error));
  out.calibration_error_us = error.get<f64>();
  out.method = as_string(field(clock, "/adapter/gpu_clock", "method"), "/adapter/gpu_clock/method");
}

gfx::heap_type heap_type_of(const std::string& s, const std::string& path) {
  if (auto t = gfx::heap_type_from(s)) return *t;
  fail(path, "unknown heap type \"" + brief_text(s) + "\"");
}

gfx::resource_kind kind_of(const std::string& s, const std::string& path) {
  if (auto k = gfx::resource_kind_from(s)) return *k;
  fail(path, "unknown resource kind \"" + brief_text(s) + "\"");
}

u32 level_of(const std::string& s, const std::string& path, char separator) {
  const auto at = s.find(separator);
  if (at == std::string::npos) fail(path, "malformed \"" + brief_text(s) + "\"");
  try {
    return (static_cast<u32>(std::stoul(s.substr(0, at))) << (separator == '_' ? 12 : 4)) |
           (static_cast<u32>(std::stoul(s.substr(at + 1))) << (separator == '_' ? 8 : 0));
  } catch (const std::exception&) {
    fail(path, "malformed \"" + brief_text(s) + "\"");
  }
}

// An index written as an object key ("owners": {"12": ...}).
u32 key_index(const std::string& key, const std::string& path, u32 capacity) {
  u32 index = 0;
  const auto [end, ec] = std::from_chars(key.data(), key.data() + key.size(), index);
  if (key.empty() || ec != std::errc{} || end != key.data() + key.size() || index >= capacity)
    fail(path, fmt::format("\"{}\" is not an index of this heap (0..{})", brief_text(key), capacity - 1));
  return index;
}

heap_record read_heap(const std::string& name, const json& h, const std::string& path) {
  heap_record r;
  r.info.name = name;
  r.info.type = heap_type_of(as_string(field(h, path, "type"), path + "/type"), path + "/type");
  r.info.capacity = as_u32(field(h, path, "capacity"), path + "/capacity", 1u << 24);
  if (r.info.capacity == 0) fail(path + "/capacity", "must be at least 1");
  r.info.size = as_u32(field(h, path, "size"), path + "/size", r.info.capacity);
  r.info.descriptor_size = as_u32(field(h, path, "descriptor_size"), path + "/descriptor_size");
  r.info.shader_visible = as_bool(field(h, path, "shader_visible"), path + "/shader_visible");
  auto state = std::make_shared<gfx::heap_state>();
  const json& stack = as_array(field(h, path, "free_stack"), path + "/free_stack", r.info.capacity);
  state->free_stack.reserve(stack.size());
  for (size_t i = 0; i < stack.size(); ++i)
    state->free_stack.push_back(as_u32(stack[i], fmt::format("{}/free_stack/{}", path, i), r.info.capacity - 1));
  const json& deferred = as_array(field(h, path, "deferred"), path + "/deferred", gfx::frame_slot_count);
  for (u32 slot = 0; slot < gfx::frame_slot_count; ++slot) {
    const std::string slot_path = fmt::format("{}/deferred/{}", path, slot);
    for (size_t i = 0; i < as_array(deferred[slot], slot_path).size(); ++i)
      state->deferred[slot].push_back(
          as_u32(deferred[slot][i], fmt::format("{}/{}", slot_path, i), r.info.capacity - 1));
    r.info.deferred_counts[slot] = static_cast<u32>(state->deferred[slot].size());
  }
  if (auto it = h.find("owners"); it != h.end() && it->is_object())
    for (const auto& [key, owner] : it->items()) {
      const u32 index = key_index(key, path + "/owners", r.info.capacity);
      state->owners.emplace_back(index, as_string(owner, path + "/owners/" + key));
    }
  if (auto it = h.find("freed_frames"); it != h.end() && it->is_object())
    for (const auto& [key, frame] : it->items()) {
      const u32 index = key_index(key, path + "/freed_frames", r.info.capacity);
      state->freed_frames.emplace_back(index, as_u64(frame, path + "/freed_frames/" + key));
    }
  if (auto it = h.find("model"); it != h.end()) {
    const std::string model = as_string(*it, path + "/model");
    const auto known = gfx::heap_model_from(model);
    if (!known) fail(path + "/model", "unknown heap model \"" + model + "\"");
    r.info.model = known.value_or(gfx::heap_model::engine);
  }
  if (auto it = h.find("faults"); it != h.end()) r.info.faults = as_u32(*it, path + "/faults");
  if (auto it = h.find("last_fault"); it != h.end()) state->last_fault = as_string(*it, path + "/last_fault");
  r.state = std::move(state);
  return r;
}

gfx::surface_info read_surface(const json& s, const std::string& path) {
  gfx::surface_info info;
  info.slot = as_u32(field(s, path, "slot"), path + "/slot");
  info.live = as_bool(field(s, path, "live"), path + "/live");
  if (auto it = s.find("generation"); it != s.end()) info.generation = as_u32(*it, path + "/generation");
  if (!info.live) {
    info.next_free = as_index(field(s, path, "next_free"), path + "/next_free");
    return info;
  }
  info.kind = as_string(field(s, path, "kind"), path + "/kind");
  info.width = as_u32(field(s, path, "width"), path + "/width", 65536);
  info.height = as_u32(field(s, path, "height"), path + "/height", 65536);
  info.fullscreen = as_bool(field(s, path, "fullscreen"), path + "/fullscreen");
  info.back_buffers = as_u32(field(s, path, "back_buffers"), path + "/back_buffers", 4);
  info.back_buffer_index = as_u32(field(s, path, "back_buffer_index"), path + "/back_buffer_index", 4);
  const json& rtvs = as_array(field(s, path, "rtv_indices"), path + "/rtv_indices");
  for (size_t i = 0; i < rtvs.size() && i < 4; ++i) info.rtv_indices.push_back(as_u32(rtvs[i], path + "/rtv_indices"));
  if (auto it = s.find("dsv_index"); it != s.end()) info.dsv_index = as_index(*it, path + "/dsv_index");
  if (auto it = s.find("viewport"); it != s.end()) {  // older snapshots have none
    const std::string at = path + "/viewport";
    auto number = [&](const char* key) { return as_f32(field(*it, at, key), at + "/" + key); };
    info.viewport = {number("x"),      number("y"),         number("width"),
                     number("height"), number("min_depth"), number("max_depth")};
  }
  if (auto it = s.find("scissor"); it != s.end()) {
    const std::string at = path + "/scissor";
    auto integer = [&](const char* key) { return as_s32(field(*it, at, key), at + "/" + key); };
    info.scissor = {integer("left"), integer("top"), integer("right"), integer("bottom")};
  }
  if (auto it = s.find("depth"); it != s.end() && !it->is_null()) {
    const std::string at = path + "/depth";
    auto text = [&](const char* key) { return as_string(field(*it, at, key), at + "/" + key); };
    info.depth = {text("format"), text("view_format"), text("state"),
                  as_f32(field(*it, at, "optimized_clear"), at + "/optimized_clear"),
                  as_f32(field(*it, at, "clears_to"), at + "/clears_to")};
  }
  if (auto it = s.find("buffer"); it != s.end() && !it->is_null()) {  // older snapshots have none
    const std::string at = path + "/buffer";
    info.buffer = {as_string(field(*it, at, "format"), at + "/format"),
                   as_u32(field(*it, at, "samples"), at + "/samples", 64),
                   as_u32(field(*it, at, "sample_quality"), at + "/sample_quality"),
                   as_bool(field(*it, at, "render_target"), at + "/render_target"),
                   as_string(field(*it, at, "presentation"), at + "/presentation")};
  }
  if (auto it = s.find("address"); it != s.end()) {
    const std::string text = as_string(*it, path + "/address");
    try {
      info.address = std::stoull(text, nullptr, 16);
    } catch (const std::exception&) {
      fail(path + "/address", "expected a hexadecimal address, got \"" + text + "\"");
    }
  }
  return info;
}

gfx::event_type event_type_of(const std::string& s, const std::string& path) {
  if (auto t = gfx::event_type_from(s)) return *t;
  fail(path, "unknown event type \"" + brief_text(s) + "\"");
}

loaded_snapshot read(const json& doc) {
  loaded_snapshot out;
  if (!doc.is_object()) fail("", "a snapshot is a JSON object");
  const std::string schema = as_string(field(doc, "", "schema"), "/schema");
  if (schema != frame_state_schema) fail("/schema", fmt::format("\"{}\" is not \"{}\"", schema, frame_state_schema));
  const u64 version = as_u64(field(doc, "", "version"), "/version");
  if (version < static_cast<u64>(frame_state_oldest_readable_version) ||
      version > static_cast<u64>(frame_state_version))
    fail("/version", fmt::format("version {} cannot be read by this sandbox (it reads versions {} to {})", version,
                                 frame_state_oldest_readable_version, frame_state_version));
  // Version 1 called the frame slot "index" (and the next one "next_index").
  const char* slot_key = version == 1 ? "index" : "slot";
  const char* next_slot_key = version == 1 ? "next_index" : "next_slot";

  const json& frame = field(doc, "", "frame");
  frame_record& r = out.record;
  r.frame.frame_number = as_u64(field(frame, "/frame", "number"), "/frame/number");
  r.frame.frame_slot =
      as_u32(field(frame, "/frame", slot_key), fmt::format("/frame/{}", slot_key), gfx::frame_slot_count - 1);
  if (auto it = frame.find(next_slot_key); it != frame.end())
    r.frame.next_frame_slot = as_u32(*it, fmt::format("/frame/{}", next_slot_key), gfx::frame_slot_count - 1);
  if (auto it = frame.find("recording"); it != frame.end()) r.frame.in_frame = as_bool(*it, "/frame/recording");

  const json& fence = field(doc, "", "fence");
  r.frame.cpu_fence_value = as_u64(field(fence, "/fence", "cpu_value"), "/fence/cpu_value");
  r.frame.gpu_completed = as_u64(field(fence, "/fence", "gpu_completed"), "/fence/gpu_completed");
  const json& slots = as_array(field(fence, "/fence", "slots"), "/fence/slots", gfx::frame_slot_count);
  for (u32 i = 0; i < gfx::frame_slot_count; ++i)
    r.frame.slot_fence_values[i] = as_u64(slots[i], fmt::format("/fence/slots/{}", i));
  r.frame.last_wait_ms = as_f32(field(fence, "/fence", "last_wait_ms"), "/fence/last_wait_ms");
  r.frame.frames_in_flight = as_u32(field(fence, "/fence", "frames_in_flight"), "/fence/frames_in_flight", 3);
  if (auto it = fence.find("wait_ms_total"); it != fence.end()) {
    if (!it->is_number()) fail("/fence/wait_ms_total", "expected a number, got " + it->dump());
    r.frame.wait_ms_total = it->get<f64>();
  }
  if (auto it = fence.find("blocked_waits"); it != fence.end())
    r.frame.blocked_waits = as_u64(*it, "/fence/blocked_waits");
  if (auto it = fence.find("pending_at_begin"); it != fence.end())
    r.frame.pending_at_begin = as_u64(*it, "/fence/pending_at_begin");
  if (auto it = fence.find("max_pending_at_begin"); it != fence.end())
    r.frame.max_pending_at_begin = as_u64(*it, "/fence/max_pending_at_begin");
  if (auto it = fence.find("model"); it != fence.end()) r.frame.learner = read_learner_model(*it, "/fence/model");
  if (auto it = fence.find("frame_index"); it != fence.end())
    r.frame.learner_frame_index = as_u32(*it, "/fence/frame_index");
  if (auto it = fence.find("faults"); it != fence.end()) r.frame.ring_faults = as_u32(*it, "/fence/faults");

  const json& adapter = field(doc, "", "adapter");
  out.adapter.name = as_string(field(adapter, "/adapter", "name"), "/adapter/name");
  out.adapter.runtime = as_string(field(adapter, "/adapter", "runtime"), "/adapter/runtime");
  out.adapter.feature_level = level_of(as_string(field(adapter, "/adapter", "feature_level"), "/adapter/feature_level"),
                                       "/adapter/feature_level", '_');
  out.adapter.shader_model = level_of(as_string(field(adapter, "/adapter", "shader_model"), "/adapter/shader_model"),
                                      "/adapter/shader_model", '.');
  if (auto it = adapter.find("interfaces"); it != adapter.end() && it->is_object())
    for (const auto& [name, supported] : it->items())
      out.adapter.interfaces.push_back({name, as_bool(supported, "/adapter/interfaces/" + name)});

  const json& heaps = field(doc, "", "heaps");
  if (!heaps.is_object()) fail("/heaps", "expected an object");
  std::vector<heap_record> heap_list;
  for (const auto& [name, heap] : heaps.items()) heap_list.push_back(read_heap(name, heap, "/heaps/" + name));
  r.set_heaps(std::move(heap_list));

  auto lists = std::make_shared<object_lists>();
  const json& deferred = as_array(field(doc, "", "deferred_releases"), "/deferred_releases", gfx::frame_slot_count);
  for (u32 slot = 0; slot < gfx::frame_slot_count; ++slot) {
    const std::string path = fmt::format("/deferred_releases/{}", slot);
    for (const json& o : as_array(deferred[slot], path))
      lists->deferred_releases[slot].push_back(
          {as_string(field(o, path, "name"), path), as_string(field(o, path, "type"), path)});
  }
  const json& resources = as_array(field(doc, "", "resources"), "/resources");
  for (size_t i = 0; i < resources.size(); ++i) {
    const std::string path = fmt::format("/resources/{}", i);
    const json& res = resources[i];
    gfx::resource_info info;
    info.name = as_string(field(res, path, "name"), path + "/name");
    info.type = as_string(field(res, path, "type"), path + "/type");
    info.kind = kind_of(as_string(field(res, path, "kind"), path + "/kind"), path + "/kind");
    info.width = as_u32(field(res, path, "width"), path + "/width");
    info.height = as_u32(field(res, path, "height"), path + "/height");
    info.format = as_string(field(res, path, "format"), path + "/format");
    info.bytes = as_u64(field(res, path, "bytes"), path + "/bytes");
    if (auto it = res.find("pending_release"); it != res.end())
      info.pending_release = as_bool(*it, path + "/pending_release");
    if (auto it = res.find("release_slot"); it != res.end()) info.release_slot = as_u32(*it, path + "/release_slot", 2);
    if (auto it = res.find("state"); it != res.end()) info.state = as_string(*it, path + "/state");
    lists->resources.push_back(std::move(info));
  }
  if (auto it = doc.find("objects"); it != doc.end())
    for (const json& o : as_array(*it, "/objects"))
      lists->objects.push_back(
          {as_string(field(o, "/objects", "name"), "/objects"), as_string(field(o, "/objects", "type"), "/objects")});
  r.objects = std::move(lists);

  const json& surfaces = field(doc, "", "surfaces");
  gfx::surfaces_info info;
  info.capacity = as_u32(field(surfaces, "/surfaces", "capacity"), "/surfaces/capacity", 1024);
  info.next_free = as_index(field(surfaces, "/surfaces", "next_free"), "/surfaces/next_free");
  if (auto it = surfaces.find("size"); it != surfaces.end()) info.size = as_u32(*it, "/surfaces/size", 1024);
  if (auto it = surfaces.find("storage_capacity"); it != surfaces.end())
    info.storage_capacity = as_u32(*it, "/surfaces/storage_capacity");
  if (auto it = surfaces.find("relocations"); it != surfaces.end())
    info.relocations = as_u32(*it, "/surfaces/relocations");
  if (auto it = surfaces.find("model"); it != surfaces.end()) info.learner = read_learner_model(*it, "/surfaces/model");
  if (auto it = surfaces.find("faults"); it != surfaces.end()) info.faults = as_u32(*it, "/surfaces/faults");
  if (auto it = surfaces.find("last_fault"); it != surfaces.end())
    info.last_fault = as_string(*it, "/surfaces/last_fault");
  const json& surface_slots = as_array(field(surfaces, "/surfaces", "slots"), "/surfaces/slots", info.capacity);
  for (size_t i = 0; i < surface_slots.size(); ++i)
    info.slots.push_back(read_surface(surface_slots[i], fmt::format("/surfaces/slots/{}", i)));
  r.set_surfaces(std::move(info));

  if (auto it = doc.find("timeline"); it != doc.end()) read_timeline(*it, r);
  if (auto it = adapter.find("gpu_clock"); it != adapter.end()) read_gpu_clock(*it, out.adapter.gpu_clock);
  if (auto it = doc.find("validation"); it != doc.end())
    r.validation_errors = as_u32(field(*it, "/validation", "errors"), "/validation/errors");
  if (auto it = doc.find("upload"); it != doc.end()) {
    r.upload.capacity_per_slot = as_u64(field(*it, "/upload", "capacity_per_slot"), "/upload/capacity_per_slot");
    const json& used = as_array(field(*it, "/upload", "used"), "/upload/used", gfx::frame_slot_count);
    for (u32 i = 0; i < gfx::frame_slot_count; ++i) r.upload.used[i] = as_u64(used[i], "/upload/used");
    r.upload.high_water = as_u64(field(*it, "/upload", "high_water"), "/upload/high_water");
  }
  const json& events = as_array(field(doc, "", "events"), "/events");
  for (size_t i = 0; i < events.size(); ++i) {
    const std::string path = fmt::format("/events/{}", i);
    const json& e = events[i];
    recorded_event ev;
    ev.type = event_type_of(as_string(field(e, path, "type"), path + "/type"), path + "/type");
    ev.frame = as_u64(field(e, path, "frame"), path + "/frame");
    if (auto it = e.find("slot"); it != e.end()) ev.slot = as_u32(*it, path + "/slot", 2);
    if (auto it = e.find("index"); it != e.end()) ev.index = as_u32(*it, path + "/index");
    if (auto it = e.find("surface"); it != e.end()) ev.surface = as_u32(*it, path + "/surface");
    if (auto it = e.find("heap"); it != e.end()) ev.heap = as_string(*it, path + "/heap");
    if (auto it = e.find("name"); it != e.end()) ev.name = as_string(*it, path + "/name");
    if (auto it = e.find("detail"); it != e.end()) ev.detail = as_string(*it, path + "/detail");
    // value, bytes and severity share one field: the writer names it by the event's type.
    for (const char* key : {"value", "bytes", "severity"})
      if (auto it = e.find(key); it != e.end()) ev.value = as_u64(*it, path + "/" + key);
    if (auto it = e.find("wait_ms"); it != e.end()) ev.wait_ms = as_f32(*it, path + "/wait_ms");
    for (auto [key, to] : {std::pair{"width", &ev.width}, std::pair{"height", &ev.height},
                           std::pair{"old_width", &ev.old_width}, std::pair{"old_height", &ev.old_height}})
      if (auto it = e.find(key); it != e.end()) *to = as_u32(*it, path + "/" + key);
    r.events.push_back(std::move(ev));
  }
  return out;
}

}  // namespace

result<loaded_snapshot> from_json(const json& document) {
  try {
    return read(document);
  } catch (const bad_snapshot& e) {
    return make_error(errc::parse, "not a readable frame-state snapshot: " + e.reason);
  } catch (const json::exception& e) {
    return make_error(errc::parse, std::string{"not a readable frame-state snapshot: "} + e.what());
  }
}

result<loaded_snapshot> load_snapshot(const std::string& path) {
  XE_TRY_ASSIGN(auto document, read_json_file(path, "snapshot", snapshot_limits));
  auto loaded = from_json(document);
  if (!loaded) return make_error(errc::parse, fmt::format("snapshot '{}' is {}", path, loaded.error_value().reason));
  return loaded;
}

}  // namespace xe::sandbox
