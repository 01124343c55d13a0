// Learner heaps and textures (renderer.h): heaps a lesson or the inspector creates, which
// may run the wiki's code, and textures made committed, placed or reserved.
#include <utility>

#include "graphics/d3d12/d3d12_core_state.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/d3d12_wiki_heap.h"

namespace xe::gfx::d3d12 {

result<void> create_null_descriptor_sources(core_state& s) {
  D3D12_DESCRIPTOR_HEAP_DESC desc{};
  desc.NumDescriptors = 1;
  desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  XE_TRY_HR(s.device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(s.null_srv_source.put())));
  tracker::track(s.null_srv_source.get(), {.name = "null SRV source", .type = "ID3D12DescriptorHeap"});
  desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
  XE_TRY_HR(s.device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(s.null_sampler_source.put())));
  tracker::track(s.null_sampler_source.get(), {.name = "null sampler source", .type = "ID3D12DescriptorHeap"});

  D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
  srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  srv.Texture2D.MipLevels = 1;
  s.device->CreateShaderResourceView(nullptr, &srv, cpu_heap_start(s.null_srv_source.get()));
  D3D12_SAMPLER_DESC sampler{};
  sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
  sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
  sampler.MaxLOD = 1000.f;
  s.device->CreateSampler(&sampler, cpu_heap_start(s.null_sampler_source.get()));
  return {};
}

namespace {

result<heap_interface*> find_heap_by_index(u32 heap) {
  core_state* g = state();
  if (!g) return not_initialized();
  if (heap >= g->heaps.size())
    return make_error(errc::invalid_handle, fmt::format("there is no heap {} (there are {})", heap, g->heaps.size()));
  return g->heaps[heap].get();
}

// Public allocate/free reach learner heaps only: the engine's heaps hold descriptors that
// surfaces and the UI still use.
result<heap_interface*> find_learner_heap(u32 heap) {
  auto found = find_heap_by_index(heap);
  if (found && heap < engine_heap_count)
    return make_error(
        errc::invalid_argument,
        fmt::format("heap '{}' belongs to the engine; create a learner heap with create_heap", (*found)->name()));
  return found;
}

// A real descriptor in each new learner slot: a null view (shaders may read it safely).
void write_null_descriptors(const heap_interface& heap, const u32* indices, size_t count) {
  core_state* g = state();
  ID3D12DescriptorHeap* source = heap.type() == heap_type::cbv_srv_uav ? g->null_srv_source.get()
                                 : heap.type() == heap_type::sampler   ? g->null_sampler_source.get()
                                                                       : nullptr;
  if (!source) return;  // RTV and DSV slots get their views when a resource exists
  const D3D12_CPU_DESCRIPTOR_HANDLE from = cpu_heap_start(source);
  const D3D12_DESCRIPTOR_HEAP_TYPE type = to_d3d12(heap.type());
  for (size_t i = 0; i < count; ++i) {
    const D3D12_CPU_DESCRIPTOR_HANDLE to{heap.cpu_start().ptr +
                                         static_cast<SIZE_T>(indices[i]) * heap.descriptor_size()};
    g->device->CopyDescriptorsSimple(1, to, from, type);
  }
}

}  // namespace

result<core_state::texture_map::iterator> core_state::find_texture(std::string_view name) {
  auto it = textures.find(name);
  if (it == textures.end())
    return make_error(errc::invalid_handle, fmt::format("there is no live texture named '{}'", name));
  return it;
}

}  // namespace xe::gfx::d3d12

