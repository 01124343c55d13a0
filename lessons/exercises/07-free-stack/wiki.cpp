// The wiki's own stack (7.6), as written there but for the lock and the handle: allocate()
// pops with no capacity check and free() pushes with no double-free check. The grader must
// fail it naming that mistake (docs/wiki-errata.md #4).
#include <memory>

#include "free_stack.h"

class free_stack {
public:
  explicit free_stack(u32 capacity) : _free_handles{std::make_unique<u32[]>(capacity)}, _capacity{capacity} {
    for (u32 i = 0; i < capacity; ++i) _free_handles[i] = i;
  }

  u32 allocate() {
    const u32 index = _free_handles[_size];
    ++_size;
    return index;
  }

  bool free(u32 index) {
    --_size;
    _free_handles[_size] = index;
    return true;
  }

  u32 size() const { return _size; }

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
