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

#define XE_DEFERRED_FREE(T)                                                                                   \
  XE_EXERCISE_EXPORT const xe_deferred_free_api* xe_exercise_deferred_free() {                                \
    using namespace xe_exercise_glue;                                                                         \
    static const xe_deferred_free_api api{                                                                    \
        xe_exercise_abi,                                                                                      \
        [](u32 capacity) -> void* { return guarded([&]() -> void* { return new T(capacity); }, nullptr); },   \
        [](void* self) {                                                                                      \
          guarded(                                                                                            \
              [&] {                                                                                           \
                delete static_cast<T*>(self);                                                                 \
                return 0;                                                                                     \
              },                                                                                              \
              0);                                                                                             \
        },                                                                                                    \
        [](void* self) { return guarded([&] { return static_cast<T*>(self)->allocate(); }, invalid_index); }, \
        [](void* self, u32 index, u32 slot) {                                                                 \
          return guarded([&] { return static_cast<T*>(self)->free(index, slot); }, false);                    \
        },                                                                                                    \
        [](void* self, u32 slot) {                                                                            \
          guarded(                                                                                            \
              [&] {                                                                                           \
                static_cast<T*>(self)->process_deferred_free(slot);                                           \
                return 0;                                                                                     \
              },                                                                                              \
              0);                                                                                             \
        },                                                                                                    \
        [](const void* self) { return guarded([&] { return static_cast<const T*>(self)->size(); }, 0u); },    \
        [](const void* self, u32* entries, u32* top) {                                                        \
          guarded(                                                                                            \
              [&] {                                                                                           \
                static_cast<const T*>(self)->view(entries, top);                                              \
                return 0;                                                                                     \
              },                                                                                              \
              0);                                                                                             \
        },                                                                                                    \
        [](const void* self, u32 slot, u32* indices, u32 max) {                                               \
          return guarded([&] { return static_cast<const T*>(self)->waiting(slot, indices, max); }, 0u);       \
        },                                                                                                    \
        error};                                                                                               \
    return &api;                                                                                              \
  }
