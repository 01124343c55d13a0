#include "common/fault.h"

#include <atomic>

namespace xe::fault {
namespace {

constexpr info g_all[] = {
#define XE_FAULT_INFO(name, what) {id::name, #name, what},
    XE_FAULT_LIST(XE_FAULT_INFO)
#undef XE_FAULT_INFO
};

}  // namespace

const info* all(u32& count) {
  count = static_cast<u32>(std::size(g_all));
  return g_all;
}

id from_name(std::string_view name) {
  for (const info& f : g_all)
    if (f.name == name) return f.which;
  return id::none;
}

std::string_view name(id which) {
  for (const info& f : g_all)
    if (f.which == which) return f.name;
  return "none";
}

#if XE_ENGINE_FAULTS
namespace {
std::atomic<id> g_active{id::none};
}

bool is_active(id which) { return g_active.load(std::memory_order_relaxed) == which; }
id active() { return g_active.load(std::memory_order_relaxed); }
bool set_active(id which) {
  g_active.store(which, std::memory_order_relaxed);
  return true;
}
#endif

}  // namespace xe::fault
