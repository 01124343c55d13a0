#pragma once
// learner_descriptor_heap: a real ID3D12DescriptorHeap whose indices are managed by the
// learner's code, the 07-deferred-free exercise (lessons/exercises/07-deferred-free) loaded
// by the sandbox: allocate(), free(index, slot), process_deferred_free(slot), and their view
// of the stack and the lists for the inspector.
//
// The engine keeps its own record of every index beside it (free, out, waiting in a slot)
// and checks each answer against it before using it: an index out of range, one already
// out, or one back before its slot came round is refused and counted as a fault (the
// heap's last_fault says what), never written through. A refusal by the learner's code
// comes back as the engine's own error for that case, so a lesson's expected errors read
// the same on either code. Single-threaded: the engine's record beside it takes no lock
// (the exercise's class does, wiki 7.8), so the lessons that race two threads keep the
// engine's heap.
#include <array>
#include <string>
#include <vector>

#include "graphics/d3d12/d3d12_descriptor_heap.h"

struct xe_deferred_free_api;

namespace xe::gfx::d3d12 {

class learner_descriptor_heap final : public heap_interface {
public:
  learner_descriptor_heap(heap_type type, const frame_clock& clock, const xe_deferred_free_api& code);
  XE_DISABLE_COPY_AND_MOVE(learner_descriptor_heap);
  ~learner_descriptor_heap() override;

  result<void> initialize(ID3D12Device* device, u32 capacity, bool shader_visible, std::string_view name) override;
  u32 release() override;
  result<descriptor_handle> allocate(std::string_view owner = {}) override;
  result<void> allocate_indices(u32 count, std::string_view owner, std::vector<u32>& out) override;
  result<void> free_index(u32 index) override;
  void process_deferred_free(u32 slot) override;
  void return_all_deferred(u64 flushed) override;

  heap_type type() const override { return _type; }
  const std::string& name() const override { return _name; }
  D3D12_CPU_DESCRIPTOR_HANDLE cpu_start() const override { return _d3d.cpu_start; }
  u32 descriptor_size() const override { return _d3d.descriptor_size; }
  heap_info get_info() const override;
  descriptor_info get_descriptor_info(u32 index) const override;
  void copy_state(heap_state& out, u32 parts = heap_state_all) const override;

private:
  enum : u8 { state_free, state_out, state_waiting };
  struct record {
    u8 state{state_free};
    u32 slot{invalid_id};  // waiting: the slot's list it is in
    u64 freed_frame{0};
    std::string owner;
  };
  // The learner's code threw, or answered what the engine's record refuses.
  void fault(std::string what);
  std::string code_error() const;  // what the learner's code threw in its last call, or ""
  error refused(errc code, std::string reason) const;
  void emit(event_type type, u32 slot, u32 index, u64 value = 0) const;
  std::vector<bool> on_learner_stack() const;  // per index: on the learner's free stack
  void check_stack(const std::vector<bool>& on_stack, const std::string& after);

  const xe_deferred_free_api& _code;
  const frame_clock& _clock;
  void* _self{};  // the learner's object
  d3d12_heap _d3d;
  heap_type _type;
  std::string _name;
  u32 _capacity{0};
  std::vector<record> _records;
  u32 _faults{0};
  std::string _last_fault;
};

}  // namespace xe::gfx::d3d12
