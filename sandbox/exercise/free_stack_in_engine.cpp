#include "exercise/free_stack_in_engine.h"

#include <algorithm>
#include <vector>

#include "07-deferred-free/deferred_free.h"
#include "07-free-stack/free_stack.h"

namespace xe::sandbox {
namespace {

const xe_free_stack_api* learner{};  // for the objects created from now on

struct deferred_stack {
  const xe_free_stack_api* code;  // the library that made it: a reload leaves earlier objects theirs
  void* stack;                    // the learner's
  u32 capacity;
  std::vector<u32> lists[frame_buffer_count];
  std::vector<u32> entries{};  // the learner's view, read by free()
};

deferred_stack* as(void* self) { return static_cast<deferred_stack*>(self); }
const deferred_stack* as(const void* self) { return static_cast<const deferred_stack*>(self); }

void* create(u32 capacity) {
  void* stack = learner->create(capacity);
  return stack ? new deferred_stack{learner, stack, capacity, {}} : nullptr;
}
void destroy(void* self) {
  as(self)->code->destroy(as(self)->stack);
  delete as(self);
}
u32 allocate(void* self) { return as(self)->code->allocate(as(self)->stack); }
// The engine's own part: only an index the learner's stack handed out, and not waiting
// already, may wait; anything else is refused now, as their free(index) would refuse it (the
// engine then says why in its own words). Their free(index) itself runs when the slot comes
// round.
bool free(void* self, u32 index, u32 slot) {
  deferred_stack& d = *as(self);
  if (index >= d.capacity || slot >= frame_buffer_count) return false;
  for (const auto& list : d.lists)
    if (std::find(list.begin(), list.end(), index) != list.end()) return false;
  u32 top = 0;
  d.entries.assign(d.capacity, invalid_index);
  d.code->view(d.stack, d.entries.data(), &top);
  if (top <= d.capacity && std::find(d.entries.begin() + top, d.entries.end(), index) != d.entries.end())
    return false;  // on their free stack: a free of a free index
  d.lists[slot].push_back(index);
  return true;
}
void process(void* self, u32 slot) {
  for (const u32 index : as(self)->lists[slot]) as(self)->code->free(as(self)->stack, index);
  as(self)->lists[slot].clear();
}
// Waiting indices were never given back to the learner's stack: its size counts them.
u32 size(const void* self) { return as(self)->code->size(as(self)->stack); }
void view(const void* self, u32* entries, u32* top) { as(self)->code->view(as(self)->stack, entries, top); }
u32 waiting(const void* self, u32 slot, u32* indices, u32 max) {
  const std::vector<u32>& list = as(self)->lists[slot];
  for (u32 i = 0; i < list.size() && i < max; ++i) indices[i] = list[i];
  return static_cast<u32>(list.size());
}
const char* error() { return learner->error(); }

const xe_deferred_free_api table{xe_exercise_abi, create, destroy, allocate, free, process, size, view, waiting, error};

}  // namespace

const xe_deferred_free_api* free_stack_in_engine(const xe_free_stack_api* stack) {
  learner = stack;
  return stack ? &table : nullptr;
}

}  // namespace xe::sandbox
