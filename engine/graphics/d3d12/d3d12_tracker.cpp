#include "graphics/d3d12/d3d12_tracker.h"

#include <atomic>
#include <mutex>
#include <string>
#include <unordered_map>

#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12::tracker {
namespace {

struct tracked_object {
  std::string name;
  std::string type;
  resource_kind kind{resource_kind::none};
  u32 width{};
  u32 height{};
  DXGI_FORMAT format{DXGI_FORMAT_UNKNOWN};
  u64 bytes{};
  bool pending_release{};
  u32 release_slot{invalid_id};
  u64 queued_frame{};
};

std::mutex g_mutex;
std::unordered_map<const ID3D12Object*, tracked_object> g_tracked;
std::atomic<u64> g_version{0};

} // namespace

void track(ID3D12Object* object, const object_desc& desc) {
  XE_ASSERT(object);
  if (auto r = XE_CHECK_HR(object->SetName(to_wide(desc.name).c_str())); !r)
    XE_LOG_WARN("could not name '{}'", desc.name);
  {
    std::lock_guard lock{g_mutex};
    g_tracked[object] = {std::string{desc.name}, desc.type, desc.kind, desc.width, desc.height, desc.format,
                         desc.bytes};
    ++g_version;
  }
  if (desc.kind != resource_kind::none && detail::hooks_installed()) {
    event e{.type = event_type::resource_created, .name = desc.name, .detail = desc.type, .value = desc.bytes,
            .width = desc.width, .height = desc.height};
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

void copy_resources(std::vector<resource_info>& out) {
  out.clear();
  std::lock_guard lock{g_mutex};
  for (const auto& [object, t] : g_tracked) {
    if (t.kind == resource_kind::none) continue;
    out.push_back({t.name, t.type, t.kind, t.width, t.height, format_name(t.format), t.bytes, t.pending_release,
                   t.release_slot, t.queued_frame});
  }
}

void copy_objects(std::vector<object_info>& out) {
  out.clear();
  std::lock_guard lock{g_mutex};
  for (const auto& [object, t] : g_tracked) out.push_back({t.name, t.type});
}

u64 version() { return g_version.load(); }

u32 report_leftovers() {
  std::lock_guard lock{g_mutex};
  const auto left = static_cast<u32>(g_tracked.size());
  for (const auto& [object, t] : g_tracked) XE_LOG_ERROR("shutdown: '{}' ({}) was never released", t.name, t.type);
  g_tracked.clear();
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

} // namespace xe::gfx::d3d12::tracker
