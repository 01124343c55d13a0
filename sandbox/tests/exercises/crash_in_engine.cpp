// A 07-deferred-free solution that passes the grader but crashes in the engine, on the
// lesson's run (tests: the lesson is played in a child first, so the sandbox reports it and
// never loads the code into its own process).
#include <cstdlib>
#include <memory>
#include <mutex>
#include <vector>

#include "deferred_free.h"

class deferred_free_stack {
public:
  explicit deferred_free_stack(u32 capacity)
      : _free_handles{std::make_unique<u32[]>(capacity)},
        _state{std::make_unique<u8[]>(capacity)},
        _capacity{capacity} {
    for (u32 i = 0; i < capacity; ++i) _free_handles[i] = i;
  }

  u32 allocate() {
    const std::lock_guard lock{_mutex};
    if (_size == _capacity) return invalid_index;
    const u32 index = _free_handles[_size++];
    _state[index] = out;
    return index;
  }

  bool free(u32 index, u32 frame_slot) {
    const std::lock_guard lock{_mutex};
    if (index >= _capacity || frame_slot >= frame_buffer_count || _state[index] != out) return false;
    _state[index] = waiting_state;
    _deferred_free_indices[frame_slot].push_back(index);
    return true;
  }

  void process_deferred_free(u32 frame_slot) {
    const std::lock_guard lock{_mutex};
    // A bug the grader's sequences never reach, which the lesson's run does: stood in for
    // by the variable the sandbox sets in the child that plays the lesson.
    if (std::getenv("XE_EXERCISE_IN_ENGINE_ONLY")) {
      u32* nowhere = nullptr;
      nowhere[frame_slot] = frame_slot;
    }
    for (const u32 index : _deferred_free_indices[frame_slot]) {
      _state[index] = free_state;
      _free_handles[--_size] = index;
    }
    _deferred_free_indices[frame_slot].clear();
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
  enum : u8 { free_state, out, waiting_state };
  std::unique_ptr<u32[]> _free_handles{};
  u32 _size{0};
  std::unique_ptr<u8[]> _state{};
  u32 _capacity{0};
  std::vector<u32> _deferred_free_indices[frame_buffer_count]{};
  std::mutex _mutex{};  // the grader's two-thread stress (wiki 7.8): without it, a race may crash the grading first
};

XE_DEFERRED_FREE(deferred_free_stack)
