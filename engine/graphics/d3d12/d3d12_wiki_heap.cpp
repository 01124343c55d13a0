#include "graphics/d3d12/d3d12_wiki_heap.h"

#include <algorithm>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12 {

namespace {
constexpr auto relaxed = std::memory_order_relaxed;
}

wiki_descriptor_heap::wiki_descriptor_heap(heap_type type, wiki_fixes fixes, bool emits_events, u32 first_slot)
    : _current_slot{first_slot}, _type{type}, _fixes{fixes}, _emits_events{emits_events} {
  // A model that quietly fixes the wiki no longer shows its mistakes: the lessons must notice.
  _fixes.clear_after_processing |= XE_FAULT(wiki_model_clears_list);
  _fixes.lock_everywhere |= XE_FAULT(wiki_model_locks);
  _fixes.capacity_check |= XE_FAULT(wiki_model_checks_capacity);
  _fixes.double_free_check |= XE_FAULT(wiki_model_checks_double_free);
  _fixes.fill_handle |= XE_FAULT(wiki_model_fills_handle);
}

wiki_descriptor_heap::~wiki_descriptor_heap() { XE_ASSERT(!_d3d.heap); }

result<void> wiki_descriptor_heap::initialize(ID3D12Device* device, u32 capacity, bool shader_visible,
                                              std::string_view name) {
  XE_ASSERT(device && !_d3d.heap);
  _name = name;
  auto created = create_d3d12_heap(device, _type, capacity, shader_visible, _name);
  if (!created) {
    error e = std::move(created).error_value();  // a refused size: the heap's misuse; a failed call: as it came
    return e.native ? e : refused(e.code, std::move(e.reason));
  }
  _d3d = std::move(*created);
  _free_handles = std::make_unique<std::atomic<u32>[]>(capacity);
  for (u32 i = 0; i < capacity; ++i) _free_handles[i].store(i, relaxed);
  _capacity = capacity;
  _size.store(0, relaxed);
  return {};
}

u32 wiki_descriptor_heap::release() {
  std::lock_guard lists{_lists_lock};
  if (!_d3d.heap) return 0;
  deferred_release(_d3d.heap);
  const u32 left = _size.load(relaxed);
  _size.store(0, relaxed);
  _capacity = 0;
  _free_handles.reset();
  for (auto& list : _deferred_free_indices) list.clear();
  _version.fetch_add(1, relaxed);
  return left;
}

// The handle also carries the GPU address and the index, which 7.6's allocate() never sets:
// the lessons' labels need the index, as a caller of 7.6 would work it out from the CPU
// address. allocate_and_free_as_written hands out the handle as 7.6 fills it.
result<descriptor_handle> wiki_descriptor_heap::allocate(std::string_view) {
  descriptor_handle handle;
  {
    std::lock_guard lock{_mutex};  // the one lock the wiki takes
    if (!_d3d.heap) return refused(errc::not_initialized, "allocate() on a heap that is not initialised");
    const u32 size = _size.load(relaxed);
    if (size >= _capacity) {
      if (_fixes.capacity_check)
        return refused(errc::heap_full, fmt::format("heap is full ({} of {})", size, _capacity));
      std::string what = fmt::format(
          "allocate(): _size is {0} and the capacity is {0}: the wiki's code reads _free_handles[{0}], past the "
          "end of the array (it has no capacity check); stopped before the read",
          size);
      {
        std::lock_guard lists{_lists_lock};
        fault(what);
      }
      return refused(errc::heap_full, std::move(what));
    }
    handle.index = _free_handles[size].load(relaxed);
    _size.store(size + 1, relaxed);
  }
  _version.fetch_add(1, relaxed);
  handle.cpu.ptr = _d3d.cpu_start.ptr + static_cast<SIZE_T>(handle.index) * _d3d.descriptor_size;
  if (_d3d.gpu_start.ptr) handle.gpu.ptr = _d3d.gpu_start.ptr + static_cast<u64>(handle.index) * _d3d.descriptor_size;
  if (_emits_events && detail::hooks_installed()) {
    event e{.type = event_type::descriptor_allocated,
            .slot = _current_slot.load(relaxed),
            .heap = _name,
            .index = handle.index};
    detail::emit(e);
  }
  return handle;
}

