#pragma once
// Engine-internal access to the D3D12 core: the device, the frame slot, the engine's
// heaps, deferred release and object tracking. Valid between initialize() and shutdown().
#include <functional>
#include <string_view>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/renderer.h"
#include "graphics/stats.h"

namespace xe::gfx::d3d12 {
class d3d12_command;
class d3d12_surface;
class upload_ring;
struct render_context;
struct texture_readback;
using record_fn = std::function<result<void>(const render_context&)>;
}

namespace xe::gfx::d3d12::core {

ID3D12Device* device();
d3d12_command& command();
u32 current_frame_index();
u64 frame_number();

descriptor_heap& rtv_heap();
descriptor_heap& dsv_heap();
descriptor_heap& srv_heap();
descriptor_heap& uav_heap();

// What the tracker records about an object; resources also fill size and format.
struct object_desc {
  std::string_view name;
  const char* type{"ID3D12Object"};  // interface name, or "texture2d"/"buffer" for resources
  resource_kind kind{resource_kind::none};
  u32 width{};
  u32 height{};
  DXGI_FORMAT format{DXGI_FORMAT_UNKNOWN};
  u64 bytes{};
};

// Names the object (SetName) and records it for the inspector. Resources (kind != none)
// report resource_created.
void track(ID3D12Object* object, const object_desc& desc);
// Forgets an object that is being released now (not through the deferred path).
void untrack(ID3D12Object* object);

// Takes over one reference and releases it once the current slot's fence has completed
// (wiki 7.7): the GPU may still use the object in frames already submitted.
void deferred_release(ID3D12Object* object);
template <typename T>
void deferred_release(com_ptr<T>& object) {
  if (object) deferred_release(static_cast<ID3D12Object*>(object.detach()));
}

// Releases a tracked object immediately; only when the GPU cannot be using it.
template <typename T>
void release_now(com_ptr<T>& object) {
  if (!object) return;
  untrack(object.get());
  object.reset();
}

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
  u32 sync_index;                           // swap_chain::acquire's sync object
  const texture_readback* copy_to{nullptr};
};
result<bool> record_surface(d3d12_surface& s, const surface_pass& pass);

const char* format_name(DXGI_FORMAT format);

} // namespace xe::gfx::d3d12::core
