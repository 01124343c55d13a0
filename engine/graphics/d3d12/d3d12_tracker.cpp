#include "graphics/d3d12/d3d12_tracker.h"

#include <atomic>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12::tracker {
namespace {

struct tracked_object {
  std::string name;
  utl::interned_text event_name{};  // name, interned for barrier events (with hooks on)
  std::string type;
  resource_kind kind{resource_kind::none};
  u32 width{};
  u32 height{};
  DXGI_FORMAT format{DXGI_FORMAT_UNKNOWN};
  u64 bytes{};
  bool pending_release{};
  u32 release_slot{invalid_id};
  u64 queued_frame{};
  D3D12_RESOURCE_STATES state{D3D12_RESOURCE_STATE_COMMON};
  D3D12_RESOURCE_STATES published{D3D12_RESOURCE_STATE_COMMON};  // the state the last version() saw
  bool presentable{};
};

std::mutex g_mutex;
std::unordered_map<const ID3D12Object*, tracked_object> g_tracked;
std::atomic<u64> g_version{0};
// Objects whose state differs from the one the last version() published. A back buffer goes
// PRESENT -> RENDER_TARGET -> PRESENT in every frame: counting net changes only lets quiet
// frames keep sharing one copy of the lists. Written under g_mutex (plain load and store,
// no locked add on the barrier path); version() reads it without the lock.
std::atomic<u32> g_unpublished{0};
void add_unpublished(int change) {
  g_unpublished.store(g_unpublished.load(std::memory_order_relaxed) + static_cast<u32>(change),
                      std::memory_order_relaxed);
}
thread_local u32 t_unobserved{0};

}  // namespace

void track(ID3D12Object* object, const object_desc& desc) {
  XE_ASSERT(object);
  if (auto r = XE_CHECK_HR(object->SetName(to_wide(desc.name).c_str())); !r)
    XE_LOG_WARN("could not name '{}'", desc.name);
  {
    std::lock_guard lock{g_mutex};
    if (auto old = g_tracked.find(object); old != g_tracked.end() && old->second.state != old->second.published)
      add_unpublished(-1);
    g_tracked[object] = {.name = std::string{desc.name},
                         .type = desc.type,
                         .kind = desc.kind,
                         .width = desc.width,
                         .height = desc.height,
                         .format = desc.format,
                         .bytes = desc.bytes,
                         .state = desc.initial_state,
                         .published = desc.initial_state,
                         .presentable = desc.presentable};
    ++g_version;
  }
  if (desc.kind != resource_kind::none && detail::hooks_installed()) {
    event e{.type = event_type::resource_created,
            .name = desc.name,
            .detail = desc.type,
            .value = desc.bytes,
            .width = desc.width,
            .height = desc.height};
    detail::emit(e);
  }
}

void untrack(ID3D12Object* object) {
  tracked_object t;
  {
    std::lock_guard lock{g_mutex};
    auto it = g_tracked.find(object);
    if (it == g_tracked.end()) return;
    t = std::move(it->second);
    if (t.state != t.published) add_unpublished(-1);
    g_tracked.erase(it);
    ++g_version;
  }
  if (t.kind != resource_kind::none && detail::hooks_installed()) {
    event e{.type = event_type::resource_released, .name = t.name, .detail = t.type, .value = t.bytes};
    detail::emit(e);
  }
}

object_info mark_queued(const ID3D12Object* object, u32 slot, u64 frame_number) {
  std::lock_guard lock{g_mutex};
  auto it = g_tracked.find(object);
  if (it == g_tracked.end()) return {};
  it->second.pending_release = true;
  it->second.release_slot = slot;
  it->second.queued_frame = frame_number;
  ++g_version;
  return {it->second.name, it->second.type};
}

object_info describe(const ID3D12Object* object) {
  std::lock_guard lock{g_mutex};
  auto it = g_tracked.find(object);
  if (it == g_tracked.end()) return {};
  return {it->second.name, it->second.type};
}

