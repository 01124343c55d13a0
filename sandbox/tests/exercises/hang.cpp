// A 07-free-stack solution that hangs (tests: the sandbox stops it and lives): on a full
// heap, allocate() waits for an index nobody will free.
#include <memory>

#include "free_stack.h"

class free_stack {
public:
  explicit free_stack(u32 capacity)
      : _free_handles{std::make_unique<u32[]>(capacity)},
        _out{std::make_unique<bool[]>(capacity)},
        _capacity{capacity} {
    for (u32 i = 0; i < capacity; ++i) _free_handles[i] = i;
  }

  u32 allocate() {
    while (_size == _capacity) {
      // waits for a free index that nothing will ever free
    }
    const u32 index = _free_handles[_size++];
    _out[index] = true;
    return index;
  }

  bool free(u32 index) {
    if (index >= _capacity || !_out[index]) return false;
    _out[index] = false;
    _free_handles[--_size] = index;
    return true;
  }

  u32 size() const { return _size; }

  void view(u32* entries, u32* top) const {
    for (u32 i = 0; i < _capacity; ++i) entries[i] = _free_handles ? _free_handles[i] : invalid_index;
    *top = _size;
  }

private:
  std::unique_ptr<u32[]> _free_handles{};
  std::unique_ptr<bool[]> _out{};
  u32 _size{0};
  u32 _capacity{0};
};

XE_FREE_STACK(free_stack)
