#pragma once
// Deferred release of COM objects (wiki 7.7): an object dropped while frames that may use it
// are still on the GPU waits in the queue of the clock's current slot, and is released when
// that slot's fence has completed again. Owns its queues; reads the slot from the frame
// clock it is bound to (the engine binds d3d12_command's between initialize and shutdown).
// Thread-safe; hooks are called outside its lock.
#include <array>
#include <vector>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_frame_clock.h"
#include "graphics/stats.h"

struct xe_deferred_release_api;

namespace xe::gfx::d3d12 {

// Binding a clock starts the engine's queues, or the learner's code when one was set (lab.h);
// unbinding (shutdown, the GPU idle) flushes and ends the learner's.
void bind_release_clock(const frame_clock* clock);

// Takes over one reference; released once the current slot's fence has completed again.
void deferred_release(ID3D12Object* object);
template <typename T>
void deferred_release(com_ptr<T>& object) {
  if (object) deferred_release(static_cast<ID3D12Object*>(object.detach()));
}

// The slot's fence has completed: releases what waited in it. flushed: the fence value of
// the flush that made this safe early (reported in release_done's value), or 0 when the
// slot came round.
void release_deferred(u32 slot, u64 flushed = 0);
// After a flush (the GPU is idle): every slot, oldest first.
void release_all_deferred(u64 flushed);
// The GPU is idle: frees what the faults release_at_once and wrong_slot_reclaimed only
// reported as released (common/fault.h). Nothing outside test builds.
void release_kept_for_faults();

// Build it yourself (lab.h): the learner's 12-deferred-release code keeps the queues from
// the next bind on. Objects it releases early, twice or not at all are refused and kept alive
// (or released at the flush), each reported as a release_refused event.
void set_learner_release_code(const xe_deferred_release_api* code);
bool learner_release_code_running();
u32 learner_release_refusals();

void copy_release_queues(std::array<std::vector<object_info>, frame_slot_count>& out);

}  // namespace xe::gfx::d3d12
