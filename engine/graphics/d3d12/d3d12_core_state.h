#pragma once
// The core's state, shared by the files that implement renderer.h: d3d12_core.cpp (the
// lifecycle, surfaces and the frame), d3d12_learner.cpp (learner heaps and textures) and
// d3d12_immediate.cpp (uploads outside frames). Nothing else includes it.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "graphics/d3d12/d3d12_command.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_immediate.h"
#include "graphics/d3d12/d3d12_pipeline.h"
#include "graphics/d3d12/d3d12_surface.h"
#include "graphics/d3d12/d3d12_texture.h"
#include "graphics/d3d12/d3d12_upload.h"
#include "graphics/renderer.h"
#include "utilities/free_list.h"

namespace xe::gfx::d3d12 {

struct learner_texture {
  d3d12_texture texture;
  com_ptr<ID3D12Heap> heap;  // placed textures: the heap they live in
  std::vector<u8> pixels;    // RGBA8, rows top to bottom: what was last uploaded (or queued)
  bool upload_queued{};      // pixels wait for the next frame's copy through the upload ring
  void release() {
    texture.release();
    deferred_release(heap);
  }
};

struct core_state {
  com_ptr<ID3D12Device> device;
  adapter_info adapter;
  d3d12_command command;
  // 0..3: rtv, dsv, srv (shader-visible), uav (descriptor_heap); then learner heaps, which
  // may run the wiki's code (wiki_descriptor_heap). Never shrinks while
  // running, so indices stay valid.
  std::vector<std::unique_ptr<heap_interface>> heaps;
  utl::free_list<d3d12_surface> surfaces;
  u64 surfaces_version{0};  // calculate_surfaces_info changes only with it (and back-buffer indices)
  using texture_map = std::map<std::string, learner_texture, std::less<>>;
  texture_map textures;
  pipeline_library pipelines;
  upload_ring upload;

  immediate_context immediate;

  // CPU-only heaps holding one null SRV and one point sampler: learner allocations copy
  // them (one view written once, copied by reference) instead of creating a view each.
  com_ptr<ID3D12DescriptorHeap> null_srv_source;
  com_ptr<ID3D12DescriptorHeap> null_sampler_source;

  bool in_frame{false};

  const frame_clock& clock() const { return command.clock(); }
  descriptor_heap& engine_heap(u32 i) { return static_cast<descriptor_heap&>(*heaps[i]); }
  surface_context surfaces_context() { return {device.get(), &engine_heap(0), &engine_heap(1)}; }
  // The learner texture named name; errc::invalid_handle when there is none.
  result<texture_map::iterator> find_texture(std::string_view name);
};


// Null between gfx::initialize and gfx::shutdown.
core_state* state();
error not_initialized();

// d3d12_learner.cpp: the CPU-only null views learner descriptors start as.
result<void> create_null_descriptor_sources(core_state& g);

}  // namespace xe::gfx::d3d12
