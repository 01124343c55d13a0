#pragma once
// descriptor_heap: an ID3D12DescriptorHeap managed as the wiki's free-index stack.
//
//   _free_handles[0.._capacity)  indices; [_size, _capacity) are free, top at _size
//   allocate()                   index = _free_handles[_size++]
//   free(handle)                 queued in the clock's current slot's deferred list only
//   process_deferred_free(slot)  once the slot's fence has completed:
//                                _free_handles[--_size] = index for each queued index
//
// The GPU may still read a freed descriptor until the frame that freed it has finished,
// which is why free() defers. Misuse (double free, a handle from another heap, a stale or
// invalid handle, allocation from a full heap) returns an error in every build and leaves
// the heap unchanged. All members are thread-safe (a utl::spin_lock: every critical section
// is a few instructions, cheaper than std::mutex; see docs/PERFORMANCE.md). Refusals are
// described, hooks called and the D3D12 heap released outside the lock; allocations, frees
// and returns reach the hooks as queued descriptor_events (stats.h), and the heap delivers
// its thread's queue before its name changes or dies.
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <string>
#include <vector>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_frame_clock.h"
#include "graphics/stats_internal.h"
#include "utilities/spin_lock.h"

namespace xe::gfx::d3d12 {

class descriptor_heap;

struct descriptor_handle {
  D3D12_CPU_DESCRIPTOR_HANDLE cpu{};
  D3D12_GPU_DESCRIPTOR_HANDLE gpu{};
  u32 index{invalid_id};
  u32 generation{};                    // of the index when allocated; catches stale handles
  const descriptor_heap* container{};  // the heap that allocated it

  constexpr bool is_valid() const { return cpu.ptr != 0; }
  constexpr bool is_shader_visible() const { return gpu.ptr != 0; }
};

// The ID3D12DescriptorHeap behind either model (this one and the wiki's): the capacity and
// visibility checked against D3D12's limits, then created, named and tracked.
struct d3d12_heap {
  com_ptr<ID3D12DescriptorHeap> heap;
  u32 descriptor_size{0};
  D3D12_CPU_DESCRIPTOR_HANDLE cpu_start{};
  D3D12_GPU_DESCRIPTOR_HANDLE gpu_start{};  // null unless shader-visible
};
result<d3d12_heap> create_d3d12_heap(ID3D12Device* device, heap_type type, u32 capacity, bool shader_visible,
                                     std::string_view name);

// What the core needs from every heap it keeps: the engine's descriptor_heap and the
// lessons' wiki_descriptor_heap (d3d12_wiki_heap.h).
class heap_interface {
public:
  virtual ~heap_interface() = default;
  virtual result<void> initialize(ID3D12Device* device, u32 capacity, bool shader_visible, std::string_view name) = 0;
  // Releases the D3D12 heap through the deferred path; returns how many descriptors were
  // still allocated (handles to them now dangle).
  virtual u32 release() = 0;
  // owner names the allocation for the inspector (e.g. "surface 0 back buffer 1 RTV").
  virtual result<descriptor_handle> allocate(std::string_view owner = {}) = 0;
  // count indices appended to out: all or nothing (heap_full when fewer are free) on the
  // engine's heap; one allocate() after another, as the wiki's code would, on its heap.
  virtual result<void> allocate_indices(u32 count, std::string_view owner, std::vector<u32>& out) = 0;
  // free() by index, for callers that only keep indices (scripts, the inspector).
  virtual result<void> free_index(u32 index) = 0;
  // Returns the indices queued in `slot` to the stack. Call only after the slot's fence
  // value has completed. Where later frees go: the engine's heap reads its frame clock;
  // the wiki's heap, as the wiki's code does, queues them in the slot processed last.
  virtual void process_deferred_free(u32 slot) = 0;
  // After a flush has completed fence value `flushed` (the GPU has finished all work that
  // could read them): the engine's heap returns every queued index, oldest slot first, with
  // descriptor_returned events that carry that value and the detail "after flush". The
  // wiki's heap has no such step and keeps them.
  virtual void return_all_deferred(u64 flushed) = 0;
  virtual heap_type type() const = 0;
  virtual const std::string& name() const = 0;
  virtual D3D12_CPU_DESCRIPTOR_HANDLE cpu_start() const = 0;
  virtual u32 descriptor_size() const = 0;
  virtual heap_info get_info() const = 0;
  // Grows with every change to the heap's state. Not virtual: the inspector sums every
  // heap's once a frame.
  u64 version() const { return _version.load(std::memory_order_acquire); }
  virtual descriptor_info get_descriptor_info(u32 index) const = 0;
  // parts: heap_state_part bits (the free stack alone is a copy of capacity indices; the
  // owners are capacity lookups).
  virtual void copy_state(heap_state& out, u32 parts = heap_state_all) const = 0;

protected:
  std::atomic<u64> _version{0};
};

class descriptor_heap final : public heap_interface {
public:
  // D3D12's limits for shader-visible heaps (enforced even where the runtime does not).
  static constexpr u32 max_shader_visible_cbv_srv_uav{1'000'000};
  static constexpr u32 max_shader_visible_samplers{2048};
  static constexpr u32 max_capacity{1u << 24};

