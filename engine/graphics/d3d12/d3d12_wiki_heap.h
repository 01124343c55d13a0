#pragma once
// wiki_descriptor_heap: the learning wiki's descriptor_heap (7.4-7.8) as it is written, on
// a real ID3D12DescriptorHeap, so the lessons can show its mistakes on the running engine:
//   - process_deferred_release pushes a slot's indices back but never clears the list, so
//     the same indices come back every time the slot comes round and _size runs down;
//   - allocate() has no capacity check, free() no double-free check;
//   - allocate() takes the mutex, free() and process_deferred_release do not.
// wiki_fixes switches single mistakes off, so one can be shown at a time.
//
// Where the wiki's code would go on into undefined behaviour, the model stops, leaves the
// stack as it was and records a fault: reading _free_handles[_capacity] from a full heap,
// and --_size below zero (the write would land 4 GiB past the array). _size and the stack
// entries are relaxed atomics, read and written in separate steps as the wiki's unlocked
// code does, so two threads lose updates without undefined behaviour. The deferred lists
// keep a private lock around each touch (an unlocked push_back racing the processing loop
// can reallocate the vector under it: a crash, not a lesson); the loop itself runs
// outside it, as the wiki's does.
#include <array>
#include <atomic>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/lab.h"

namespace xe::gfx::d3d12 {

struct wiki_fixes {
  bool clear_after_processing{};  // add the clear() 7.6 leaves out
  bool lock_everywhere{};         // free() and process_deferred_release take the mutex too
  bool capacity_check{};          // allocate() refuses a full heap
  bool double_free_check{};       // free() refuses an index that is free or already queued
  bool fill_handle{};             // allocate() also sets the handle's GPU address and index
};

class wiki_descriptor_heap final : public heap_interface {
public:
  // first_slot: where frees go until the first process_deferred_free (the engine's current
  // slot when a lesson creates the heap mid-run).
  explicit wiki_descriptor_heap(heap_type type, wiki_fixes fixes = {}, bool emits_events = true, u32 first_slot = 0);
  XE_DISABLE_COPY_AND_MOVE(wiki_descriptor_heap);
  ~wiki_descriptor_heap() override;

  result<void> initialize(ID3D12Device* device, u32 capacity, bool shader_visible, std::string_view name) override;
  u32 release() override;
  result<descriptor_handle> allocate(std::string_view owner = {}) override;
  result<void> allocate_indices(u32 count, std::string_view owner, std::vector<u32>& out) override;
  result<void> free_index(u32 index) override;
  // 7.6's allocate() and free(handle) with the handle as 7.6 fills it (lab.h's
  // wiki_allocate_and_free): the free is stopped as a fault.
  result<lab::wiki_handle_report> allocate_and_free_as_written();
  void process_deferred_free(u32 frame_slot) override;
  void return_all_deferred(u64) override {}  // the wiki's engine has no such step

  heap_type type() const override { return _type; }
  const std::string& name() const override { return _name; }
  D3D12_CPU_DESCRIPTOR_HANDLE cpu_start() const override { return _d3d.cpu_start; }
  u32 descriptor_size() const override { return _d3d.descriptor_size; }
  heap_info get_info() const override;
  descriptor_info get_descriptor_info(u32 index) const override;
  void copy_state(heap_state& out, u32 parts = heap_state_all) const override;
  u32 size() const { return _size.load(std::memory_order_relaxed); }
  u32 faults() const;

  // For the two-thread demonstration (gfx::lab::race_heap) only: called in the processing loop
  // between reading and writing _size, where the wiki holds no lock; another thread's
  // allocate() that lands there is lost.
  void set_race_probe(void (*probe)(void*), void* user) {
    _probe = probe;
    _probe_user = user;
  }

private:
  void fault(std::string what);  // the lists lock is held
  error refused(errc code, std::string reason) const;

  std::mutex _mutex;               // the wiki's: allocate() only, unless lock_everywhere
  mutable std::mutex _lists_lock;  // the model's own (see above); also guards the faults
  d3d12_heap _d3d;                 // the D3D12 heap, its descriptor size and start handles
  std::unique_ptr<std::atomic<u32>[]> _free_handles;
  std::atomic<u32> _size{0};
  std::array<std::vector<u32>, frame_slot_count> _deferred_free_indices{};
  std::atomic<u32> _current_slot{0};
  u32 _capacity{0};
  u32 _faults{0};
  std::string _last_fault;
  heap_type _type;
  wiki_fixes _fixes;
  bool _emits_events;
  void (*_probe)(void*){nullptr};
  void* _probe_user{nullptr};
  utl::interned_text _name;  // events carry it: interned once, when the heap is named
};

}  // namespace xe::gfx::d3d12