result<void> wiki_descriptor_heap::free_index(u32 index) {
  // The wiki reads handle.index, which its header declares only under _DEBUG; the model
  // keeps the index in range so the later write stays inside the array.
  if (index >= _capacity)
    return refused(errc::invalid_handle, fmt::format("index {} is outside the heap (capacity {})", index, _capacity));
  std::unique_lock<std::mutex> wiki_lock;
  if (_fixes.lock_everywhere) wiki_lock = std::unique_lock{_mutex};
  const u32 slot = _current_slot.load(relaxed);
  {
    std::lock_guard lists{_lists_lock};
    if (_fixes.double_free_check) {
      const u32 size = _size.load(relaxed);
      bool free_now = false;
      for (u32 i = size; i < _capacity && !free_now; ++i) free_now = _free_handles[i].load(relaxed) == index;
      const bool queued = std::any_of(_deferred_free_indices.begin(), _deferred_free_indices.end(),
                                      [&](const auto& l) { return std::find(l.begin(), l.end(), index) != l.end(); });
      if (free_now || queued)
        return refused(errc::double_free, fmt::format("index {} is already free or queued", index));
    }
    _deferred_free_indices[slot].push_back(index);  // no check: a second free queues it again
  }
  _version.fetch_add(1, relaxed);
  if (wiki_lock.owns_lock()) wiki_lock.unlock();  // hooks never run under a lock
  if (_emits_events && detail::hooks_installed()) {
    event e{.type = event_type::descriptor_freed, .slot = slot, .heap = _name, .index = index};
    detail::emit(e);
  }
  return {};
}

result<lab::wiki_handle_report> wiki_descriptor_heap::allocate_and_free_as_written() {
  XE_TRY_ASSIGN(const descriptor_handle filled, allocate());
  lab::wiki_handle_report out;
  out.taken = filled.index;
  descriptor_handle handle;  // 7.6 never declares it; its members start at their defaults
  handle.cpu = filled.cpu;   // the one member 7.6's allocate() sets
  if (_fixes.fill_handle) {
    handle.index = filled.index;
    handle.gpu = filled.gpu;
  }
  out.handle_index = handle.index;
  out.cpu_offset = handle.cpu.ptr - _d3d.cpu_start.ptr;
  out.gpu = handle.gpu.ptr;
  out.shader_visible = _d3d.gpu_start.ptr != 0;
  out.wrapped_offset = static_cast<u32>(handle.index * _d3d.descriptor_size);  // 7.6's u32 offset
  if (handle.index < _capacity) {                                              // a filled handle: 7.6's free() is sound
    XE_TRY(free_index(handle.index));
    return out;
  }
  out.free_stopped = fmt::format(
      "free(): handle.index is {0}, which allocate() never set; 7.6's free() would queue {0}, "
      "process_deferred_release push it on the stack, and the next allocate() return it at a CPU address {1} bytes "
      "past the heap's start (the u32 offset {0} x {2} wraps); stopped before queuing, index {3} stays allocated",
      handle.index, out.wrapped_offset, _d3d.descriptor_size, out.taken);
  std::lock_guard lists{_lists_lock};
  fault(out.free_stopped);
  return out;
}

