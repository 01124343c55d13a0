#pragma once
// The core's own parts, for the modules that work beside it on the same engine (the
// observer, the view-format check, the heap race) and for the sandbox's extension code.
// Valid between gfx::initialize() and gfx::shutdown(). Modules below the core (command,
// heaps, surfaces, textures, swap chains, the upload ring) never include this: they are
// given what they use when they are created, and track and release objects through
// d3d12_tracker.h and d3d12_deferred_release.h.
#include <functional>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/renderer.h"

namespace xe::gfx::d3d12 {
class d3d12_command;
class d3d12_surface;
class upload_ring;
struct render_context;
struct texture_readback;
using record_fn = surface_recorder;
}

namespace xe::gfx::d3d12::core {

ID3D12Device* device();
d3d12_command& command();

descriptor_heap& srv_heap();  // the engine's shader-visible CBV/SRV/UAV heap

// The live surface id names, or errc::invalid_handle.
result<d3d12_surface*> find_surface(surface_id id);

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
result<bool> record_surface(d3d12_surface& s, const surface_pass& pass);

}  // namespace xe::gfx::d3d12::core
