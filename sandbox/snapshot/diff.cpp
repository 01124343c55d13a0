#include "snapshot/diff.h"

#include <algorithm>
#include <set>

#include <spdlog/fmt/fmt.h>

#include "io/json_input.h"

namespace xe::sandbox {

std::vector<descriptor_state> descriptor_states(const heap_record& heap) {
  const u32 capacity = heap.info.capacity;
  std::vector<descriptor_state> states(capacity, descriptor_state::allocated);
  const gfx::heap_state& s = *heap.state;
  // A learner's heap reports what their code holds, which may be anything (the skeleton's
  // stack is all invalid_index): an entry outside the heap marks nothing.
  for (u32 i = heap.info.size; i < s.free_stack.size() && i < capacity; ++i)
    if (s.free_stack[i] < capacity) states[s.free_stack[i]] = descriptor_state::free;
  for (u32 slot = 0; slot < gfx::frame_slot_count; ++slot)
    for (u32 index : s.deferred[slot])
      if (index < capacity)
        states[index] = static_cast<descriptor_state>(static_cast<u8>(descriptor_state::deferred0) + slot);
  return states;
}

namespace {

// The fields the other lines of a diff already say (the frame and fence counts, a surface
// created, removed, replaced, resized or made fullscreen), and measured times.
bool said_elsewhere(std::string_view path) {
  if (path == "/frame/number" || path == "/fence/cpu_value" || path.ends_with("_ms")) return true;
  constexpr std::string_view slots = "/surfaces/slots";
  if (!path.starts_with(slots)) return false;
  const std::string_view rest = path.substr(slots.size());  // "", "/N" or "/N/field..."
  const size_t field = rest.find('/', 1);
  if (field == std::string_view::npos) return true;  // slots added or removed, a slot made or gone
  const std::string_view leaf = rest.substr(field + 1);
  return leaf == "live" || leaf == "generation" || leaf == "width" || leaf == "height" || leaf == "fullscreen" ||
         leaf == "kind";
}

bool deferred(descriptor_state s) { return s >= descriptor_state::deferred0; }

heap_change compare(const heap_record* before, const heap_record* after) {
  heap_change change;
  change.heap = (after ? after : before)->info.name;
  if (!before || !after) {
    change.created = !before;
    change.removed = !after;
    return change;
  }
  const gfx::heap_info &was = before->info, &is = after->info;
  const auto property = [&](const char* name, const auto& from, const auto& to) {
    if (from != to) change.properties.push_back(fmt::format("{} {} -> {}", name, from, to));
  };
  property("type", gfx::to_string(was.type), gfx::to_string(is.type));
  property("model", gfx::to_string(was.model), gfx::to_string(is.model));
  property("capacity", was.capacity, is.capacity);
  property("descriptor_size", was.descriptor_size, is.descriptor_size);
  property("shader_visible", was.shader_visible, is.shader_visible);
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

// Leaf by leaf, what differs between a and b under path, but what the other lines say.
void field_changes(const nlohmann::json& a, const nlohmann::json& b, const std::string& path, record_diff& d) {
  if (a == b) return;
  if (a.is_object() && b.is_object()) {
    std::set<std::string> keys;
    for (const auto& [k, v] : a.items()) keys.insert(k);
    for (const auto& [k, v] : b.items()) keys.insert(k);
    for (const std::string& k : keys) {
      static const nlohmann::json absent;
      const auto ia = a.find(k), ib = b.find(k);
      field_changes(ia == a.end() ? absent : *ia, ib == b.end() ? absent : *ib, path + "/" + pointer_token(k), d);
    }
    return;
  }
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    for (size_t i = 0; i < a.size(); ++i) field_changes(a[i], b[i], path + "/" + std::to_string(i), d);
    return;
  }
  if (said_elsewhere(path)) return;
  if (d.fields.size() < max_field_lines)
    d.fields.push_back(fmt::format("{}: {} -> {}", path, brief(a, 60), brief(b, 60)));
  else
    ++d.fields_left_out;
}


// A heap's own counters: its indices and properties are said above.
nlohmann::json heap_counters(const frame_record& r) {
  nlohmann::json heaps = nlohmann::json::object();
  for (const heap_record& h : r.heaps())
    heaps[h.info.name] = {{"faults", h.info.faults}, {"last_fault", h.state ? h.state->last_fault : ""}};
  return heaps;
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
         surfaces.empty() && fields.empty();
}

record_diff diff(const frame_record& before, const frame_record& after) {
  record_diff d;
  const auto distance = [](u64 a, u64 b) { return a > b ? a - b : b - a; };
  const gfx::frame_stats &was = before.frame, &is = after.frame;
  d.earlier = is.frame_number < was.frame_number ||
              (is.frame_number == was.frame_number && is.cpu_fence_value < was.cpu_fence_value);
  d.frames = distance(is.frame_number, was.frame_number);
  d.fence_values = distance(is.cpu_fence_value, was.cpu_fence_value);

  std::set<std::string> names;
  for (const auto& h : before.heaps()) names.insert(h.info.name);
  for (const auto& h : after.heaps()) names.insert(h.info.name);
  for (const std::string& name : names) {
    heap_change c = compare(before.find_heap(name), after.find_heap(name));
    if (c.created || c.removed || !c.properties.empty() || !c.allocated.empty() || !c.freed.empty() ||
        !c.returned.empty() || !c.reused.empty() || !c.passed.empty() || !c.other.empty())
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
  for (const char* section :
       {"frame", "fence", "deferred_releases", "resources", "upload", "validation", "events_dropped"})
    field_changes(section_to_json(before, section), section_to_json(after, section), std::string{"/"} + section, d);
  // A surface created, removed or replaced is said above with all it brings: compare the
  // fields of the ones that stayed.
  nlohmann::json surfaces_a = section_to_json(before, "surfaces"), surfaces_b = section_to_json(after, "surfaces");
  auto &slots_a = surfaces_a["slots"], &slots_b = surfaces_b["slots"];
  for (size_t i = 0; i < std::min(slots_a.size(), slots_b.size()); ++i)
    if (slots_a[i].value("live", false) != slots_b[i].value("live", false) ||
        slots_a[i].value("generation", 0) != slots_b[i].value("generation", 0))
      slots_a[i] = slots_b[i] = nullptr;
  field_changes(surfaces_a, surfaces_b, "/surfaces", d);
  field_changes(heap_counters(before), heap_counters(after), "/heaps", d);
  return d;
}

std::vector<std::string> record_diff::describe(language lang) const {
  std::vector<std::string> lines;
  lines.push_back(textf(lang,
                        earlier ? "{} frame(s), {} fence value(s) earlier"_t : "{} frame(s), {} fence value(s) later"_t,
                        frames, fence_values));
  for (const heap_change& h : heaps) {
    if (h.created) lines.push_back(textf(lang, "heap '{}' created"_t, h.heap));
    if (h.removed) lines.push_back(textf(lang, "heap '{}' removed"_t, h.heap));
    for (const std::string& p : h.properties) lines.push_back(textf(lang, "heap '{}' made again: {}"_t, h.heap, p));
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
  for (const std::string& f : fields) lines.push_back(textf(lang, "changed {}"_t, f));
  if (fields_left_out) lines.push_back(textf(lang, "... and {} more changed field(s)"_t, fields_left_out));
  return lines;
}

}  // namespace xe::sandbox
