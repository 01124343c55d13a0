// The reference solution of 09-free-list (graded in CI). The engine's utl::free_list
// (engine/include/utilities/free_list.h) holds any movable type: a free slot keeps its link
// in the element's storage (a union, as the wiki does), a live flag beside it, and a
// generation counted up on every remove.
#include <vector>

#include "free_list.h"

class free_list {
public:
  u32 add(u64 value) {
    u32 index = _next_free;
    if (index == invalid_index) {
      index = static_cast<u32>(_array.size());
      _array.emplace_back();
    } else {
      _next_free = _array[index].next_free;
    }
    _array[index] = {value, invalid_index, true};
    ++_size;
    return index;
  }

  bool remove(u32 index) {
    if (index >= _array.size() || !_array[index].live) return false;
    _array[index] = {0, _next_free, false};
    _next_free = index;
    --_size;
    return true;
  }

  bool is_live(u32 index) const { return index < _array.size() && _array[index].live; }
  u64 value(u32 index) const { return _array[index].value; }
  u32 size() const { return _size; }
  u32 next_free() const { return _next_free; }

  // Given: what the inspector draws. Leave them as they are.
  u32 capacity() const { return static_cast<u32>(_array.size()); }
  u32 link(u32 index) const { return _array[index].next_free; }

private:
  struct slot {
    u64 value{0};
    u32 next_free{invalid_index};  // a free slot: the next free slot in the chain
    bool live{false};
  };
  std::vector<slot> _array;
  u32 _next_free{invalid_index};
  u32 _size{0};
};

XE_FREE_LIST(free_list)
