#include "graphics/d3d12/d3d12_descriptor_heap.h"

#include <algorithm>
#include <mutex>

#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12 {

D3D12_DESCRIPTOR_HEAP_TYPE to_d3d12(heap_type type) {
  switch (type) {
    case heap_type::rtv: return D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
    case heap_type::dsv: return D3D12_DESCRIPTOR_HEAP_TYPE_DSV;
    case heap_type::cbv_srv_uav: return D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
    case heap_type::sampler: return D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
  }
  return D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
}

descriptor_heap::descriptor_heap(heap_type type, const frame_clock& clock, bool emits_events)
    : _type{type}, _clock{clock}, _emits_events{emits_events} {}

descriptor_heap::~descriptor_heap() { XE_ASSERT(!_d3d.heap); }

result<void> descriptor_heap::initialize(ID3D12Device* device, u32 capacity, bool shader_visible,
                                         std::string_view name) {
  std::lock_guard lock{_lock};
  XE_ASSERT(device && !_d3d.heap);
  _name = name;
  auto created = create_d3d12_heap(device, _type, capacity, shader_visible, _name);
  if (!created) {
    error e = std::move(created).error_value();  // a refused size: the heap's misuse; a failed call: as it came
    return e.native ? e : misuse(e.code, std::move(e.reason));
  }
  _d3d = std::move(*created);
  _free_handles = std::make_unique<u32[]>(capacity);
  _entries = std::make_unique<index_entry[]>(capacity);  // zero: free, unnamed
  for (u32 i = 0; i < capacity; ++i) _free_handles[i] = i;
  for (auto& list : _deferred_free_indices) list.clear();
  _capacity = capacity;
  _size = 0;
  return {};
}

u32 descriptor_heap::release() {
  com_ptr<ID3D12DescriptorHeap> heap;  // released after the lock: that emits an event
  u32 allocated = 0;
  {
    std::lock_guard lock{_lock};
    if (!_d3d.heap) return 0;
    u32 waiting = 0;
    for (const auto& list : _deferred_free_indices) waiting += static_cast<u32>(list.size());
    allocated = _size > waiting ? _size - waiting : 0;  // a fault's duplicates can make waiting larger
    heap = std::move(_d3d.heap);
    _capacity = _size = 0;
    _owner_names.clear();
    _free_owner_slots.clear();
    _owner_ids.clear();
    bump_version();
    _free_handles.reset();
    _entries.reset();
    for (auto& list : _deferred_free_indices) list.clear();
  }
  flush_events();
  deferred_release(heap);
  return allocated;
}

error descriptor_heap::allocate_refused(u32 size, u32 capacity, u32 count) const {
  if (capacity == 0) return misuse(errc::not_initialized, "allocate() on a heap that is not initialised");
  if (count == 1)
    return misuse(errc::heap_full, fmt::format("heap is full ({} of {} descriptors allocated or waiting in "
                                               "deferred queues)",
                                               size, capacity));
  return misuse(errc::heap_full, fmt::format("heap is full for {} more ({} of {} free; indices waiting in "
                                             "deferred queues count as taken); nothing was allocated",
                                             count, capacity - size, capacity));
}

result<void> descriptor_heap::allocate_indices(u32 count, std::string_view owner, std::vector<u32>& out) {
  const size_t first = out.size();
  {
    std::unique_lock lock{_lock};
    if (_capacity == 0 || _capacity - _size < count) {
      const u32 size = _size, capacity = _capacity;
      lock.unlock();
      return allocate_refused(size, capacity, count);
    }
    const u32 name = count && !owner.empty() ? intern_owner(owner) : 0;
    if (name) _owner_names[name - 1].uses += count - 1;  // intern_owner counted one use
    out.reserve(first + count);
    for (u32 i = 0; i < count; ++i) {
      if (XE_FAULT(free_stack_far_end)) std::swap(_free_handles[_size], _free_handles[_capacity - 1]);
      const u32 index = _free_handles[_size++];
      XE_ASSERT(_entries[index].state == state_free || XE_FAULT(deferred_list_not_cleared));
      _entries[index].state = state_allocated;
      _entries[index].owner = name;
      out.push_back(index);
    }
    if (count) bump_version();
  }
  if (emitting()) {
    const u32 slot = _clock.slot();
    for (size_t i = first; i < out.size(); ++i)
      detail::emit_descriptor(event_type::descriptor_allocated, _name, out[i], slot);
  }
  return {};
}

error descriptor_heap::free_refused(const descriptor_handle& handle) const {
  if (!handle.is_valid()) return misuse(errc::invalid_handle, "free() of an invalid (null) descriptor handle");
  const std::string owner = handle.container ? handle.container->name() : std::string{"<none>"};
  return misuse(errc::wrong_heap,
                fmt::format("descriptor {} belongs to heap '{}', not to this heap", handle.index, owner));
}

