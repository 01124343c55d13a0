// Exercise 07-free-stack: the descriptor heap's free-index stack (lesson 07, wiki 7.6).
//
// A heap of `capacity` descriptors hands out their indices. The free ones wait in an array
// used as a stack: _free_handles[_size .. capacity) are free, the top is _free_handles[_size].
//   allocate(): pops the top (a new stack hands out 0, then 1, 2, ...); when every index is
//               out, returns invalid_index and changes nothing.
//   free(i):    pushes i back, so the last index freed is the next one handed out. Returns
//               false and changes nothing when i is out of range or already free.
//   size():     how many indices are handed out.
// Add members if you need them; keep the three below: the inspector reads them.
#include <memory>

#include "free_stack.h"

class free_stack {
public:
  explicit free_stack(u32 capacity) : _capacity{capacity} {
    // TODO: make the array and fill it so that allocate() hands out 0, 1, 2, ...
  }

  u32 allocate() {
    // TODO
    return invalid_index;
  }

  bool free(u32 index) {
    // TODO
    (void)index;
    return false;
  }

  u32 size() const { return _size; }

  // Given: what the inspector draws. Leave it as it is.
  void view(u32* entries, u32* top) const {
    for (u32 i = 0; i < _capacity; ++i) entries[i] = _free_handles ? _free_handles[i] : invalid_index;
    *top = _size;
  }

private:
  std::unique_ptr<u32[]> _free_handles{};
  u32 _size{0};
  u32 _capacity{0};
};

XE_FREE_STACK(free_stack)
