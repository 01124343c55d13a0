#pragma once
// Fixed-width aliases and the small macros every engine file uses.
#include <cstddef>
#include <cstdint>
#include <limits>

namespace xe {

using u8 = std::uint8_t;
using u16 = std::uint16_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using s8 = std::int8_t;
using s16 = std::int16_t;
using s32 = std::int32_t;
using s64 = std::int64_t;
using f32 = float;
using f64 = double;

constexpr u32 invalid_id_u32{std::numeric_limits<u32>::max()};
constexpr u64 invalid_id_u64{std::numeric_limits<u64>::max()};
constexpr u32 invalid_id{invalid_id_u32};

}  // namespace xe

#define XE_DISABLE_COPY(T) \
  T(const T&) = delete;    \
  T& operator=(const T&) = delete

#define XE_DISABLE_MOVE(T) \
  T(T&&) = delete;         \
  T& operator=(T&&) = delete

#define XE_DISABLE_COPY_AND_MOVE(T) \
  XE_DISABLE_COPY(T);               \
  XE_DISABLE_MOVE(T)