namespace xe::gfx {

using namespace d3d12;

result<u32> create_heap(const heap_desc& desc) {
  core_state* g = state();
  if (!g) return not_initialized();
  if (desc.name.empty()) return make_error(errc::invalid_argument, "a heap needs a name");
  if (find_heap(desc.name))
    return make_error(errc::invalid_argument, fmt::format("a heap named '{}' already exists", desc.name));
  std::unique_ptr<heap_interface> heap;
  if (desc.model == heap_model::wiki)
    heap = std::make_unique<wiki_descriptor_heap>(desc.type, wiki_fixes{}, true, g->clock().slot());
  else
    heap = std::make_unique<descriptor_heap>(desc.type, g->clock());
  XE_TRY(heap->initialize(g->device.get(), desc.capacity, desc.shader_visible, desc.name));
  g->heaps.push_back(std::move(heap));
  return static_cast<u32>(g->heaps.size() - 1);
}

result<u32> find_heap(std::string_view name) {
  core_state* g = state();
  if (!g) return not_initialized();
  for (u32 i = 0; i < g->heaps.size(); ++i)
    if (g->heaps[i]->name() == name) return i;
  return make_error(errc::invalid_handle, fmt::format("there is no heap named '{}'", name));
}

result<u32> allocate_descriptor(u32 heap_index, std::string_view owner) {
  XE_TRY_ASSIGN(auto heap, find_learner_heap(heap_index));
  XE_TRY_ASSIGN(auto handle, heap->allocate(owner));
  write_null_descriptors(*heap, &handle.index, 1);
  return handle.index;
}

result<void> allocate_descriptors(u32 heap_index, u32 count, std::string_view owner, std::vector<u32>& out) {
  XE_TRY_ASSIGN(auto heap, find_learner_heap(heap_index));
  const size_t first = out.size();
  XE_TRY(heap->allocate_indices(count, owner, out));
  write_null_descriptors(*heap, out.data() + first, out.size() - first);
  return {};
}

result<void> free_descriptor(u32 heap_index, u32 index) {
  XE_TRY_ASSIGN(auto heap, find_learner_heap(heap_index));
  return heap->free_index(index);
}

result<void> create_texture(const texture_create_desc& desc) {
  core_state* g = state();
  if (!g) return not_initialized();
  if (desc.name.empty()) return make_error(errc::invalid_argument, "a texture needs a name");
  if (g->textures.count(desc.name))
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
  info.device = g->device.get();
  info.srv_heap = &g->engine_heap(2);
  info.name = desc.name;
  info.desc = &resource_desc;
  switch (desc.kind) {
    case resource_kind::committed: break;
    case resource_kind::reserved: info.reserved = true; break;
    case resource_kind::placed: {
      const D3D12_RESOURCE_ALLOCATION_INFO allocation = allocation_info(g->device.get(), resource_desc);
      D3D12_HEAP_DESC heap_desc{};
      heap_desc.SizeInBytes = allocation.SizeInBytes;
      heap_desc.Properties.Type = D3D12_HEAP_TYPE_DEFAULT;
      heap_desc.Alignment = allocation.Alignment;
      heap_desc.Flags = D3D12_HEAP_FLAG_ALLOW_ONLY_NON_RT_DS_TEXTURES;
      XE_TRY_HR(g->device->CreateHeap(&heap_desc, IID_PPV_ARGS(entry.heap.put())));
      tracker::track(entry.heap.get(), {.name = desc.name + " heap", .type = "ID3D12Heap"});
      info.heap = entry.heap.get();
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
  g->textures.emplace(desc.name, std::move(entry));
  return {};
}

result<void> release_texture(std::string_view name) {
  core_state* g = state();
  if (!g) return not_initialized();
  XE_TRY_ASSIGN(auto it, g->find_texture(name));
  it->second.release();
  g->textures.erase(it);
  return {};
}

u32 get_heap_count() { return state() ? static_cast<u32>(state()->heaps.size()) : 0; }

heap_info get_heap_info(u32 heap) {
  core_state* g = state();
  XE_ASSERT(g && heap < g->heaps.size());
  return g->heaps[heap]->get_info();
}

u64 get_heaps_version() {
  core_state* g = state();
  if (!g) return 0;
  u64 sum = g->heaps.size();  // every heap's version only grows: the sum grows with any of them
  for (const auto& heap : g->heaps) sum += heap->version();
  return sum;
}

void copy_heap_state(u32 heap, heap_state& out, u32 parts) {
  core_state* g = state();
  XE_ASSERT(g && heap < g->heaps.size());
  g->heaps[heap]->copy_state(out, parts);
}

descriptor_info get_descriptor_info(u32 heap, u32 index) {
  core_state* g = state();
  XE_ASSERT(g && heap < g->heaps.size());
  return g->heaps[heap]->get_descriptor_info(index);
}

}  // namespace xe::gfx
