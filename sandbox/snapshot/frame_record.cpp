// The frame record: what the inspector, snapshots and diffs read, captured from the
// renderer's getters, reusing the previous record's lists where they have not changed.
#include "snapshot/frame_record.h"

#include <algorithm>
#include <tuple>

#include "common/assert.h"
#include "graphics/renderer.h"

namespace xe::sandbox {

using nlohmann::json;

const std::vector<heap_record>& frame_record::heaps() const {
  static const std::vector<heap_record> none;
  return heap_list ? *heap_list : none;
}

void frame_record::set_heaps(std::vector<heap_record> heaps) {
  heap_list = std::make_shared<const std::vector<heap_record>>(std::move(heaps));
}

const gfx::surfaces_info& frame_record::surfaces() const {
  static const gfx::surfaces_info none;
  return surfaces_shared ? surfaces_shared->info : none;
}

u32 frame_record::back_buffer_index(u32 slot) const {
  return slot < back_buffer_indices.size() ? back_buffer_indices[slot] : 0;
}

void frame_record::set_surfaces(gfx::surfaces_info info, u64 version) {
  back_buffer_indices.resize(info.slots.size());
  for (gfx::surface_info& s : info.slots) {
    back_buffer_indices[&s - info.slots.data()] = s.back_buffer_index;
    s.back_buffer_index = 0;
  }
  surfaces_shared = std::make_shared<const surface_set>(surface_set{version, std::move(info)});
}

const heap_record* frame_record::find_heap(std::string_view name) const {
  for (const heap_record& h : heaps())
    if (h.info.name == name) return &h;
  return nullptr;
}

size_t bytes_of(const gfx::heap_state& state) {
  size_t bytes = sizeof(state) + state.free_stack.capacity() * sizeof(u32);
  for (const auto& d : state.deferred) bytes += d.capacity() * sizeof(u32);
  for (const auto& [index, owner] : state.owners) bytes += sizeof(index) + sizeof(owner) + owner.capacity();
  return bytes + state.freed_frames.capacity() * sizeof(std::pair<u32, u64>);
}

size_t bytes_of(const object_lists& lists) {
  auto strings = [](const std::string& a, const std::string& b) { return a.capacity() + b.capacity(); };
  size_t bytes = sizeof(lists);
  for (const auto& slot : lists.deferred_releases)
    for (const auto& o : slot) bytes += sizeof(o) + strings(o.name, o.type);
  for (const auto& r : lists.resources) bytes += sizeof(r) + strings(r.name, r.type) + r.format.capacity();
  for (const auto& o : lists.objects) bytes += sizeof(o) + strings(o.name, o.type);
  return bytes;
}

size_t bytes_of(const std::vector<heap_record>& heaps) {
  size_t bytes = sizeof(heaps) + heaps.capacity() * sizeof(heap_record);
  for (const heap_record& h : heaps) bytes += h.info.name.capacity();
  return bytes;
}

size_t bytes_of(const surface_set& surfaces) {
  size_t bytes = sizeof(surfaces);
  for (const auto& s : surfaces.info.slots)
    bytes += sizeof(s) + s.kind.capacity() + s.rtv_indices.capacity() * sizeof(u32);
  return bytes;
}

size_t frame_record::own_bytes() const {
  size_t bytes = sizeof(*this) + back_buffer_indices.capacity() * sizeof(u32);
  bytes += events.capacity() * sizeof(recorded_event);  // their texts are interned: interned_text::pool_bytes()
  return bytes + timings.capacity() * sizeof(gfx::frame_timing);
}

frame_record capture_frame_record(const event_recorder* events, const frame_record* previous) {
  frame_record r;
  capture_frame_record(events, previous, r);
  return r;
}

namespace {

// A recycled record often holds the very part it is given (a quiet ring shares one heap
// list): then there is no count to move up and down.
template <typename T>
void share(std::shared_ptr<const T>& into, const std::shared_ptr<const T>& part) {
  if (into != part) into = part;
}

// The heap list is shared while the engine's heaps version holds; otherwise a heap whose
// version changed gets a new state, the others keep theirs.
void capture_heaps(const frame_record* previous, frame_record& r) {
  r.heaps_version = gfx::get_heaps_version();
  if (previous && previous->heap_list && previous->heaps_version == r.heaps_version) {
    share(r.heap_list, previous->heap_list);
    return;
  }
  const u32 heap_count = gfx::get_heap_count();
  const std::vector<heap_record>* before = previous ? previous->heap_list.get() : nullptr;
  std::vector<heap_record> heaps(heap_count);
  for (u32 i = 0; i < heap_count; ++i) {
    heap_record& h = heaps[i];
    h.info = gfx::get_heap_info(i);
    // Heaps keep their order (engine heaps, then learner heaps in creation order).
    const heap_record* was = before && i < before->size() && (*before)[i].info.name == h.info.name ? &(*before)[i]
                             : previous ? previous->find_heap(h.info.name)
                                        : nullptr;
    if (was && was->info.version == h.info.version) {
      h.state = was->state;
    } else {
      auto state = std::make_shared<gfx::heap_state>();
      gfx::copy_heap_state(i, *state);
      h.state = std::move(state);
    }
  }
  r.set_heaps(std::move(heaps));
}

// The surfaces are shared while the engine's surfaces version holds; only each live slot's
// back-buffer index is read per frame.
void capture_surfaces(const frame_record* previous, frame_record& r) {
  const u64 version = gfx::get_surfaces_version();
  if (previous && previous->surfaces_shared && previous->surfaces_shared->version == version && version != 0) {
    share(r.surfaces_shared, previous->surfaces_shared);
    const std::vector<gfx::surface_info>& slots = r.surfaces_shared->info.slots;
    r.back_buffer_indices.resize(slots.size());
    for (const gfx::surface_info& s : slots)
      r.back_buffer_indices[s.slot] = s.live ? gfx::get_back_buffer_index(s.slot) : 0;
    return;
  }
  gfx::surfaces_info info;
  gfx::calculate_surfaces_info(info);
  r.set_surfaces(std::move(info), version);
}

}  // namespace

void capture_frame_record(const event_recorder* events, const frame_record* previous, frame_record& r) {
  capture_frame_record(events, previous, r, gfx::get_frame_stats());
}

void capture_frame_record(const event_recorder* events, const frame_record* previous, frame_record& r,
                          const gfx::frame_stats& stats) {
  XE_ASSERT(previous != &r);
  r.frame = stats;
  capture_heaps(previous, r);
  const u64 objects_version = gfx::get_objects_version();
  if (previous && previous->objects && previous->objects->version == objects_version) {
    share(r.objects, previous->objects);
  } else {
    auto lists = std::make_shared<object_lists>();
    lists->version = objects_version;
    gfx::copy_deferred_releases(lists->deferred_releases);
    gfx::copy_resources(lists->resources);
    // Names repeat (an old depth buffer waiting for release beside its replacement): the
    // order must not depend on the tracker's hash order, so exports of one state compare equal.
    std::sort(lists->resources.begin(), lists->resources.end(), [](const auto& a, const auto& b) {
      return std::tie(a.name, a.pending_release, a.release_slot, a.bytes, a.state) <
             std::tie(b.name, b.pending_release, b.release_slot, b.bytes, b.state);
    });
    gfx::copy_objects(lists->objects);
    std::sort(lists->objects.begin(), lists->objects.end(),
              [](const auto& a, const auto& b) { return std::tie(a.type, a.name) < std::tie(b.type, b.name); });
    r.objects = std::move(lists);
  }
  capture_surfaces(previous, r);
  r.upload = gfx::get_upload_stats();
  r.validation_errors = gfx::get_validation_error_count();
  const u64 since = previous ? previous->timings_stamp : 0;
  if (r.timings.capacity() != 0) {
    r.timings_stamp = gfx::copy_frame_timings(r.timings, since);  // a recycled record: into its capacity
  } else {
    // A new record (the ring still filling): one allocation of the exact size, where
    // copying straight in would grow it by push_back.
    thread_local std::vector<gfx::frame_timing> changed;
    r.timings_stamp = gfx::copy_frame_timings(changed, since);
    r.timings.assign(changed.begin(), changed.end());
  }
  if (events) {
    const auto recorded = events->events();  // once: each call delivers queued events first
    r.events.assign(recorded.begin(), recorded.end());
    r.events_dropped = events->dropped();
  } else {
    r.events.clear();
    r.events_dropped = 0;
  }
}

}  // namespace xe::sandbox
