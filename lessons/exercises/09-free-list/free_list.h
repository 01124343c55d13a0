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

#define XE_FREE_LIST(T)                                                                                             \
  XE_EXERCISE_EXPORT const xe_free_list_api* xe_exercise_free_list() {                                              \
    using namespace xe_exercise_glue;                                                                               \
    static const xe_free_list_api api{                                                                              \
        xe_exercise_abi,                                                                                            \
        []() -> void* { return guarded([]() -> void* { return new T(); }, nullptr); },                              \
        [](void* self) {                                                                                            \
          guarded(                                                                                                  \
              [&] {                                                                                                 \
                delete static_cast<T*>(self);                                                                       \
                return 0;                                                                                           \
              },                                                                                                    \
              0);                                                                                                   \
        },                                                                                                          \
        [](void* self, u64 value) {                                                                                 \
          return guarded([&] { return static_cast<T*>(self)->add(value); }, invalid_index);                         \
        },                                                                                                          \
        [](void* self, u32 index) { return guarded([&] { return static_cast<T*>(self)->remove(index); }, false); }, \
        [](const void* self, u32 index) {                                                                           \
          return guarded([&] { return static_cast<const T*>(self)->is_live(index); }, false);                       \
        },                                                                                                          \
        [](const void* self, u32 index) {                                                                           \
          return guarded([&] { return static_cast<const T*>(self)->value(index); }, u64{0});                        \
        },                                                                                                          \
        [](const void* self) { return guarded([&] { return static_cast<const T*>(self)->size(); }, 0u); },          \
        [](const void* self) {                                                                                      \
          return guarded([&] { return static_cast<const T*>(self)->next_free(); }, invalid_index);                  \
        },                                                                                                          \
        [](const void* self) { return guarded([&] { return static_cast<const T*>(self)->capacity(); }, 0u); },      \
        [](const void* self, u32 index) {                                                                           \
          return guarded([&] { return static_cast<const T*>(self)->link(index); }, invalid_index);                  \
        },                                                                                                          \
        error};                                                                                                     \
    return &api;                                                                                                    \
  }
