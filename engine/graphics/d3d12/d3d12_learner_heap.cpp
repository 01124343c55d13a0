#include "graphics/d3d12/d3d12_learner_heap.h"

#include "07-deferred-free/deferred_free.h"
#include "graphics/d3d12/d3d12_deferred_release.h"

namespace xe::gfx::d3d12 {

namespace {
constexpr auto relaxed = std::memory_order_relaxed;
}

learner_descriptor_heap::learner_descriptor_heap(heap_type type, const frame_clock& clock,
                                                 const xe_deferred_free_api& code)
    : _code{code}, _clock{clock}, _type{type} {}

learner_descriptor_heap::~learner_descriptor_heap() { XE_ASSERT(!_d3d.heap && !_self); }

result<void> learner_descriptor_heap::initialize(ID3D12Device* device, u32 capacity, bool shader_visible,
                                                 std::string_view name) {
  XE_ASSERT(device && !_d3d.heap);
  _name = name;
  auto created = create_d3d12_heap(device, _type, capacity, shader_visible, _name);
  if (!created) {
    error e = std::move(created).error_value();
    return e.native ? e : refused(e.code, std::move(e.reason));
  }
  _self = _code.create(capacity);
  if (const std::string threw = code_error(); !_self || !threw.empty()) {
    deferred_release(created->heap);
    return refused(errc::invalid_argument,
                   "your constructor " + (threw.empty() ? std::string{"made no object"} : threw));
  }
  _d3d = std::move(*created);
  _capacity = capacity;
  _records.assign(capacity, {});
  return {};
}

u32 learner_descriptor_heap::release() {
  if (!_d3d.heap) return 0;
  u32 left = 0;
  for (const record& r : _records) left += r.state != state_free;
  _code.destroy(_self);
  _self = nullptr;
  deferred_release(_d3d.heap);
  _capacity = 0;
  _records.clear();
  _version.fetch_add(1, relaxed);
  return left;
}

result<descriptor_handle> learner_descriptor_heap::allocate(std::string_view owner) {
  if (!_self) return refused(errc::not_initialized, "allocate() on a heap that is not initialised");
  const u32 index = _code.allocate(_self);
  if (const std::string threw = code_error(); !threw.empty()) {
    fault("your allocate() " + threw);
    return refused(errc::invalid_argument, _last_fault);
  }
  u32 free_now = 0;
  for (const record& r : _records) free_now += r.state == state_free;
  if (index == invalid_id) {
    if (free_now == 0)
      return refused(errc::heap_full, fmt::format("heap is full ({0} of {0} descriptors allocated or waiting in "
                                                  "deferred queues)",
                                                  _capacity));
    fault(fmt::format("your allocate() returned invalid_index while {} of {} indices are free", free_now, _capacity));
    return refused(errc::heap_full, _last_fault);
  }
  if (index >= _capacity) {
    fault(fmt::format("your allocate() returned {}, outside the heap (capacity {}); refused, nothing written", index,
                      _capacity));
    return refused(errc::invalid_handle, _last_fault);
  }
  record& r = _records[index];
  if (r.state == state_out) {
    fault(fmt::format(
        "your allocate() returned {}, which is already allocated: two descriptors would share it; refused", index));
    return refused(errc::double_free, _last_fault);
  }
  if (r.state == state_waiting) {
    fault(
        fmt::format("your allocate() returned {}, which waits in slot {}'s list since frame {}: that slot's fence "
                    "value has not completed and the GPU may still read it; refused",
                    index, r.slot, r.freed_frame));
    return refused(errc::double_free, _last_fault);
  }
  r.state = state_out;
  r.owner = owner;
  _version.fetch_add(1, relaxed);
  descriptor_handle handle;
  handle.index = index;
  handle.container = nullptr;
  handle.cpu.ptr = _d3d.cpu_start.ptr + static_cast<SIZE_T>(index) * _d3d.descriptor_size;
  if (_d3d.gpu_start.ptr) handle.gpu.ptr = _d3d.gpu_start.ptr + static_cast<u64>(index) * _d3d.descriptor_size;
  emit(event_type::descriptor_allocated, _clock.slot(), index);
  return handle;
}

// All or nothing, as the engine's heap: the engine's record decides whether count fit.
result<void> learner_descriptor_heap::allocate_indices(u32 count, std::string_view owner, std::vector<u32>& out) {
  u32 free_now = 0;
  for (const record& r : _records) free_now += r.state == state_free;
  if (_self && free_now < count)
    return refused(errc::heap_full, fmt::format("heap is full for {} more ({} of {} free; indices waiting in deferred "
                                                "queues count as taken); nothing was allocated",
                                                count, free_now, _capacity));
  for (u32 i = 0; i < count; ++i) {
    XE_TRY_ASSIGN(const descriptor_handle handle, allocate(owner));
    out.push_back(handle.index);
  }
  return {};
}

// The learner's code answers first; the engine's record says whether it was right. A
// refusal the record agrees with comes back in the engine's own words.
result<void> learner_descriptor_heap::free_index(u32 index) {
  if (!_self) return refused(errc::not_initialized, "free() on a heap that is not initialised");
  const u32 slot = _clock.slot();
  const bool accepted = _code.free(_self, index, slot);
  if (const std::string threw = code_error(); !threw.empty()) {
    fault(fmt::format("your free({}, {}) {}", index, slot, threw));
    return refused(errc::invalid_argument, _last_fault);
  }
  if (index >= _capacity) {
    if (!accepted)
      return refused(errc::invalid_handle, fmt::format("index {} is outside the heap (capacity {})", index, _capacity));
    fault(fmt::format("your free({}, {}) accepted an index outside the heap (capacity {})", index, slot, _capacity));
    return refused(errc::invalid_handle, _last_fault);
  }
  record& r = _records[index];
  if (r.state == state_free) {
    if (!accepted) return refused(errc::double_free, fmt::format("index {} is not allocated", index));
    fault(fmt::format("your free({}, {}) accepted index {}, which is free: a double free", index, slot, index));
    return refused(errc::double_free, _last_fault);
  }
  if (r.state == state_waiting) {
    if (!accepted)
      return refused(errc::double_free,
                     fmt::format("index {} is already waiting in slot {}'s deferred queue", index, r.slot));
    fault(fmt::format("your free({}, {}) accepted index {}, which waits in slot {}'s list already: a double free",
                      index, slot, index, r.slot));
    return refused(errc::double_free, _last_fault);
  }
  if (!accepted) {
    fault(fmt::format("your free({}, {}) refused index {}, which is allocated", index, slot, index));
    return refused(errc::invalid_argument, _last_fault);
  }
  r = {state_waiting, slot, _clock.frame_number(), {}};
  _version.fetch_add(1, relaxed);
  check_stack(on_learner_stack(), fmt::format("free({}, {})", index, slot));
  emit(event_type::descriptor_freed, slot, index);
  return {};
}

std::vector<bool> learner_descriptor_heap::on_learner_stack() const {
  std::vector<u32> entries(_capacity, invalid_id);
  u32 top = invalid_id;
  _code.view(_self, entries.data(), &top);
  std::vector<bool> on_stack(_capacity, false);
  for (u32 i = top; i < _capacity; ++i)
    if (entries[i] < _capacity) on_stack[entries[i]] = true;
  return on_stack;
}

// An index on the learner's free stack that the engine's record says is out or waiting:
// the next allocate() would hand it out while it is in use or the GPU may read it.
void learner_descriptor_heap::check_stack(const std::vector<bool>& on_stack, const std::string& after) {
  for (u32 index = 0; index < _capacity; ++index) {
    const record& r = _records[index];
    if (!on_stack[index] || r.state == state_free) continue;
    fault(r.state == state_out
              ? fmt::format("index {} is on your free stack after {}, but it is allocated", index, after)
              : fmt::format("index {} is on your free stack after {}, but it waits in slot {}'s list since frame {}: "
                            "that slot's fence value has not completed and the GPU may still read it",
                            index, after, r.slot, r.freed_frame));
  }
}

// After the learner's code processed the slot, its stack must hold exactly the engine's
// idea of the free indices: the slot's waiting ones back, nothing else.
void learner_descriptor_heap::process_deferred_free(u32 slot) {
  if (!_self) return;
  _code.process_deferred_free(_self, slot);
  const std::string call = fmt::format("process_deferred_free({})", slot);
  if (const std::string threw = code_error(); !threw.empty()) fault("your " + call + " " + threw);
  const std::vector<bool> on_stack = on_learner_stack();
  std::vector<u32> returned;
  for (u32 index = 0; index < _capacity; ++index) {
    record& r = _records[index];
    if (r.state != state_waiting || r.slot != slot) continue;
    if (!on_stack[index]) {
      fault(fmt::format("your {} did not put index {} back on the stack", call, index));
      continue;
    }
    r = {};
    returned.push_back(index);
  }
  check_stack(on_stack, call);
  if (!returned.empty()) _version.fetch_add(1, relaxed);
  for (const u32 index : returned) emit(event_type::descriptor_returned, slot, index);
}

void learner_descriptor_heap::return_all_deferred(u64) {
  for (u32 k = 1; k <= frame_slot_count; ++k) process_deferred_free((_clock.slot() + k) % frame_slot_count);
}

heap_info learner_descriptor_heap::get_info() const {
  heap_info info{.name = _name,
                 .type = _type,
                 .model = heap_model::learner,
                 .capacity = _capacity,
                 .size = _self ? _code.size(_self) : 0,
                 .descriptor_size = _d3d.descriptor_size,
                 .shader_visible = _d3d.gpu_start.ptr != 0,
                 .version = _version.load(relaxed),
                 .faults = _faults};
  if (_self)
    for (u32 i = 0; i < frame_slot_count; ++i) info.deferred_counts[i] = _code.waiting(_self, i, nullptr, 0);
  return info;
}

descriptor_info learner_descriptor_heap::get_descriptor_info(u32 index) const {
  descriptor_info info;
  if (index >= _capacity) return info;
  const record& r = _records[index];
  info.allocated = r.state != state_free;
  if (r.state == state_waiting) {
    info.deferred_slot = r.slot;
    info.freed_frame = r.freed_frame;
  }
  info.owner = r.owner;
  return info;
}

// What the inspector draws is the learner's own state, read through their view.
void learner_descriptor_heap::copy_state(heap_state& out, u32) const {
  out.free_stack.assign(_capacity, invalid_id);
  out.owners.clear();
  out.freed_frames.clear();
  for (auto& list : out.deferred) list.clear();
  out.last_fault = _last_fault;
  if (!_self) return;
  u32 top = 0;
  _code.view(_self, out.free_stack.data(), &top);
  for (u32 slot = 0; slot < frame_slot_count; ++slot) {
    const u32 count = _code.waiting(_self, slot, nullptr, 0);
    out.deferred[slot].assign(count, invalid_id);
    _code.waiting(_self, slot, out.deferred[slot].data(), count);
  }
  for (u32 index = 0; index < _capacity; ++index) {
    const record& r = _records[index];
    if (!r.owner.empty()) out.owners.emplace_back(index, r.owner);
    if (r.state == state_waiting) out.freed_frames.emplace_back(index, r.freed_frame);
  }
}

void learner_descriptor_heap::fault(std::string what) {
  ++_faults;
  _last_fault = std::move(what);
  _version.fetch_add(1, relaxed);
}

std::string learner_descriptor_heap::code_error() const {
  const char* e = _code.error();
  return e ? e : "";
}

error learner_descriptor_heap::refused(errc code, std::string reason) const {
  return make_error(code, fmt::format("descriptor heap '{}' (your code): {}", _name, reason));
}

void learner_descriptor_heap::emit(event_type type, u32 slot, u32 index, u64 value) const {
  if (!detail::hooks_installed()) return;
  event e{.type = type, .slot = slot, .heap = _name, .index = index, .value = value};
  detail::emit(e);
}

}  // namespace xe::gfx::d3d12
