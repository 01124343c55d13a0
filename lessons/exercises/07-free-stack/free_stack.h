#pragma once
// Exercise 07-free-stack: the descriptor heap's free-index stack (wiki 7.6). Read it; your
// code goes in free_stack.cpp.
#include "xe_exercise.h"

// The table the sandbox calls. `self` is the object create() made.
struct xe_free_stack_api {
  u32 abi;
  void* (*create)(u32 capacity);
  void (*destroy)(void* self);
  u32 (*allocate)(void* self);
  bool (*free)(void* self, u32 index);
  u32 (*size)(const void* self);
  // What the inspector draws: the stack's entries (capacity of them) and the top (_size).
  void (*view)(const void* self, u32* entries, u32* top);
  const char* (*error)();
};

namespace xe_exercise_glue {
template <typename T>
struct free_stack_table {
  static void* create(u32 capacity) {
    return guarded([&]() -> void* { return new T(capacity); }, nullptr);
  }
  static void destroy(void* self) {
    guarded_void([&] { delete static_cast<T*>(self); });
  }
  static u32 allocate(void* self) {
    return guarded([&] { return static_cast<T*>(self)->allocate(); }, invalid_index);
  }
  static bool free(void* self, u32 index) {
    return guarded([&] { return static_cast<T*>(self)->free(index); }, false);
  }
  static u32 size(const void* self) {
    return guarded([&] { return static_cast<const T*>(self)->size(); }, 0u);
  }
  static void view(const void* self, u32* entries, u32* top) {
    guarded_void([&] { static_cast<const T*>(self)->view(entries, top); });
  }
  static inline const xe_free_stack_api api{xe_exercise_abi, create, destroy, allocate, free, size, view, error};
};
}  // namespace xe_exercise_glue

// XE_FREE_STACK(T) at the end of the exercise's file hands T to the sandbox.
#define XE_FREE_STACK(T)                                                 \
  XE_EXERCISE_EXPORT const xe_free_stack_api* xe_exercise_free_stack() { \
    return &xe_exercise_glue::free_stack_table<T>::api;                  \
  }