result<void> descriptor_heap::free_index(u32 index) {
  const u32 slot = _clock.slot();
  const u64 frame = _clock.frame_number();
  u8 refused;
  {
    std::lock_guard lock{_lock};
    refused = index < _capacity ? free_locked(index, _entries[index].generation, slot, frame) : not_addressed;
  }
  if (refused != queued) return free_refused(index, refused);
  if (emitting()) detail::emit_descriptor(event_type::descriptor_freed, _name, index, slot);
  return {};
}

error descriptor_heap::free_refused(u32 index, u8 why) const {
  switch (why) {
    case not_addressed: {
      const u32 capacity = [&] {
        std::lock_guard lock{_lock};
        return _capacity;
      }();
      return misuse(errc::invalid_handle,
                    index < capacity ? fmt::format("handle (index {}) does not address this heap", index)
                                     : fmt::format("index {} is outside the heap (capacity {})", index, capacity));
    }
    case stale:
      return misuse(
          errc::double_free,
          fmt::format("stale handle: index {} was freed and allocated again since this handle was made", index));
    case state_free: return misuse(errc::double_free, fmt::format("index {} is not allocated", index));
    default:
      return misuse(errc::double_free, fmt::format("index {} is already waiting in slot {}'s deferred queue", index,
                                                   why - state_deferred_base));
  }
}

void descriptor_heap::return_locked(u32 index) {
  XE_ASSERT(_size > 0 && _entries[index].state >= state_deferred_base);
  --_size;
  _free_handles[_size] = index;
  _entries[index].state = state_free;
  ++_entries[index].generation;
  if (const u32 id = std::exchange(_entries[index].owner, 0u)) drop_owner(id);
}

bool descriptor_heap::return_stale_locked(u32 index, u32 slot) {
  if (!XE_FAULT(deferred_list_not_cleared) || (_entries[index].state == state_deferred_base + slot && _size > 0))
    return false;
  if (_size > 0) _free_handles[--_size] = index;  // the wiki's list, never cleared: the index comes back again
  return true;
}

u32 descriptor_heap::intern_owner(std::string_view owner) {
  if (auto it = _owner_ids.find(owner); it != _owner_ids.end()) {
    ++_owner_names[it->second - 1].uses;
    return it->second;
  }
  u32 id;
  if (!_free_owner_slots.empty()) {
    id = _free_owner_slots.back();
    _free_owner_slots.pop_back();
    _owner_names[id - 1] = {std::string{owner}, 1};
  } else {
    _owner_names.push_back({std::string{owner}, 1});
    id = static_cast<u32>(_owner_names.size());
  }
  _owner_ids.emplace(std::string{owner}, id);
  return id;
}

void descriptor_heap::drop_owner(u32 id) {
  owner_name& n = _owner_names[id - 1];
  if (--n.uses > 0) return;
  _owner_ids.erase(n.name);
  n.name.clear();
  _free_owner_slots.push_back(id);
}

void descriptor_heap::process_deferred_free(u32 frame_slot) {
  XE_ASSERT(frame_slot < frame_slot_count);
  const bool report = emitting();
  const std::vector<u32>* returned = nullptr;
  {
    std::lock_guard lock{_lock};
    auto& indices = _deferred_free_indices[frame_slot];
    if (indices.empty()) return;  // most frames: nothing waited in this slot
    bump_version();
    for (const u32 index : indices) {
      if (return_stale_locked(index, frame_slot)) continue;
      XE_ASSERT(_size > 0 && _entries[index].state == state_deferred_base + frame_slot);
      if (_probe) _probe(_probe_user);
      return_locked(index);
    }
    if (report) {
      thread_local std::vector<u32> reported;  // reused: no allocation per frame
      reported.assign(indices.begin(), indices.end());
      returned = &reported;
    }
    if (!XE_FAULT(deferred_list_not_cleared)) indices.clear();
  }
  if (!returned) return;
  for (const u32 index : *returned) detail::emit_descriptor(event_type::descriptor_returned, _name, index, frame_slot);
}

void descriptor_heap::return_all_deferred(u64 flushed) {
  std::vector<std::pair<u32, u32>> returned;  // index, slot
  const bool report = emitting();
  {
    std::lock_guard lock{_lock};
    for (u32 k = 1; k <= frame_slot_count; ++k) {  // oldest slot first, the current one last
      const u32 slot = (_clock.slot() + k) % frame_slot_count;
      auto& indices = _deferred_free_indices[slot];
      if (indices.empty()) continue;
      bump_version();
      for (const u32 index : indices) {
        if (return_stale_locked(index, slot)) continue;
        return_locked(index);
        if (report) returned.emplace_back(index, slot);
      }
      indices.clear();
    }
  }
  static const utl::interned_text after_flush{"after flush"};
  for (const auto& [index, slot] : returned) {
    event e{.type = event_type::descriptor_returned,
            .slot = slot,
            .heap = _name,
            .index = index,
            .detail = after_flush,
            .value = flushed};
    detail::emit(e);
  }
}

