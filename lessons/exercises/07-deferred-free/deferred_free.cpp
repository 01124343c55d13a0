// Exercise 07-deferred-free: deferred free of descriptor indices (lessons 07 and 12, wiki
// 7.6-7.7). The stack is 07-free-stack's (lesson 07's first exercise; its free_stack.cpp
// says how it works): _free_handles holds every index, the free ones from _size on.
//
// The GPU reads a descriptor until the frame that used it has finished, so a freed index
// may not go back on the stack at once. free(index, frame_slot) puts it in that frame slot's
// list instead. When frame slot s comes round again (three frames later), the engine first
// waits for slot s's fence value, then calls process_deferred_free(s): only then are the
// indices in s's list safe to hand out again.
//   allocate():                 pops the top of the stack; invalid_index when none is free.
//   free(index, frame_slot):    puts index in frame_slot's list. Returns false and changes
//                               nothing when index is out of range, free, or already waiting.
//   process_deferred_free(s):   pushes s's indices back on the stack, in the order they were
//                               freed, and empties s's list.
//   size():                     indices off the stack: handed out or waiting (as _size counts).
// The engine's threads share a heap (wiki 7.8): allocate(), free() and process_deferred_free()
// are called from several threads at once, so each holds _mutex while it runs.
// Add members if you need them; keep the ones below: the inspector reads them.
#include <memory>
#include <mutex>
#include <vector>

#include "deferred_free.h"

class deferred_free_stack {
public:
  explicit deferred_free_stack(u32 capacity) : _capacity{capacity} {
    // TODO: the stack, as in 07-free-stack
  }

  u32 allocate() {
    // TODO (under _mutex, as free() and process_deferred_free())
    return invalid_index;
  }

  bool free(u32 index, u32 frame_slot) {
    // TODO
    (void)index;
    (void)frame_slot;
    return false;
  }

  void process_deferred_free(u32 frame_slot) {
    // TODO
    (void)frame_slot;
  }

  u32 size() const { return _size; }

  // Given: what the inspector draws. Leave them as they are.
  void view(u32* entries, u32* top) const {
    for (u32 i = 0; i < _capacity; ++i) entries[i] = _free_handles ? _free_handles[i] : invalid_index;
    *top = _size;
  }
  u32 waiting(u32 frame_slot, u32* indices, u32 max) const {
    const std::vector<u32>& list = _deferred_free_indices[frame_slot];
    for (u32 i = 0; i < list.size() && i < max; ++i) indices[i] = list[i];
    return static_cast<u32>(list.size());
  }

private:
  std::unique_ptr<u32[]> _free_handles{};
  u32 _size{0};
  u32 _capacity{0};
  std::vector<u32> _deferred_free_indices[frame_buffer_count]{};
  std::mutex _mutex{};
};

XE_DEFERRED_FREE(deferred_free_stack)