  // clock: where frees are queued (it must outlive the heap). emits_events false: a private
  // heap (a test harness on several threads) that reports nothing to the hooks.
  descriptor_heap(heap_type type, const frame_clock& clock, bool emits_events = true);
  XE_DISABLE_COPY_AND_MOVE(descriptor_heap);
  ~descriptor_heap() override;

  result<void> initialize(ID3D12Device* device, u32 capacity, bool shader_visible, std::string_view name) override;
  u32 release() override;

  result<descriptor_handle> allocate(std::string_view owner = {}) override;
  result<void> allocate_indices(u32 count, std::string_view owner, std::vector<u32>& out) override;
  // Queues handle's index in the clock's slot's deferred list and invalidates handle.
  result<void> free(descriptor_handle& handle);
  result<void> free_index(u32 index) override;
  void process_deferred_free(u32 slot) override;
  void return_all_deferred(u64 flushed) override;

  heap_type type() const override { return _type; }
  const std::string& name() const override { return _name; }
  u32 capacity() const { return _capacity; }
  u32 size() const;
  u32 descriptor_size() const override { return _d3d.descriptor_size; }
  bool is_shader_visible() const { return _d3d.gpu_start.ptr != 0; }
  ID3D12DescriptorHeap* heap() const { return _d3d.heap.get(); }
  D3D12_CPU_DESCRIPTOR_HANDLE cpu_start() const override { return _d3d.cpu_start; }
  D3D12_GPU_DESCRIPTOR_HANDLE gpu_start() const { return _d3d.gpu_start; }
  bool is_allocated(u32 index) const;

  heap_info get_info() const override;
  descriptor_info get_descriptor_info(u32 index) const override;
  void copy_state(heap_state& out, u32 parts = heap_state_all) const override;

  // For the two-thread demonstration (gfx::lab::race_heap) only: called in
  // process_deferred_free between reading and writing _size, with the lock held.
  void set_race_probe(void (*probe)(void*), void* user) {
    _probe = probe;
    _probe_user = user;
  }

private:
  // Per-index state: free, allocated, or waiting in deferred slot k (deferred_base + k).
  enum : u8 { state_free = 0, state_allocated = 1, state_deferred_base = 2 };
  // free_locked's outcomes besides an index's state.
  static constexpr u8 queued{0xFD}, stale{0xFE}, not_addressed{0xFF};

  // The hot paths (allocate, free) are inline and never format or log under the lock; a
  // refusal is described by these, after it.
  error allocate_refused(u32 size, u32 capacity, u32 count) const;
  error free_refused(const descriptor_handle& handle) const;  // null, or another heap's
  error free_refused(u32 index, u8 why) const;
  // Queues index in slot, stamped with frame: queued, or why not (the index's state when it
  // is not allocated, stale when generation is not the index's).
  u8 free_locked(u32 index, u32 generation, u32 slot, u64 frame) {
    index_entry& entry = _entries[index];
    if (entry.state != state_allocated || generation != entry.generation) [[unlikely]] {
      if (XE_FAULT(double_free_accepted)) return queued;
      return entry.state != state_allocated ? entry.state : stale;
    }
    entry.state = static_cast<u8>(state_deferred_base + slot);
    entry.freed_frame = frame;
    bump_version();
    if (XE_FAULT(free_index_at_once)) {
      return_locked(index);
      return queued;
    }
    _deferred_free_indices[slot].push_back(index);
    return queued;
  }
  // Puts a queued index back on the free stack.
  void return_locked(u32 index);
  // The fault deferred_list_not_cleared: an index listed in slot from an earlier round is
  // pushed on the free stack again, as the wiki's code does. False when it is not one.
  bool return_stale_locked(u32 index, u32 slot);
  error misuse(errc code, std::string reason) const;
  bool emitting() const { return _emits_events && detail::hooks_installed(); }
  // Owner names are interned: one u32 per index, each distinct name stored once while used.
  // Unnamed allocations (0) never reach these.
  u32 intern_owner(std::string_view owner);
  void drop_owner(u32 id);

