#pragma once
// Exercise 12-deferred-release: COM objects released only once the GPU is done with them
// (changelog 2026-03-30, lesson 12). Read it; your code goes in deferred_release.cpp.
#include "xe_exercise.h"

// A COM object (an IUnknown in the engine; a counted stand-in in the grader). Only the
// sandbox knows what it is: release it with release(object).
struct xe_object;
using xe_release_fn = u32 (*)(xe_object* object);

namespace xe_exercise_glue {
inline xe_release_fn& release_function() {
  static xe_release_fn fn{};
  return fn;
}
}  // namespace xe_exercise_glue

// IUnknown::Release(): drops one reference; at zero the object is destroyed. Returns the
// references left.
inline u32 release(xe_object* object) { return xe_exercise_glue::release_function()(object); }

struct xe_deferred_release_api {
  u32 abi;
  void* (*create)(xe_release_fn release);
  void (*destroy)(void* self);
  void (*deferred_release)(void* self, xe_object* object, u32 frame_slot);
  void (*process_deferred_releases)(void* self, u32 frame_slot);
  void (*flush)(void* self);
  // What the inspector draws: how many objects wait in a slot's list.
  u32 (*waiting)(const void* self, u32 frame_slot);
  const char* (*error)();
};

namespace xe_exercise_glue {
template <typename T>
struct deferred_release_table {
  static void* create(xe_release_fn fn) {
    release_function() = fn;
    return guarded([]() -> void* { return new T(); }, nullptr);
  }
  static void destroy(void* self) {
    guarded_void([&] { delete static_cast<T*>(self); });
  }
  static void deferred_release(void* self, xe_object* object, u32 slot) {
    guarded_void([&] { static_cast<T*>(self)->deferred_release(object, slot); });
  }
  static void process(void* self, u32 slot) {
    guarded_void([&] { static_cast<T*>(self)->process_deferred_releases(slot); });
  }
  static void flush(void* self) {
    guarded_void([&] { static_cast<T*>(self)->flush(); });
  }
  static u32 waiting(const void* self, u32 slot) {
    return guarded([&] { return static_cast<const T*>(self)->waiting(slot); }, 0u);
  }
  static inline const xe_deferred_release_api api{xe_exercise_abi, create, destroy, deferred_release,
                                                  process,         flush,  waiting, error};
};
}  // namespace xe_exercise_glue

// XE_DEFERRED_RELEASE(T) at the end of the exercise's file hands T to the sandbox.
#define XE_DEFERRED_RELEASE(T)                                                       \
  XE_EXERCISE_EXPORT const xe_deferred_release_api* xe_exercise_deferred_release() { \
    return &xe_exercise_glue::deferred_release_table<T>::api;                        \
  }
