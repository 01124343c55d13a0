#pragma once
// Typed ids: a slot index plus a generation counter, so an id kept after its object
// was removed (and the slot reused) is recognised as stale instead of aliasing.
#include "common/types.h"

namespace xe::id {

using id_type = u32;
constexpr u32 generation_bits{8};
constexpr u32 index_bits{32 - generation_bits};
constexpr id_type index_mask{(id_type{1} << index_bits) - 1};
constexpr id_type generation_mask{(id_type{1} << generation_bits) - 1};
constexpr u32 max_index{index_mask - 1};  // index_mask itself is reserved for "invalid"

constexpr id_type make(u32 index, u32 generation) {
  return (id_type{generation & generation_mask} << index_bits) | (index & index_mask);
}
constexpr u32 index(id_type id) { return id & index_mask; }
constexpr u32 generation(id_type id) { return (id >> index_bits) & generation_mask; }
constexpr u32 next_generation(u32 generation) { return (generation + 1) & generation_mask; }

}  // namespace xe::id

namespace xe {

template <typename Tag>
struct typed_id {
  id::id_type value{invalid_id};

  constexpr typed_id() = default;
  constexpr explicit typed_id(id::id_type v) : value{v} {}
  static constexpr typed_id make(u32 index, u32 generation) { return typed_id{id::make(index, generation)}; }

  constexpr bool is_valid() const { return value != invalid_id; }
  constexpr u32 index() const { return id::index(value); }
  constexpr u32 generation() const { return id::generation(value); }
  friend constexpr bool operator==(typed_id, typed_id) = default;
};

}  // namespace xe
