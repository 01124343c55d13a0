// Exercise 09-free-list: the free_list that keeps the surfaces (lesson 09, wiki 8.9).
//
// A vector of slots whose indices never change: remove(i) frees slot i without moving the
// others, and add() reuses the newest freed slot first. The free slots form a chain: the
// list's _next_free is the newest freed slot, and a free slot's next_free field names the
// free slot after it (invalid_index ends the chain).
//   add(value):  puts value in the newest freed slot, or in a new slot at the end when none
//                is free, and returns that slot's index.
//   remove(i):   frees slot i and puts it at the head of the chain. Returns false and changes
//                nothing when i is out of range or already free (a double remove).
//   is_live(i), value(i), size() (live slots), capacity() (slots ever used), next_free().
// Add members if you need them; keep the ones below: the inspector reads them.
#include <vector>

#include "free_list.h"

class free_list {
public:
  u32 add(u64 value) {
    // TODO
    (void)value;
    return invalid_index;
  }

  bool remove(u32 index) {
    // TODO
    (void)index;
    return false;
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