void wiki_descriptor_heap::process_deferred_free(u32 frame_slot) {
  XE_ASSERT(frame_slot < frame_slot_count);
  std::unique_lock<std::mutex> wiki_lock;
  if (_fixes.lock_everywhere) wiki_lock = std::unique_lock{_mutex};
  _current_slot.store(frame_slot, relaxed);
  // The wiki walks the live list with no lock. The model takes the entries there now (the
  // list keeps them unless clear_after_processing) and walks them outside its own lock, so
  // another thread's free() and allocate() run in the middle as they would.
  std::vector<u32> indices;
  {
    std::lock_guard lists{_lists_lock};
    auto& list = _deferred_free_indices[frame_slot];
    if (_fixes.clear_after_processing)
      indices.swap(list);  // the clear() 7.6 leaves out
    else
      indices = list;
  }
  std::vector<u32> returned;
  for (const u32 index : indices) {
    // The wiki's loop body: --_size; _free_handles[_size] = index; a read and a write that
    // another thread's allocate() can fall between.
    u32 size = _size.load(relaxed);
    if (size == 0) {
      std::lock_guard lists{_lists_lock};
      fault(
          fmt::format("process_deferred_release({}): _size is 0, so --_size wraps to 4294967295 and "
                      "_free_handles[4294967295] = {} writes far outside the array; stopped before the write",
                      frame_slot, index));
      break;
    }
    if (_probe) _probe(_probe_user);
    --size;
    _free_handles[size].store(index, relaxed);
    _size.store(size, relaxed);
    returned.push_back(index);
  }
  if (!returned.empty()) _version.fetch_add(1, relaxed);
  if (wiki_lock.owns_lock()) wiki_lock.unlock();
  if (!_emits_events || !detail::hooks_installed()) return;
  for (const u32 index : returned) {
    event e{.type = event_type::descriptor_returned, .slot = frame_slot, .heap = _name, .index = index};
    detail::emit(e);
  }
}

u32 wiki_descriptor_heap::faults() const {
  std::lock_guard lists{_lists_lock};
  return _faults;
}

heap_info wiki_descriptor_heap::get_info() const {
  std::lock_guard lists{_lists_lock};
  heap_info info{.name = _name,
                 .type = _type,
                 .model = heap_model::wiki,
                 .capacity = _capacity,
                 .size = _size.load(relaxed),
                 .descriptor_size = _d3d.descriptor_size,
                 .shader_visible = _d3d.gpu_start.ptr != 0,
                 .version = _version.load(relaxed),
                 .faults = _faults};
  for (u32 i = 0; i < frame_slot_count; ++i)
    info.deferred_counts[i] = static_cast<u32>(_deferred_free_indices[i].size());
  return info;
}

result<void> wiki_descriptor_heap::allocate_indices(u32 count, std::string_view owner, std::vector<u32>& out) {
  for (u32 i = 0; i < count; ++i) {
    XE_TRY_ASSIGN(auto handle, allocate(owner));
    out.push_back(handle.index);
  }
  return {};
}

// The wiki's heap keeps no per-index state: an index is taken when it is not among the free
// entries above _size, and waiting when a slot's list holds it.
descriptor_info wiki_descriptor_heap::get_descriptor_info(u32 index) const {
  std::lock_guard lists{_lists_lock};
  descriptor_info info;
  if (index >= _capacity) return info;
  info.allocated = true;
  for (u32 i = _size.load(relaxed); i < _capacity; ++i)
    if (_free_handles[i].load(relaxed) == index) info.allocated = false;
  for (u32 slot = 0; slot < frame_slot_count; ++slot)
    for (u32 queued : _deferred_free_indices[slot])
      if (queued == index) info.deferred_slot = slot;
  return info;
}

void wiki_descriptor_heap::copy_state(heap_state& out, u32) const {
  std::lock_guard lists{_lists_lock};
  out.free_stack.resize(_capacity);
  for (u32 i = 0; i < _capacity; ++i) out.free_stack[i] = _free_handles[i].load(relaxed);
  for (u32 i = 0; i < frame_slot_count; ++i) out.deferred[i] = _deferred_free_indices[i];
  out.owners.clear();
  out.freed_frames.clear();
  out.last_fault = _last_fault;
}

void wiki_descriptor_heap::fault(std::string what) {
  ++_faults;
  _last_fault = std::move(what);
  _version.fetch_add(1, relaxed);
}

error wiki_descriptor_heap::refused(errc code, std::string reason) const {
  return make_error(code, fmt::format("descriptor heap '{}' (the wiki's code): {}", _name, reason));
}

}  // namespace xe::gfx::d3d12
