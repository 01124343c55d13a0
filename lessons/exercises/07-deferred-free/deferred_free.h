#pragma once
// Exercise 07-deferred-free: a freed descriptor index waits in its frame slot's list until
// the GPU has finished that frame (wiki 7.6-7.7, lessons 07 and 12). Read it; your code goes
// in deferred_free.cpp.
#include "xe_exercise.h"

struct xe_deferred_free_api {
  u32 abi;
  void* (*create)(u32 capacity);
  void (*destroy)(void* self);
  u32 (*allocate)(void* self);
  bool (*free)(void* self, u32 index, u32 frame_slot);
  void (*process_deferred_free)(void* self, u32 frame_slot);
  u32 (*size)(const void* self);
  // What the inspector draws: the stack (capacity entries) and its top; a slot's waiting
  // indices (at most `max`; returns how many there are).
  void (*view)(const void* self, u32* entries, u32* top);
  u32 (*waiting)(const void* self, u32 frame_slot, u32* indices, u32 max);
  const char* (*error)();
};

namespace xe_exercise_glue {
template <typename T>
struct deferred_free_table {
  static void* create(u32 capacity) {
    return guarded([&]() -> void* { return new T(capacity); }, nullptr);
  }
  static void destroy(void* self) {
    guarded_void([&] { delete static_cast<T*>(self); });
  }
  static u32 allocate(void* self) {
    return guarded([&] { return static_cast<T*>(self)->allocate(); }, invalid_index);
  }
  static bool free(void* self, u32 index, u32 slot) {
    return guarded([&] { return static_cast<T*>(self)->free(index, slot); }, false);
  }
  static void process(void* self, u32 slot) {
    guarded_void([&] { static_cast<T*>(self)->process_deferred_free(slot); });
  }
  static u32 size(const void* self) {
    return guarded([&] { return static_cast<const T*>(self)->size(); }, 0u);
  }
  static void view(const void* self, u32* entries, u32* top) {
    guarded_void([&] { static_cast<const T*>(self)->view(entries, top); });
  }
  static u32 waiting(const void* self, u32 slot, u32* indices, u32 max) {
    return guarded([&] { return static_cast<const T*>(self)->waiting(slot, indices, max); }, 0u);
  }
  static inline const xe_deferred_free_api api{xe_exercise_abi, create, destroy, allocate, free,
                                               process,         size,   view,    waiting,  error};
};
}  // namespace xe_exercise_glue

// XE_DEFERRED_FREE(T) at the end of the exercise's file hands T to the sandbox.
#define XE_DEFERRED_FREE(T)                                                    \
  XE_EXERCISE_EXPORT const xe_deferred_free_api* xe_exercise_deferred_free() { \
    return &xe_exercise_glue::deferred_free_table<T>::api;                     \
  }
