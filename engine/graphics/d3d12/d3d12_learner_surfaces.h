#pragma once
// learner_surface_list: the learner's 09-free-list code (lessons/exercises/09-free-list)
// choosing the surfaces' slots. The engine keeps the surfaces themselves in its
// utl::free_list, placed at the slot the learner's add() returns (add_at); the inspector's
// chain (next_free, each free slot's link) is read from the learner's object.
//
// Every answer is checked before it is used: a slot past the end, one holding a live surface,
// a value not kept, or a remove refused for a live surface is a fault (counted, the last one
// described), and the surface is not created, or is removed all the same.
#include <string>

#include "graphics/d3d12/d3d12_surface.h"
#include "utilities/free_list.h"

struct xe_free_list_api;

namespace xe::gfx::d3d12 {

// lab::set_learner_surface_code's table, taken by the next initialize.
void set_learner_surface_code(const xe_free_list_api* code);
const xe_free_list_api* learner_surface_code();

class learner_surface_list {
public:
  // Null when the learner's constructor failed (said in the log).
  static std::unique_ptr<learner_surface_list> create(const xe_free_list_api& code);
  learner_surface_list(const xe_free_list_api& code, void* self) : _code{code}, _self{self} {}
  XE_DISABLE_COPY_AND_MOVE(learner_surface_list);
  ~learner_surface_list();

  // The slot for a new surface, or why it was refused.
  result<u32> add(const utl::free_list<d3d12_surface>& surfaces);
  // The engine removes the surface whatever the answer: a refusal is only recorded.
  void remove(u32 index);
  u32 next_free() const;
  u32 link(u32 index) const;  // a free slot's next free slot, as the learner's code keeps it

  u32 faults() const { return _faults; }
  const std::string& last_fault() const { return _last_fault; }

private:
  void fault(std::string what);
  std::string code_error() const;

  const xe_free_list_api& _code;
  void* _self;
  u64 _serial{0};  // the value handed to add(): each surface's own
  u32 _faults{0};
  std::string _last_fault;
};

}  // namespace xe::gfx::d3d12