u32 descriptor_heap::size() const {
  std::lock_guard lock{_lock};
  return _size;
}

bool descriptor_heap::is_allocated(u32 index) const {
  std::lock_guard lock{_lock};
  return index < _capacity && _entries[index].state == state_allocated;
}

heap_info descriptor_heap::get_info() const {
  std::lock_guard lock{_lock};
  heap_info info{.name = _name,
                 .type = _type,
                 .model = heap_model::engine,
                 .capacity = _capacity,
                 .size = _size,
                 .descriptor_size = _d3d.descriptor_size,
                 .shader_visible = _d3d.gpu_start.ptr != 0,
                 .version = _version.load(std::memory_order_relaxed)};
  for (u32 i = 0; i < frame_slot_count; ++i)
    info.deferred_counts[i] = static_cast<u32>(_deferred_free_indices[i].size());
  return info;
}

descriptor_info descriptor_heap::get_descriptor_info(u32 index) const {
  std::lock_guard lock{_lock};
  descriptor_info info;
  if (index >= _capacity) return info;
  const u8 state = _entries[index].state;
  info.allocated = state != state_free;
  if (state >= state_deferred_base) {
    info.deferred_slot = state - state_deferred_base;
    info.freed_frame = _entries[index].freed_frame;
  }
  if (const u32 id = _entries[index].owner) info.owner = _owner_names[id - 1].name;
  return info;
}

void descriptor_heap::copy_state(heap_state& out, u32 parts) const {
  std::lock_guard lock{_lock};
  out.free_stack.clear();
  for (auto& d : out.deferred) d.clear();
  out.owners.clear();
  out.freed_frames.clear();
  if (parts & heap_state_free_stack) out.free_stack.assign(_free_handles.get(), _free_handles.get() + _capacity);
  if (parts & heap_state_deferred)
    for (u32 i = 0; i < frame_slot_count; ++i) out.deferred[i] = _deferred_free_indices[i];
  if (parts & heap_state_owners)
    for (u32 i = 0; i < _capacity; ++i)
      if (const u32 id = _entries[i].owner) out.owners.emplace_back(i, _owner_names[id - 1].name);
  if (parts & heap_state_freed_frames) {
    for (const auto& list : _deferred_free_indices)
      for (const u32 index : list) out.freed_frames.emplace_back(index, _entries[index].freed_frame);
    std::sort(out.freed_frames.begin(), out.freed_frames.end());
  }
}

error descriptor_heap::misuse(errc code, std::string reason) const {
  reason = fmt::format("descriptor heap '{}': {}", _name, reason);
  XE_LOG_ERROR("{}", reason);
  return make_error(code, std::move(reason));
}

result<d3d12_heap> create_d3d12_heap(ID3D12Device* device, heap_type type, u32 capacity, bool shader_visible,
                                     std::string_view name) {
  using heap = descriptor_heap;
  if (capacity == 0 || capacity > heap::max_capacity)
    return make_error(errc::invalid_argument,
                      fmt::format("capacity {} is outside 1..{}", capacity, heap::max_capacity));
  if (shader_visible && (type == heap_type::rtv || type == heap_type::dsv))
    return make_error(errc::invalid_argument, "RTV and DSV heaps cannot be shader-visible");
  const bool limits = !XE_FAULT(heap_limits_unchecked);
  if (limits && shader_visible && type == heap_type::cbv_srv_uav && capacity > heap::max_shader_visible_cbv_srv_uav)
    return make_error(errc::invalid_argument,
                      fmt::format("a shader-visible CBV/SRV/UAV heap holds at most {} descriptors (asked {})",
                                  heap::max_shader_visible_cbv_srv_uav, capacity));
  if (limits && shader_visible && type == heap_type::sampler && capacity > heap::max_shader_visible_samplers)
    return make_error(errc::invalid_argument,
                      fmt::format("a shader-visible sampler heap holds at most {} descriptors (asked {})",
                                  heap::max_shader_visible_samplers, capacity));

  D3D12_DESCRIPTOR_HEAP_DESC desc{};
  desc.Type = to_d3d12(type);
  desc.NumDescriptors = XE_FAULT(descriptor_size_hard_coded) ? 2 * capacity : capacity;
  desc.Flags = shader_visible ? D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE : D3D12_DESCRIPTOR_HEAP_FLAG_NONE;
  d3d12_heap out;
  XE_TRY_HR(device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(out.heap.put())));
  tracker::track(out.heap.get(), {.name = name, .type = "ID3D12DescriptorHeap"});
  out.descriptor_size =
      XE_FAULT(descriptor_size_hard_coded) ? 64u : device->GetDescriptorHandleIncrementSize(desc.Type);
  out.cpu_start = cpu_heap_start(out.heap.get());
  out.gpu_start = shader_visible ? gpu_heap_start(out.heap.get()) : D3D12_GPU_DESCRIPTOR_HANDLE{};
  return out;
}

}  // namespace xe::gfx::d3d12
