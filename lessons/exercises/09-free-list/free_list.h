#pragma once
// Exercise 09-free-list: the container that keeps the surfaces (wiki 8.9, lesson 09). Read
// it; your code goes in free_list.cpp.
#include "xe_exercise.h"

struct xe_free_list_api {
  u32 abi;
  void* (*create)();
  void (*destroy)(void* self);
  u32 (*add)(void* self, u64 value);
  bool (*remove)(void* self, u32 index);
  bool (*is_live)(const void* self, u32 index);
  u64 (*value)(const void* self, u32 index);
  u32 (*size)(const void* self);
  u32 (*next_free)(const void* self);
  // What the inspector draws: the slots ever used, and for a free slot its link.
  u32 (*capacity)(const void* self);
  u32 (*link)(const void* self, u32 index);
  const char* (*error)();
};

namespace xe_exercise_glue {
template <typename T>
struct free_list_table {
  static void* create() {
    return guarded([]() -> void* { return new T(); }, nullptr);
  }
  static void destroy(void* self) {
    guarded_void([&] { delete static_cast<T*>(self); });
  }
  static u32 add(void* self, u64 value) {
    return guarded([&] { return static_cast<T*>(self)->add(value); }, invalid_index);
  }
  static bool remove(void* self, u32 index) {
    return guarded([&] { return static_cast<T*>(self)->remove(index); }, false);
  }
  static bool is_live(const void* self, u32 index) {
    return guarded([&] { return static_cast<const T*>(self)->is_live(index); }, false);
  }
  static u64 value(const void* self, u32 index) {
    return guarded([&] { return static_cast<const T*>(self)->value(index); }, u64{0});
  }
  static u32 size(const void* self) {
    return guarded([&] { return static_cast<const T*>(self)->size(); }, 0u);
  }
  static u32 next_free(const void* self) {
    return guarded([&] { return static_cast<const T*>(self)->next_free(); }, invalid_index);
  }
  static u32 capacity(const void* self) {
    return guarded([&] { return static_cast<const T*>(self)->capacity(); }, 0u);
  }
  static u32 link(const void* self, u32 index) {
    return guarded([&] { return static_cast<const T*>(self)->link(index); }, invalid_index);
  }
  static inline const xe_free_list_api api{xe_exercise_abi, create, destroy,   add,      remove, is_live,
                                           value,           size,   next_free, capacity, link,   error};
};
}  // namespace xe_exercise_glue

// XE_FREE_LIST(T) at the end of the exercise's file hands T to the sandbox.
#define XE_FREE_LIST(T)                                                \
  XE_EXERCISE_EXPORT const xe_free_list_api* xe_exercise_free_list() { \
    return &xe_exercise_glue::free_list_table<T>::api;                 \
  }
