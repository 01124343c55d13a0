#include "graphics/d3d12/d3d12_learner_surfaces.h"

#include "09-free-list/free_list.h"

namespace xe::gfx::d3d12 {
namespace {
const xe_free_list_api* g_code_next{};
}  // namespace

void set_learner_surface_code(const xe_free_list_api* code) { g_code_next = code; }
const xe_free_list_api* learner_surface_code() { return g_code_next; }

std::unique_ptr<learner_surface_list> learner_surface_list::create(const xe_free_list_api& code) {
  void* self = code.create();
  if (!self) {
    XE_LOG_ERROR("surfaces: your free_list's constructor failed ({}); the engine's free_list keeps them",
                 code.error() ? code.error() : "");
    return nullptr;
  }
  return std::make_unique<learner_surface_list>(code, self);
}

learner_surface_list::~learner_surface_list() { _code.destroy(_self); }

result<u32> learner_surface_list::add(const utl::free_list<d3d12_surface>& surfaces) {
  const u64 value = ++_serial;
  const u32 index = _code.add(_self, value);
  const auto refused = [&](std::string why) -> error {
    fault(std::move(why));
    return make_error(errc::invalid_handle, "surfaces (your free_list): " + _last_fault);
  };
  if (const std::string threw = code_error(); !threw.empty()) return refused("your add() " + threw);
  if (index > surfaces.capacity())
    return refused(fmt::format("your add() returned slot {}, past the end ({} slots in use so far, so {} at most)",
                               index, surfaces.capacity(), surfaces.capacity()));
  if (surfaces.is_live(index))
    return refused(fmt::format("your add() returned slot {}, which holds a live surface", index));
  if (const u64 kept = _code.value(_self, index); kept != value)
    return refused(
        fmt::format("after add() returned slot {}, your value({}) is {}, not the {} added", index, index, kept, value));
  return index;
}

void learner_surface_list::remove(u32 index) {
  const bool removed = _code.remove(_self, index);
  if (const std::string threw = code_error(); !threw.empty())
    fault(fmt::format("your remove({}) {}", index, threw));
  else if (!removed)
    fault(
        fmt::format("your remove({}) refused slot {}, which held a live surface; the engine removed it", index, index));
}

u32 learner_surface_list::next_free() const { return _code.next_free(_self); }

u32 learner_surface_list::link(u32 index) const {
  return index < _code.capacity(_self) ? _code.link(_self, index) : invalid_id;
}

void learner_surface_list::fault(std::string what) {
  ++_faults;
  _last_fault = std::move(what);
  XE_LOG_WARN("surfaces (your free_list): {}", _last_fault);
}

std::string learner_surface_list::code_error() const {
  const char* e = _code.error();
  return e ? e : "";
}

}  // namespace xe::gfx::d3d12
