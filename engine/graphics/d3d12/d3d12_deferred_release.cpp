#include "graphics/d3d12/d3d12_deferred_release.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>

#include "12-deferred-release/deferred_release.h"
#include "common/fault.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12 {
namespace {

std::mutex g_mutex;
std::array<std::vector<ID3D12Object*>, frame_slot_count> g_queues{};
// The faults release_at_once and wrong_slot_reclaimed report objects released while the GPU
// may still use them; their memory is really freed only once the GPU is idle, so the wrong
// bookkeeping shows without freeing memory lavapipe is reading.
std::vector<ID3D12Object*> g_kept_for_faults;
const frame_clock* g_clock{nullptr};

// Build it yourself (lab.h): the learner's 12-deferred-release code keeps the queues. g_queues
// stays the engine's record of what it handed them and they have not released, which the
// inspector shows; their release(object) reaches learner_release, which checks it against
// the record before anything is released.
const xe_deferred_release_api* g_code_next{};  // taken by the next bind
const xe_deferred_release_api* g_code{};       // this engine's: a reload leaves it its library
void* g_learner{};
std::mutex g_code_mutex;  // their class need not be thread-safe: one call into it at a time
std::atomic<u32> g_refusals{0};
// Objects released too early, alive (and tracked: still pending) until the GPU is idle.
std::vector<ID3D12Object*> g_kept_from_learner;
// The names of objects their code released, by address, to name a second release (the
// address is never dereferenced). Forgotten when the address is queued again.
std::map<const ID3D12Object*, std::string> g_released_names;
constexpr size_t released_names_kept = 256;
// What their release(object) may release now: open around their process and flush calls.
struct release_window {
  bool open{false};
  bool all{false};  // a flush: every slot
  u32 slot{invalid_id};
  u64 flushed{0};
};
thread_local release_window t_window;

void emit_release(event_type type, u32 slot, const object_info& what, u64 value, std::string_view why = {}) {
  if (!detail::hooks_installed()) return;
  event e{.type = type, .slot = slot, .name = what.name, .detail = why.empty() ? what.type : why, .value = value};
  detail::emit(e);
}

// A release the record refuses: nothing is released now. An object still in the record
// (released early) leaves it and is kept alive until the GPU is idle; anything else was
// never the learner's to release.
u32 refuse(ID3D12Object* object, u32 slot, const object_info& what, std::string why) {
  ++g_refusals;
  XE_LOG_WARN("deferred release (your code): {}", why);
  emit_release(event_type::release_refused, slot, what, 0, why);
  if (object) {
    std::lock_guard lock{g_mutex};
    g_kept_from_learner.push_back(object);
    g_released_names[object] = what.name;  // released, as far as their code knows
  }
  return 0;
}

// Releases an object for good, remembering its name for a second release of it.
u32 release_now(ID3D12Object* object, const object_info& what) {
  {
    std::lock_guard lock{g_mutex};
    if (g_released_names.size() >= released_names_kept) g_released_names.clear();
    g_released_names[object] = what.name;
  }
  tracker::untrack(object);
  return object->Release();
}

// The GPU is idle: what was kept alive goes now.
void release_kept_from_learner() {
  std::vector<ID3D12Object*> kept;
  {
    std::lock_guard lock{g_mutex};
    kept.swap(g_kept_from_learner);
  }
  for (ID3D12Object* object : kept) release_now(object, tracker::describe(object));
}

std::string code_error() {
  const char* e = g_code ? g_code->error() : nullptr;
  return e ? e : "";
}

// The table's release: the learner's code hands back an object. Checked against the record;
// the window says which slot's fence has just completed.
u32 learner_release(xe_object* handed) {
  auto* object = reinterpret_cast<ID3D12Object*>(handed);
  u32 slot = invalid_id;
  {
    std::lock_guard lock{g_mutex};
    for (u32 s = 0; s < frame_slot_count && slot == invalid_id; ++s)
      if (auto it = std::find(g_queues[s].begin(), g_queues[s].end(), object); it != g_queues[s].end()) {
        g_queues[s].erase(it);
        slot = s;
      }
  }
  if (slot == invalid_id) {  // never dereferenced: it may be anything
    std::string name;
    {
      std::lock_guard lock{g_mutex};
      if (auto it = g_released_names.find(object); it != g_released_names.end()) name = it->second;
    }
    if (!name.empty())
      return refuse(nullptr, t_window.slot, {name, "ID3D12Object"},
                    fmt::format("your code released '{}' a second time (it was released already); refused", name));
    return refuse(nullptr, t_window.slot, {"(unknown)", "ID3D12Object"},
                  "your code called release() on an object the engine never handed to deferred_release; refused");
  }
  const object_info what = tracker::describe(object);
  if (!t_window.open || (!t_window.all && t_window.slot != slot)) {
    const std::string when = t_window.open ? fmt::format("while slot {}'s fence completed", t_window.slot)
                                           : std::string{"outside process_deferred_releases and flush"};
    return refuse(object, slot, what,
                  fmt::format("your code released '{}', queued in slot {}, {}: slot {}'s frames may still be on "
                              "the GPU. The engine kept it alive until the GPU is idle",
                              what.name, slot, when, slot));
  }
  emit_release(event_type::release_done, slot, what, t_window.flushed);
  return release_now(object, what);
}

// Calls into the learner's code with the window open; what it threw is refused in their words.
template <typename F>
void call_learner(release_window window, const char* call, F&& f) {
  std::lock_guard code_lock{g_code_mutex};
  t_window = window;
  f();
  t_window = {};
  if (const std::string threw = code_error(); !threw.empty())
    refuse(nullptr, window.slot, {}, fmt::format("your {} {}", call, threw));
}

// After a flush the GPU is idle: whatever their code still holds is released by the engine,
// so nothing leaks, and each is reported.
void release_what_they_left(u64 flushed) {
  std::array<std::vector<ID3D12Object*>, frame_slot_count> left;
  {
    std::lock_guard lock{g_mutex};
    left.swap(g_queues);
  }
  for (u32 slot = 0; slot < frame_slot_count; ++slot)
    for (ID3D12Object* object : left[slot]) {
      const object_info what = tracker::describe(object);
      const std::string why =
          fmt::format("your flush() did not release '{}' (queued in slot {}); the engine released it", what.name, slot);
      ++g_refusals;
      XE_LOG_WARN("deferred release (your code): {}", why);
      emit_release(event_type::release_refused, slot, what, flushed, why);
      release_now(object, what);
    }
}

// Their flush(), then what it left and what was kept alive: the GPU is idle.
void flush_learner(u64 flushed) {
  call_learner({true, true, invalid_id, flushed}, "flush()", [] { g_code->flush(g_learner); });
  release_what_they_left(flushed);
  release_kept_from_learner();
  release_kept_for_faults();
}

}  // namespace

