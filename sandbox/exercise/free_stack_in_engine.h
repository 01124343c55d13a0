#pragma once
// 07-free-stack in the engine: the learner's free-index stack keeps a heap's indices, and
// the engine keeps the deferral (wiki 7.7) around it, as a 07-deferred-free table the
// learner heap (d3d12_learner_heap.h) can use. A freed index waits in its slot's list here;
// when the slot comes round, the learner's free(index) pushes it back on their stack.
struct xe_free_stack_api;
struct xe_deferred_free_api;

namespace xe::sandbox {

// The table for the engine, around the learner's (one learner's stack at a time: the table
// is static). Null undoes it.
const xe_deferred_free_api* free_stack_in_engine(const xe_free_stack_api* stack);

}  // namespace xe::sandbox