std::string state_name(D3D12_RESOURCE_STATES state, bool presentable) {
  if (state == D3D12_RESOURCE_STATE_COMMON) return presentable ? "PRESENT" : "COMMON";
  if (state == D3D12_RESOURCE_STATE_GENERIC_READ) return "GENERIC_READ";
  static constexpr std::pair<D3D12_RESOURCE_STATES, const char*> bits[] = {
      {D3D12_RESOURCE_STATE_VERTEX_AND_CONSTANT_BUFFER, "VERTEX_AND_CONSTANT_BUFFER"},
      {D3D12_RESOURCE_STATE_INDEX_BUFFER, "INDEX_BUFFER"},
      {D3D12_RESOURCE_STATE_RENDER_TARGET, "RENDER_TARGET"},
      {D3D12_RESOURCE_STATE_UNORDERED_ACCESS, "UNORDERED_ACCESS"},
      {D3D12_RESOURCE_STATE_DEPTH_WRITE, "DEPTH_WRITE"},
      {D3D12_RESOURCE_STATE_DEPTH_READ, "DEPTH_READ"},
      {D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE, "NON_PIXEL_SHADER_RESOURCE"},
      {D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE, "PIXEL_SHADER_RESOURCE"},
      {D3D12_RESOURCE_STATE_STREAM_OUT, "STREAM_OUT"},
      {D3D12_RESOURCE_STATE_INDIRECT_ARGUMENT, "INDIRECT_ARGUMENT"},
      {D3D12_RESOURCE_STATE_COPY_DEST, "COPY_DEST"},
      {D3D12_RESOURCE_STATE_COPY_SOURCE, "COPY_SOURCE"},
      {D3D12_RESOURCE_STATE_RESOLVE_DEST, "RESOLVE_DEST"},
      {D3D12_RESOURCE_STATE_RESOLVE_SOURCE, "RESOLVE_SOURCE"}};
  std::string out;
  u32 left = static_cast<u32>(state);
  for (const auto& [bit, name] : bits)
    if (left & static_cast<u32>(bit)) {
      out += (out.empty() ? "" : "|") + std::string{name};
      left &= ~static_cast<u32>(bit);
    }
  if (left) out += fmt::format("{}0x{:x}", out.empty() ? "" : "|", left);
  return out;
}

unobserved_barriers::unobserved_barriers() { ++t_unobserved; }
unobserved_barriers::~unobserved_barriers() { --t_unobserved; }

D3D12_RESOURCE_STATES state_of(const ID3D12Object* object) {
  std::lock_guard lock{g_mutex};
  auto it = g_tracked.find(object);
  return it == g_tracked.end() ? D3D12_RESOURCE_STATE_COMMON : it->second.state;
}

namespace {

// "BEFORE -> AFTER" for a barrier's event, built and interned once per distinct transition
// (a frame repeats the same few). Past max_transition_texts (odd state combinations from a
// script) a text is built each time; the search stays short.
struct transition_text {
  D3D12_RESOURCE_STATES before, after;
  bool presentable;
  utl::interned_text text;
};
std::vector<transition_text> g_transition_texts;  // under g_mutex
constexpr size_t max_transition_texts{64};

utl::interned_text transition_name(D3D12_RESOURCE_STATES before, D3D12_RESOURCE_STATES after, bool presentable) {
  for (const transition_text& t : g_transition_texts)
    if (t.before == before && t.after == after && t.presentable == presentable) return t.text;
  const utl::interned_text text{state_name(before, presentable) + " -> " + state_name(after, presentable)};
  if (g_transition_texts.size() < max_transition_texts)
    g_transition_texts.push_back({before, after, presentable, text});
  return text;
}

}  // namespace