void set_learner_release_code(const xe_deferred_release_api* code) { g_code_next = code; }
bool learner_release_code_running() { return g_learner != nullptr; }
u32 learner_release_refusals() { return g_refusals; }

void bind_release_clock(const frame_clock* clock) {
  if (g_learner) {  // the engine is going: the GPU is idle
    flush_learner(0);
    std::lock_guard code_lock{g_code_mutex};
    g_code->destroy(g_learner);
    g_learner = nullptr;
  }
  g_clock = clock;
  g_released_names.clear();
  g_code = clock ? g_code_next : nullptr;
  g_refusals = 0;
  if (g_code) {
    g_learner = g_code->create(learner_release);
    if (!g_learner) {
      XE_LOG_ERROR("deferred release: your code's constructor failed ({}); the engine's queues run", code_error());
      g_code = nullptr;
    }
  }
}

void deferred_release(ID3D12Object* object) {
  XE_ASSERT(object && g_clock);
  const u32 slot = g_clock->slot();
  if (g_learner) {
    {
      std::lock_guard lock{g_mutex};
      g_queues[slot].push_back(object);
      g_released_names.erase(object);  // a new object at an old address
    }
    const object_info what = tracker::mark_queued(object, slot, g_clock->frame_number());
    emit_release(event_type::release_queued, slot, what, 0);
    call_learner({}, "deferred_release()",
                 [&] { g_code->deferred_release(g_learner, reinterpret_cast<xe_object*>(object), slot); });
    return;
  }
  if (XE_FAULT(release_at_once)) {
    tracker::untrack(object);
    std::lock_guard lock{g_mutex};
    g_kept_for_faults.push_back(object);
    return;
  }
  {
    std::lock_guard lock{g_mutex};
    g_queues[slot].push_back(object);
  }
  const object_info what = tracker::mark_queued(object, slot, g_clock->frame_number());
  if (detail::hooks_installed()) {
    event e{.type = event_type::release_queued, .slot = slot, .name = what.name, .detail = what.type};
    detail::emit(e);
  }
}

void release_deferred(u32 slot, u64 flushed) {
  if (g_learner) {
    call_learner({true, false, slot, flushed}, "process_deferred_releases()",
                 [&] { g_code->process_deferred_releases(g_learner, slot); });
    return;
  }
  std::vector<ID3D12Object*> objects;
  {
    std::lock_guard lock{g_mutex};
    objects.swap(g_queues[slot]);
  }
  if (XE_FAULT(release_order_reversed)) std::reverse(objects.begin(), objects.end());
  for (ID3D12Object* object : objects) {
    if (detail::hooks_installed()) {
      const object_info what = tracker::describe(object);
      event e{.type = event_type::release_done, .slot = slot, .name = what.name, .detail = what.type, .value = flushed};
      detail::emit(e);
    }
    tracker::untrack(object);
    if (XE_FAULT(wrong_slot_reclaimed) && !flushed) {
      std::lock_guard lock{g_mutex};
      g_kept_for_faults.push_back(object);
      continue;
    }
    object->Release();
  }
}

void release_kept_for_faults() {
  std::vector<ID3D12Object*> kept;
  {
    std::lock_guard lock{g_mutex};
    kept.swap(g_kept_for_faults);
  }
  for (ID3D12Object* object : kept) object->Release();
}

void release_all_deferred(u64 flushed) {
  if (g_learner) return flush_learner(flushed);
  const u32 current = g_clock ? g_clock->slot() : 0;
  for (u32 k = 1; k <= frame_slot_count; ++k) release_deferred((current + k) % frame_slot_count, flushed);
  release_kept_for_faults();
}

void copy_release_queues(std::array<std::vector<object_info>, frame_slot_count>& out) {
  for (auto& list : out) list.clear();
  std::lock_guard lock{g_mutex};
  for (u32 slot = 0; slot < frame_slot_count; ++slot)
    for (const ID3D12Object* object : g_queues[slot]) {
      object_info what = tracker::describe(object);
      if (what.name.empty() && what.type.empty()) what = {"(untracked)", "ID3D12Object"};
      out[slot].push_back(std::move(what));
    }
}

}  // namespace xe::gfx::d3d12
