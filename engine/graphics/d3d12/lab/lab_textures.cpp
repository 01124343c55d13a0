// Learner textures (lab.h, wiki 7.10/7.11): R8G8B8A8 2D textures with an SRV in the srv heap,
// created committed, placed (in an ID3D12Heap of their own) or reserved.
#include "common/fault.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/lab/lab_experiments.h"

namespace xe::gfx::d3d12 {

result<lab_state::texture_map::iterator> lab_state::find_texture(std::string_view name) {
  auto it = textures.find(name);
  if (it == textures.end())
    return make_error(errc::invalid_handle, fmt::format("there is no live texture named '{}'", name));
  return it;
}

result<void> create_texture(core_state& g, const lab::texture_create_desc& desc) {
  if (desc.name.empty()) return make_error(errc::invalid_argument, "a texture needs a name");
  if (g.lab.textures.count(desc.name))
    return make_error(errc::invalid_argument, fmt::format("a texture named '{}' already exists", desc.name));
  if (desc.width == 0 || desc.height == 0 || desc.width > 16384 || desc.height > 16384)
    return make_error(errc::invalid_argument,
                      fmt::format("texture size must be 1..16384 on each side (got {}x{})", desc.width, desc.height));
  d3d12::texture_desc shape;
  shape.width = desc.width;
  shape.height = desc.height;
  const D3D12_RESOURCE_DESC resource_desc = make_texture2d_desc(shape);

  learner_texture entry;
  d3d12_texture_init_info info;
  info.device = g.device.get();
  info.srv_heap = &g.srv_heap();
  info.name = desc.name;
  info.desc = &resource_desc;
  switch (desc.kind) {
    case resource_kind::committed: break;
    case resource_kind::reserved: info.reserved = true; break;
    case resource_kind::placed: {
      const D3D12_RESOURCE_ALLOCATION_INFO allocation = allocation_info(g.device.get(), resource_desc);
      D3D12_HEAP_DESC heap_desc{};
      heap_desc.SizeInBytes = allocation.SizeInBytes;
      heap_desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
      heap_desc.Alignment = allocation.Alignment;
      heap_desc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES;
      XE_TRY_HR(g.device->CreateHeap(&heap_desc, IID_PPV_ARGS(entry.heap.put())));
      tracker::track(entry.heap.get(), {.name = desc.name + " heap", .type = "ID3D12Heap"});
      info.heap = XE_FAULT(placed_heap_ignored) ? nullptr : entry.heap.get();
      break;
    }
    case resource_kind::none:
      return make_error(errc::invalid_argument, "a texture must be committed, placed or reserved");
  }
  auto texture = d3d12_texture::create(info);
  if (!texture) {
    deferred_release(entry.heap);
    return std::move(texture).error_value();
  }
  entry.texture = std::move(*texture);
  g.lab.textures.emplace(desc.name, std::move(entry));
  return {};
}

result<void> release_texture(core_state& g, std::string_view name) {
  XE_TRY_ASSIGN(auto it, g.lab.find_texture(name));
  it->second.release();
  g.lab.textures.erase(it);
  return {};
}

}  // namespace xe::gfx::d3d12

namespace xe::gfx::lab {

const char* to_string(texture_pattern pattern) { return pattern == texture_pattern::tiles ? "tiles" : "checker"; }

std::optional<texture_pattern> texture_pattern_from(std::string_view name) {
  for (texture_pattern p : {texture_pattern::checker, texture_pattern::tiles})
    if (name == to_string(p)) return p;
  return std::nullopt;
}

}  // namespace xe::gfx::lab
