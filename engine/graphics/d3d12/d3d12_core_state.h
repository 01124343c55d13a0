#pragma once
// The core's state and the two things every part beside the core records through.
//
// The public entry points (renderer.h in d3d12_core.cpp, lab.h in lab/lab_api.cpp, the
// uploads and buffers of d3d12_frame.h in d3d12_immediate.cpp, the observer) take the
// running core once, with running_core(); every function below them is handed the state it
// uses as a parameter. Modules under the core (command, heaps, surfaces, swap chains,
// textures, the upload ring, pipelines) never see core_state: they are given a device, a
// queue, a heap or the frame clock when they are made.
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "graphics/d3d12/d3d12_command.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/d3d12/d3d12_frame.h"
#include "graphics/d3d12/d3d12_immediate.h"
#include "graphics/d3d12/d3d12_pipeline.h"
#include "graphics/d3d12/d3d12_surface.h"
#include "graphics/d3d12/d3d12_texture.h"
#include "graphics/d3d12/d3d12_upload.h"
#include "graphics/renderer.h"
#include "graphics/d3d12/d3d12_learner_surfaces.h"
#include "utilities/free_list.h"

namespace xe::gfx::d3d12 {

struct texture_readback;

struct learner_texture {
  d3d12_texture texture;
  com_ptr<ID3D12Heap> heap;                 // placed textures: the heap they live in
  std::vector<u8> pixels;                   // RGBA8, rows top to bottom: what was last uploaded (or queued)
  bool upload_queued{};                     // pixels wait for the next frame's copy through the upload ring
  D3D12_GPU_DESCRIPTOR_HANDLE freed_srv{};  // fault srv_freed_once_bound: still drawn after its free
  void release() {
    texture.release();
    deferred_release(heap);
  }
};

// What lab.h's experiments keep between calls. The frame draws learner textures too
// (frame_content::quad_texture), so they live with the core and go at shutdown.
struct lab_state {
  using texture_map = std::map<std::string, learner_texture, std::less<>>;
  texture_map textures;
  // CPU-only heaps holding one null SRV and one point sampler: learner allocations copy
  // them (one view written once, copied by reference) instead of creating a view each.
  com_ptr<ID3D12DescriptorHeap> null_srv_source;
  com_ptr<ID3D12DescriptorHeap> null_sampler_source;

  // The learner texture named name; errc::invalid_handle when there is none.
  result<texture_map::iterator> find_texture(std::string_view name);
};

struct core_state {
  com_ptr<ID3D12Device> device;
  adapter_info adapter;
  d3d12_command command;  // the queue, the frame fence and the frame clock: the one frame slot
  // 0..3: rtv, dsv, srv (shader-visible), uav (descriptor_heap); then learner heaps, which
  // may run the wiki's code (wiki_descriptor_heap). Never shrinks while running, so indices
  // stay valid.
  std::vector<std::unique_ptr<heap_interface>> heaps;
  utl::free_list<d3d12_surface> surfaces;
  std::unique_ptr<learner_surface_list> learner_surfaces;  // Build it yourself: chooses the surfaces' slots
  u64 surfaces_version{0};  // calculate_surfaces_info changes only with it (and back-buffer indices)
  pipeline_library pipelines;
  upload_ring upload;
  immediate_context immediate;
  lab_state lab;
  bool in_frame{false};
  bool debug_regions{false};      // set_debug_regions
  std::string frame_label;        // set_frame_label
  bool frame_region_open{false};  // the frame being recorded began a region with the label

  const frame_clock& clock() const { return command.clock(); }
  descriptor_heap& engine_heap(u32 i) { return static_cast<descriptor_heap&>(*heaps[i]); }
  descriptor_heap& srv_heap() { return engine_heap(2); }  // shader-visible CBV/SRV/UAV
  surface_context surfaces_context() { return {device.get(), &engine_heap(0), &engine_heap(1)}; }
};

// The running core, for the public entry points only (above); errc::not_initialized
// outside gfx::initialize()..gfx::shutdown().
result<core_state*> running_core();

// The live surface id names, or errc::invalid_handle.
result<d3d12_surface*> find_surface(core_state& g, surface_id id);

// One surface's pass: clear, the content, extra; with copy_to, the finished image is copied
// there too; the back buffer ends in PRESENT. Returns false when the surface was skipped
// (minimised, zero extent). Engine frames and observer redraws both record through it.
struct surface_pass {
  ID3D12GraphicsCommandList* list;
  const frame_content& content;
  const record_fn& extra;
  upload_ring& upload;
  u32 sync_index;  // swap_chain::acquire's sync object
  const texture_readback* copy_to{nullptr};
};
result<bool> record_surface(core_state& g, d3d12_surface& s, const surface_pass& pass);

}  // namespace xe::gfx::d3d12
