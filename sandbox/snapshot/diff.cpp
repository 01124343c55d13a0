#include "snapshot/diff.h"

#include <algorithm>
#include <set>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {

std::vector<descriptor_state> descriptor_states(const heap_record& heap) {
  const u32 capacity = heap.info.capacity;
  std::vector<descriptor_state> states(capacity, descriptor_state::allocated);
  const gfx::heap_state& s = *heap.state;
  for (u32 i = heap.info.size; i < s.free_stack.size() && i < capacity; ++i)
    states[s.free_stack[i]] = descriptor_state::free;
  for (u32 slot = 0; slot < gfx::frame_slot_count; ++slot)
    for (u32 index : s.deferred[slot])
      if (index < capacity)
        states[index] = static_cast<descriptor_state>(static_cast<u8>(descriptor_state::deferred0) + slot);
  return states;
}

namespace {

bool deferred(descriptor_state s) { return s >= descriptor_state::deferred0; }

heap_change compare(const heap_record* before, const heap_record* after) {
  heap_change change;
  change.heap = (after ? after : before)->info.name;
  if (!before || !after) {
    change.created = !before;
    change.removed = !after;
    return change;
  }
  const auto a = descriptor_states(*before), b = descriptor_states(*after);
  for (u32 i = 0; i < std::min(a.size(), b.size()); ++i) {
    if (a[i] == b[i]) continue;
    if (a[i] == descriptor_state::free && b[i] == descriptor_state::allocated)
      change.allocated.push_back(i);
    else if (a[i] == descriptor_state::allocated && deferred(b[i]))
      change.freed.push_back(i);
    else if (deferred(a[i]) && b[i] == descriptor_state::free)
      change.returned.push_back(i);
    else if (deferred(a[i]) && b[i] == descriptor_state::allocated)
      change.reused.push_back(i);
    else if (a[i] == descriptor_state::free && deferred(b[i]))
      change.passed.push_back(i);
    else
      change.other.push_back(i);
  }
  return change;
}

std::string list(const std::vector<u32>& indices) {
  std::string out;
  for (size_t i = 0; i < indices.size(); ++i) {
    if (i == 16) return out + fmt::format(", ... ({} in all)", indices.size());
    out += (i ? ", " : "") + std::to_string(indices[i]);
  }
  return out;
}

}  // namespace

bool record_diff::empty() const {
  return frames == 0 && fence_values == 0 && heaps.empty() && objects_created.empty() && objects_released.empty() &&
         surfaces.empty();
}

record_diff diff(const frame_record& before, const frame_record& after) {
  record_diff d;
  // Unsigned differences, wrapped into the signed range: a snapshot may be older than the frame.
  d.frames = static_cast<s64>(after.frame.frame_number - before.frame.frame_number);
  d.fence_values = static_cast<s64>(after.frame.cpu_fence_value - before.frame.cpu_fence_value);

  std::set<std::string> names;
  for (const auto& h : before.heaps()) names.insert(h.info.name);
  for (const auto& h : after.heaps()) names.insert(h.info.name);
  for (const std::string& name : names) {
    heap_change c = compare(before.find_heap(name), after.find_heap(name));
    if (c.created || c.removed || !c.allocated.empty() || !c.freed.empty() || !c.returned.empty() ||
        !c.reused.empty() || !c.passed.empty() || !c.other.empty())
      d.heaps.push_back(std::move(c));
  }

  std::set<std::string> objects_before, objects_after;
  if (before.objects)
    for (const auto& o : before.objects->objects) objects_before.insert(o.type + " '" + o.name + "'");
  if (after.objects)
    for (const auto& o : after.objects->objects) objects_after.insert(o.type + " '" + o.name + "'");
  std::set_difference(objects_after.begin(), objects_after.end(), objects_before.begin(), objects_before.end(),
                      std::back_inserter(d.objects_created));
  std::set_difference(objects_before.begin(), objects_before.end(), objects_after.begin(), objects_after.end(),
                      std::back_inserter(d.objects_released));

  const size_t slots = std::max(before.surfaces().slots.size(), after.surfaces().slots.size());
  for (size_t i = 0; i < slots; ++i) {
    const gfx::surface_info* a = i < before.surfaces().slots.size() ? &before.surfaces().slots[i] : nullptr;
    const gfx::surface_info* b = i < after.surfaces().slots.size() ? &after.surfaces().slots[i] : nullptr;
    const bool live_a = a && a->live, live_b = b && b->live;
    if (!live_a && live_b)
      d.surfaces.push_back(localize("surface {} created: {} {}x{}"_t, i, b->kind, b->width, b->height));
    else if (live_a && !live_b)
      d.surfaces.push_back(localize("surface {} removed"_t, i));
    else if (live_a && live_b) {
      if (a->generation != b->generation)
        d.surfaces.push_back(localize("surface {} replaced by a new surface ({}x{})"_t, i, b->width, b->height));
      else if (a->width != b->width || a->height != b->height)
        d.surfaces.push_back(
            localize("surface {} resized {}x{} -> {}x{}"_t, i, a->width, a->height, b->width, b->height));
      if (a->fullscreen != b->fullscreen)
        d.surfaces.push_back(b->fullscreen ? localize("surface {} went fullscreen"_t, i)
                                           : localize("surface {} left fullscreen"_t, i));
    }
  }
  return d;
}

std::vector<std::string> record_diff::describe(language lang) const {
  std::vector<std::string> lines;
  // Both move together; an older "after" reads as earlier, never as a wrapped count.
  const bool earlier = frames < 0 || (frames == 0 && fence_values < 0);
  const auto magnitude = [](s64 v) { return v < 0 ? 0 - static_cast<u64>(v) : static_cast<u64>(v); };
  lines.push_back(textf(lang,
                        earlier ? "{} frame(s), {} fence value(s) earlier"_t : "{} frame(s), {} fence value(s) later"_t,
                        magnitude(frames), magnitude(fence_values)));
  for (const heap_change& h : heaps) {
    if (h.created) lines.push_back(textf(lang, "heap '{}' created"_t, h.heap));
    if (h.removed) lines.push_back(textf(lang, "heap '{}' removed"_t, h.heap));
    if (!h.allocated.empty()) lines.push_back(textf(lang, "heap '{}': allocated {}"_t, h.heap, list(h.allocated)));
    if (!h.freed.empty()) lines.push_back(textf(lang, "heap '{}': freed, now waiting {}"_t, h.heap, list(h.freed)));
    if (!h.returned.empty())
      lines.push_back(textf(lang, "heap '{}': returned to the free stack {}"_t, h.heap, list(h.returned)));
    if (!h.reused.empty())
      lines.push_back(textf(lang, "heap '{}': returned and allocated again {}"_t, h.heap, list(h.reused)));
    if (!h.passed.empty())
      lines.push_back(textf(lang, "heap '{}': allocated and freed, now waiting {}"_t, h.heap, list(h.passed)));
    if (!h.other.empty()) lines.push_back(textf(lang, "heap '{}': changed more than once {}"_t, h.heap, list(h.other)));
  }
  for (const std::string& o : objects_created) lines.push_back(textf(lang, "created {}"_t, o));
  for (const std::string& o : objects_released) lines.push_back(textf(lang, "released {}"_t, o));
  for (const localized& s : surfaces) lines.push_back(s.in(lang));
  return lines;
}

}  // namespace xe::sandbox