D3D12_RESOURCE_STATES record_transition(const ID3D12Object* object, D3D12_RESOURCE_STATES before,
                                        D3D12_RESOURCE_STATES after) {
  utl::interned_text name, change;
  D3D12_RESOURCE_STATES tracked = before;
  if (t_unobserved) return before;
  {
    std::lock_guard lock{g_mutex};
    auto it = g_tracked.find(object);
    if (it == g_tracked.end()) return before;
    tracked = it->second.state;
    const bool was_unpublished = it->second.state != it->second.published;
    it->second.state = after;
    const bool unpublished = after != it->second.published;
    if (unpublished != was_unpublished) add_unpublished(unpublished ? 1 : -1);
    if (tracked_object& t = it->second; detail::hooks_installed() && !t.name.empty()) {
      if (t.event_name.empty()) t.event_name = t.name;  // once, on its first barrier reported
      name = t.event_name;
      change = transition_name(before, after, t.presentable);
    }
  }
  if (!name.empty()) {  // reported
    event e{.type = event_type::resource_barrier, .name = name, .detail = change};
    detail::emit(e);
  }
  return tracked;
}

void copy_resources(std::vector<resource_info>& out) {
  out.clear();
  std::lock_guard lock{g_mutex};
  for (const auto& [object, t] : g_tracked) {
    if (t.kind == resource_kind::none) continue;
    out.push_back({t.name, t.type, t.kind, t.width, t.height, format_name(t.format), t.bytes, t.pending_release,
                   t.release_slot, t.queued_frame, state_name(t.state, t.presentable)});
  }
}

void copy_objects(std::vector<object_info>& out) {
  out.clear();
  std::lock_guard lock{g_mutex};
  for (const auto& [object, t] : g_tracked) out.push_back({t.name, t.type});
}

u64 version() {
  // Quiet (every state as published): no lock. A change racing this read shows next time.
  if (g_unpublished.load(std::memory_order_acquire) == 0) return g_version.load(std::memory_order_acquire);
  std::lock_guard lock{g_mutex};
  if (g_unpublished.load(std::memory_order_relaxed)) {
    for (auto& [object, t] : g_tracked) t.published = t.state;
    g_unpublished.store(0, std::memory_order_relaxed);
    ++g_version;
  }
  return g_version.load();
}

u32 report_leftovers(bool log) {
  std::lock_guard lock{g_mutex};
  const auto left = static_cast<u32>(g_tracked.size());
  if (log)
    for (const auto& [object, t] : g_tracked) XE_LOG_ERROR("shutdown: '{}' ({}) was never released", t.name, t.type);
  g_tracked.clear();
  g_unpublished = 0;
  return left;
}

const char* format_name(DXGI_FORMAT format) {
  switch (format) {
    case DXGI_FORMAT_UNKNOWN: return "UNKNOWN";
    case DXGI_FORMAT_R8G8B8A8_UNORM: return "R8G8B8A8_UNORM";
    case DXGI_FORMAT_R8G8B8A8_UNORM_SRGB: return "R8G8B8A8_UNORM_SRGB";
    case DXGI_FORMAT_B8G8R8A8_UNORM: return "B8G8R8A8_UNORM";
    case DXGI_FORMAT_B8G8R8A8_UNORM_SRGB: return "B8G8R8A8_UNORM_SRGB";
    case DXGI_FORMAT_R16G16B16A16_FLOAT: return "R16G16B16A16_FLOAT";
    case DXGI_FORMAT_R32_FLOAT: return "R32_FLOAT";
    case DXGI_FORMAT_R32_TYPELESS: return "R32_TYPELESS";
    case DXGI_FORMAT_D32_FLOAT: return "D32_FLOAT";
    case DXGI_FORMAT_R24G8_TYPELESS: return "R24G8_TYPELESS";
    case DXGI_FORMAT_D24_UNORM_S8_UINT: return "D24_UNORM_S8_UINT";
    case DXGI_FORMAT_R32G32B32A32_FLOAT: return "R32G32B32A32_FLOAT";
    default: return "OTHER";
  }
}

}  // namespace xe::gfx::d3d12::tracker
