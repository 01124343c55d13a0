#pragma once
// utl::free_list<T>: a vector whose removed slots are reused, newest removed first.
// As in the wiki, a removed slot stores the index of the next free slot, so the free
// slots form a chain starting at next_free(). Unlike the wiki's version, each slot also
// knows whether it is live, so a double remove is caught even when sizeof(T) == sizeof(u32),
// and every bad id is reported in every build type.
//
// Indices are stable; addresses are not: when every slot is taken, add() grows the vector,
// which moves every live element to new storage (relocations() counts those growths). T
// must therefore move correctly: the moved-from object must own nothing any more.
#include <new>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/assert.h"
#include "common/fault.h"
#include "common/result.h"
#include "common/types.h"

namespace xe::utl {

template <typename T>
class free_list {
  static_assert(std::is_nothrow_move_constructible_v<T>, "free_list moves elements when it grows");

public:
  // What the inspector sees of one slot.
  struct slot_info {
    bool live{false};
    u32 next_free{invalid_id};  // free slots only: the next slot in the free chain
    u32 generation{0};          // bumped on every remove
  };

  free_list() = default;
  explicit free_list(u32 reserve) { _slots.reserve(reserve); }
  XE_DISABLE_COPY(free_list);
  free_list(free_list&&) noexcept = default;
  free_list& operator=(free_list&&) noexcept = default;
  ~free_list() = default;

  // Constructs an element in the newest freed slot (or a new one) and returns its index.
  template <typename... Args>
  u32 add(Args&&... args) {
    u32 index;
    if (_next_free == invalid_id || XE_FAULT(free_list_never_reuses)) {
      index = static_cast<u32>(_slots.size());
      if (!_slots.empty() && _slots.size() == _slots.capacity()) ++_relocations;
      _slots.emplace_back();
    } else {
      index = _next_free;
      XE_ASSERT(!_slots[index].live);
      _next_free = _slots[index].next_free;
    }
    _slots[index].emplace(std::forward<Args>(args)...);
    ++_size;
    return index;
  }

  // Constructs an element in slot index, which another's code chose (Build it yourself: the
  // learner's free_list keeps the surfaces' indices): a free slot, taken out of the chain,
  // or the next new one (index == capacity()). The caller has checked that it is one of those.
  template <typename... Args>
  u32 add_at(u32 index, Args&&... args) {
    XE_ASSERT(index <= _slots.size() && !is_live(index));
    if (index == _slots.size()) {
      if (!_slots.empty() && _slots.size() == _slots.capacity()) ++_relocations;
      _slots.emplace_back();
    } else if (_next_free == index) {
      _next_free = _slots[index].next_free;
    } else {
      for (u32 at = _next_free; at != invalid_id; at = _slots[at].next_free)
        if (_slots[at].next_free == index) {
          _slots[at].next_free = _slots[index].next_free;
          break;
        }
    }
    _slots[index].emplace(std::forward<Args>(args)...);
    ++_size;
    return index;
  }

  // Destroys the element and pushes its slot on the free chain. Errors (no change made):
  // out-of-range index, or a slot that is already free (double remove).
  result<void> remove(u32 index) {
    if (index >= _slots.size())
      return make_error(errc::invalid_handle, "free_list: index " + std::to_string(index) + " is out of range");
    slot& s = _slots[index];
    if (!s.live) return make_error(errc::double_free, "free_list: slot " + std::to_string(index) + " is already free");
    s.destroy(_next_free);
    ++s.generation;
    if (!XE_FAULT(free_list_remove_unlinked)) _next_free = index;
    --_size;
    return {};
  }

  bool is_live(u32 index) const { return index < _slots.size() && _slots[index].live; }
  T& operator[](u32 index) {
    XE_ASSERT(is_live(index));
    return _slots[index].value;
  }
  const T& operator[](u32 index) const {
    XE_ASSERT(is_live(index));
    return _slots[index].value;
  }

  u32 size() const { return _size; }                                // live elements
  u32 capacity() const { return static_cast<u32>(_slots.size()); }  // slots ever used
  bool empty() const { return _size == 0; }
  u32 next_free() const { return _next_free; }                                  // head of the free chain
  u32 storage_capacity() const { return static_cast<u32>(_slots.capacity()); }  // slots before the next growth
  u32 relocations() const { return _relocations; }                              // growths that moved live elements
  // Where element index lives now; valid until the next add() that grows the storage.
  const void* address(u32 index) const {
    XE_ASSERT(is_live(index));
    return &_slots[index].value;
  }
  slot_info info(u32 index) const {
    XE_ASSERT(index < _slots.size());
    const slot& s = _slots[index];
    return {s.live, s.live ? invalid_id : s.next_free, s.generation};
  }

  // Calls f(index, element) for every live element, in index order.
  template <typename F>
  void for_each(F&& f) {
    for (u32 i = 0; i < _slots.size(); ++i)
      if (_slots[i].live) f(i, _slots[i].value);
  }
  template <typename F>
  void for_each(F&& f) const {
    for (u32 i = 0; i < _slots.size(); ++i)
      if (_slots[i].live) f(i, _slots[i].value);
  }

private:
  // A slot holds either a live T or, when free, the next free index (the wiki's layout);
  // `live` says which, so the two are never confused.
  struct slot {
    union {
      u32 next_free;
      T value;
    };
    bool live{false};
    u32 generation{0};

    slot() : next_free{invalid_id} {}
    slot(slot&& o) noexcept : live{o.live}, generation{o.generation} {
      if (live)
        new (&value) T(std::move(o.value));
      else
        next_free = o.next_free;
    }
    slot& operator=(slot&&) = delete;
    ~slot() {
      if (live) value.~T();
    }
    template <typename... Args>
    void emplace(Args&&... args) {
      new (&value) T(std::forward<Args>(args)...);
      live = true;
    }
    void destroy(u32 next) {
      value.~T();
      live = false;
      next_free = next;
    }
  };

  std::vector<slot> _slots;
  u32 _next_free{invalid_id};
  u32 _size{0};
  u32 _relocations{0};
};

}  // namespace xe::utl
