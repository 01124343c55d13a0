// Learner heaps (lab.h): heaps a lesson or the inspector creates after the engine's four,
// which may run the wiki's code. Public allocate and free reach learner heaps only: the
// engine's heaps hold descriptors that surfaces and the UI still use.
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/d3d12_learner_heap.h"
#include "graphics/d3d12/d3d12_wiki_heap.h"
#include "graphics/d3d12/lab/lab_experiments.h"

namespace xe::gfx::d3d12 {
namespace {

result<heap_interface*> find_learner_heap(core_state& g, u32 heap) {
  if (heap >= g.heaps.size())
    return make_error(errc::invalid_handle, fmt::format("there is no heap {} (there are {})", heap, g.heaps.size()));
  if (heap < engine_heap_count)
    return make_error(
        errc::invalid_argument,
        fmt::format("heap '{}' belongs to the engine; create a learner heap with create_heap", g.heaps[heap]->name()));
  return g.heaps[heap].get();
}

// A real descriptor in each new learner slot: a null view (shaders may read it safely).
void write_null_descriptors(core_state& g, const heap_interface& heap, const u32* indices, size_t count) {
  ID3D12DescriptorHeap* source = heap.type() == heap_type::cbv_srv_uav ? g.lab.null_srv_source.get()
                                 : heap.type() == heap_type::sampler   ? g.lab.null_sampler_source.get()
                                                                       : nullptr;
  if (!source) return;  // RTV and DSV slots get their views when a resource exists
  const D3D12_CPU_DESCRIPTOR_HANDLE from = cpu_heap_start(source);
  const D3D12_DESCRIPTOR_HEAP_TYPE type = to_d3d12(heap.type());
  for (size_t i = 0; i < count; ++i) {
    const D3D12_CPU_DESCRIPTOR_HANDLE to{heap.cpu_start().ptr +
                                         static_cast<SIZE_T>(indices[i]) * heap.descriptor_size()};
    g.device->CopyDescriptorsSimple(1, to, from, type);
  }
}

}  // namespace

result<void> create_null_descriptor_sources(core_state& g) {
  lab_state& lab = g.lab;
  D3D12_DESCRIPTOR_HEAP_DESC desc{};
  desc.NumDescriptors = 1;
  desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  XE_TRY_HR(g.device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(lab.null_srv_source.put())));
  tracker::track(lab.null_srv_source.get(), {.name = "null SRV source", .type = "ID3D12DescriptorHeap"});
  desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_SAMPLER;
  XE_TRY_HR(g.device->CreateDescriptorHeap(&desc, IID_PPV_ARGS(lab.null_sampler_source.put())));
  tracker::track(lab.null_sampler_source.get(), {.name = "null sampler source", .type = "ID3D12DescriptorHeap"});

  D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
  srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  srv.Texture2D.MipLevels = 1;
  g.device->CreateShaderResourceView(nullptr, &srv, cpu_heap_start(lab.null_srv_source.get()));
  D3D12_SAMPLER_DESC sampler{};
  sampler.Filter = D3D12_FILTER_MIN_MAG_MIP_POINT;
  sampler.AddressU = sampler.AddressV = sampler.AddressW = D3D12_TEXTURE_ADDRESS_MODE_CLAMP;
  sampler.MaxLOD = 1000.f;
  g.device->CreateSampler(&sampler, cpu_heap_start(lab.null_sampler_source.get()));
  return {};
}

namespace {
const xe_deferred_free_api* learner_heap_code{};
}  // namespace

void set_learner_heap_code(const xe_deferred_free_api* code) { learner_heap_code = code; }

result<u32> create_heap(core_state& g, const lab::heap_desc& desc) {
  if (desc.name.empty()) return make_error(errc::invalid_argument, "a heap needs a name");
  if (find_heap(g, desc.name))
    return make_error(errc::invalid_argument, fmt::format("a heap named '{}' already exists", desc.name));
  std::unique_ptr<heap_interface> heap;
  if (desc.model == heap_model::wiki)
    heap = std::make_unique<wiki_descriptor_heap>(desc.type, wiki_fixes{}, true, g.clock().slot());
  else if (learner_heap_code || desc.model == heap_model::learner) {
    if (!learner_heap_code)
      return make_error(errc::invalid_argument, "a heap of the learner's code needs a graded exercise (--exercise)");
    heap = std::make_unique<learner_descriptor_heap>(desc.type, g.clock(), *learner_heap_code);
  } else
    heap = std::make_unique<descriptor_heap>(desc.type, g.clock());
  XE_TRY(heap->initialize(g.device.get(), desc.capacity, desc.shader_visible, desc.name));
  g.heaps.push_back(std::move(heap));
  return static_cast<u32>(g.heaps.size() - 1);
}

result<u32> find_heap(core_state& g, std::string_view name) {
  for (u32 i = 0; i < g.heaps.size(); ++i)
    if (g.heaps[i]->name() == name) return i;
  return make_error(errc::invalid_handle, fmt::format("there is no heap named '{}'", name));
}

result<void> allocate_descriptors(core_state& g, u32 heap_index, u32 count, std::string_view owner,
                                  std::vector<u32>& out) {
  XE_TRY_ASSIGN(auto* heap, find_learner_heap(g, heap_index));
  const size_t first = out.size();
  XE_TRY(heap->allocate_indices(count, owner, out));
  write_null_descriptors(g, *heap, out.data() + first, out.size() - first);
  return {};
}

result<void> free_descriptor(core_state& g, u32 heap_index, u32 index) {
  XE_TRY_ASSIGN(auto* heap, find_learner_heap(g, heap_index));
  return heap->free_index(index);
}

result<lab::wiki_handle_report> wiki_allocate_and_free(core_state& g, u32 heap_index) {
  XE_TRY_ASSIGN(auto* heap, find_learner_heap(g, heap_index));
  if (heap->get_info().model != heap_model::wiki)
    return make_error(
        errc::invalid_argument,
        fmt::format("heap '{}' runs the engine's code; 7.6's handle needs a heap of the wiki's model", heap->name()));
  XE_TRY_ASSIGN(auto report, static_cast<wiki_descriptor_heap*>(heap)->allocate_and_free_as_written());
  write_null_descriptors(g, *heap, &report.taken, 1);
  return report;
}

}  // namespace xe::gfx::d3d12