  mutable utl::spin_lock _lock;
  d3d12_heap _d3d;  // the D3D12 heap, its descriptor size and start handles
  // What an index is, in one place: an allocate or free touches one cache line of it.
  struct index_entry {
    u64 freed_frame;  // valid while the index waits in a deferred queue
    u32 generation;
    u32 owner;  // 0: unnamed, else 1 + index into _owner_names
    u8 state;
  };
  std::unique_ptr<u32[]> _free_handles;
  std::unique_ptr<index_entry[]> _entries;
  std::array<std::vector<u32>, frame_slot_count> _deferred_free_indices{};
  u32 _capacity{0};
  u32 _size{0};
  // _version is written under _lock only; read without it (version()).
  void bump_version() { _version.store(_version.load(std::memory_order_relaxed) + 1, std::memory_order_release); }
  struct owner_name {
    std::string name;
    u32 uses{};
  };
  struct string_hash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
  };
  std::vector<owner_name> _owner_names;
  std::vector<u32> _free_owner_slots;
  std::unordered_map<std::string, u32, string_hash, std::equal_to<>> _owner_ids;
  heap_type _type;
  const frame_clock& _clock;
  bool _emits_events;
  void (*_probe)(void*){nullptr};
  void* _probe_user{nullptr};
  utl::interned_text _name;  // events carry it: interned once, when the heap is named
};

inline result<descriptor_handle> descriptor_heap::allocate(std::string_view owner) {
  descriptor_handle handle;
  {
    std::unique_lock lock{_lock};
    if (_size == _capacity) [[unlikely]] {  // also an uninitialised heap (capacity 0)
      const u32 size = _size, capacity = _capacity;
      lock.unlock();
      return allocate_refused(size, capacity, 1);
    }
    if (XE_FAULT(free_stack_far_end)) std::swap(_free_handles[_size], _free_handles[_capacity - 1]);
    const u32 index = _free_handles[_size++];
    index_entry& entry = _entries[index];
    XE_ASSERT(entry.state == state_free || XE_FAULT(deferred_list_not_cleared));
    entry.state = state_allocated;
    entry.owner = owner.empty() ? 0 : intern_owner(owner);
    bump_version();
    handle.index = index;
    handle.generation = entry.generation;
  }
  handle.container = this;
  handle.cpu.ptr = _d3d.cpu_start.ptr + static_cast<SIZE_T>(handle.index) * _d3d.descriptor_size;
  if (_d3d.gpu_start.ptr) handle.gpu.ptr = _d3d.gpu_start.ptr + static_cast<u64>(handle.index) * _d3d.descriptor_size;
  if (emitting()) detail::emit_descriptor(event_type::descriptor_allocated, _name, handle.index, _clock.slot());
  return handle;
}

inline result<void> descriptor_heap::free(descriptor_handle& handle) {
  if (!handle.is_valid() || handle.container != this) [[unlikely]]
    return free_refused(handle);
  const u32 index = handle.index;
  const u32 slot = _clock.slot();  // read before the lock: nothing under it waits for the clock
  const u64 frame = _clock.frame_number();
  u8 refused;
  {
    std::lock_guard lock{_lock};
    if (index >= _capacity || handle.cpu.ptr != _d3d.cpu_start.ptr + static_cast<SIZE_T>(index) * _d3d.descriptor_size)
      refused = not_addressed;
    else
      refused = free_locked(index, handle.generation, slot, frame);
  }
  if (refused != queued) [[unlikely]]
    return free_refused(index, refused);
  handle = {};
  if (emitting()) detail::emit_descriptor(event_type::descriptor_freed, _name, index, slot);
  return {};
}

D3D12_DESCRIPTOR_HEAP_TYPE to_d3d12(heap_type type);

}  // namespace xe::gfx::d3d12
