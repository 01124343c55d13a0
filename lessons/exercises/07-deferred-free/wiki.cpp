// The wiki's own heap (7.6-7.8) as written there, with its lock, but for the handle:
// process_deferred_release pushes a slot's indices back and never clears the list, and
// neither allocate() nor free() checks anything. The grader must fail it naming the first
// mistake (docs/wiki-errata.md #1).
#include <memory>
#include <mutex>
#include <vector>

#include "deferred_free.h"

class deferred_free_stack {
public:
  explicit deferred_free_stack(u32 capacity) : _free_handles{std::make_unique<u32[]>(capacity)}, _capacity{capacity} {
    for (u32 i = 0; i < capacity; ++i) _free_handles[i] = i;
  }

  u32 allocate() {
    std::lock_guard lock(_mutex);
    const u32 index = _free_handles[_size];
    ++_size;
    return index;
  }

  bool free(u32 index, u32 frame_slot) {
    std::lock_guard lock(_mutex);
    _deferred_free_indices[frame_slot].push_back(index);
    return true;
  }

  void process_deferred_free(u32 frame_slot) {
    std::lock_guard lock(_mutex);
    for (auto index : _deferred_free_indices[frame_slot]) {
      --_size;
      _free_handles[_size] = index;
    }
  }

  u32 size() const { return _size; }

  // Given: what the inspector draws. Leave them as they are.
  void view(u32* entries, u32* top) const {
    for (u32 i = 0; i < _capacity; ++i) entries[i] = _free_handles ? _free_handles[i] : invalid_index;
    *top = _size;
  }
  u32 waiting(u32 frame_slot, u32* indices, u32 max) const {
    const std::vector<u32>& list = _deferred_free_indices[frame_slot];
    for (u32 i = 0; i < list.size() && i < max; ++i) indices[i] = list[i];
    return static_cast<u32>(list.size());
  }

private:
  std::unique_ptr<u32[]> _free_handles{};
  u32 _size{0};
  u32 _capacity{0};
  std::vector<u32> _deferred_free_indices[frame_buffer_count]{};
  std::mutex _mutex{};
};

XE_DEFERRED_FREE(deferred_free_stack)
