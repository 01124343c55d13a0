// A 07-free-stack solution that crashes (tests: the sandbox reports it and lives): free()
// trusts its index, as the wiki's does, and writes through a null pointer for one far
// outside the heap.
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
    if (_size == _capacity) return invalid_index;
    const u32 index = _free_handles[_size++];
    _out[index] = true;
    return index;
  }

  bool free(u32 index) {
    if (index >= _capacity) {
      u32* nowhere = nullptr;
      nowhere[index] = index;
    }
    if (!_out[index]) return false;
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
