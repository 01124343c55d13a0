#pragma once
// learner_frame_ring: the learner's 06-frame-ring code (lessons/exercises/06-frame-ring)
// keeping the command queue's frame slots and fence values. d3d12_command calls it in
// begin_frame, signal (their end_frame) and flush, and hands it the real fence.
//
// Their fence calls are checked before they reach the queue: a signal must be the call's only
// one, above every value before it, and not in begin_frame; a wait for a value nothing will
// set returns at once. After each call the engine checks the outcome against its own record
// (the slot frame N records into, that slot's last value reached, everything signalled reached
// after a flush). A wrong answer is a fault (counted, logged), and the engine does that part
// itself, so the GPU never executes from an allocator the CPU reset.
#include <array>
#include <memory>
#include <string>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/stats.h"

struct xe_frame_ring_api;
struct xe_fence;

namespace xe::gfx::d3d12 {

class d3d12_command;

// lab::set_learner_ring_code's table, taken by the next initialize.
void set_learner_ring_code(const xe_frame_ring_api* code);
const xe_frame_ring_api* learner_ring_code();

class learner_frame_ring {
public:
  // Null when the learner's constructor failed (said in the log).
  static std::unique_ptr<learner_frame_ring> create(const xe_frame_ring_api& code, d3d12_command& command);
  learner_frame_ring(const xe_frame_ring_api& code, void* self, d3d12_command& command);
  XE_DISABLE_COPY_AND_MOVE(learner_frame_ring);
  ~learner_frame_ring();

  // Frame `frame` records into `slot`, which the GPU is done with at `needed`.
  void begin_frame(u64 frame, u32 slot, u64 needed);
  // Their end_frame; when it signalled no acceptable value, the engine signals the next one.
  result<void> end_frame(u64 frame);
  // Their flush; the caller then waits for everything signalled.
  void flush();

  // What their object keeps (its view()), for the inspector.
  struct view_state {
    u32 frame_index{};
    u64 fence_value{};
    std::array<u64, frame_slot_count> slot_values{};
  };
  view_state view() const;
  u32 faults() const { return _faults; }
  const std::string& last_fault() const { return _last_fault; }

private:
  static u64 completed_value(void* self);
  static void wait_for(void* self, u64 value);
  static void signal(void* self, u64 value);
  static constexpr u64 no_frame = ~u64{0};
  // Before each call into their code: names it for the faults, forgets the last one's signal.
  void start(const char* call, u64 frame);
  std::string call_name() const;  // "end_frame() for frame 3"
  void fault(std::string what);
  std::string code_error() const;

  const xe_frame_ring_api& _code;
  void* _self;
  d3d12_command& _command;
  std::unique_ptr<xe_fence> _fence;  // what their gpu_fence calls
  const char* _call{""};
  u64 _frame{no_frame};
  u32 _signals{0};    // signals in the current call, refused ones too
  u64 _signalled{0};  // the value the current call signalled, 0: none accepted
  u32 _faults{0};
  std::string _last_fault;
};

}  // namespace xe::gfx::d3d12
