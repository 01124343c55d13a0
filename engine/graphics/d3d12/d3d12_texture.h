#pragma once
// d3d12_texture (wiki 7.11): a texture resource plus its SRV in the engine's shader-visible
// heap. The resource comes from, in this order: an existing resource (adopted), a heap
// (placed), reserved creation (virtual address range only), or a committed allocation.
#include <string>

#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/stats.h"

namespace xe::gfx::d3d12 {

struct d3d12_texture_init_info {
  ID3D12Device* device{nullptr};
  descriptor_heap* srv_heap{nullptr};  // where its SRV lives (shader-visible)
  std::string name;
  ID3D12Heap* heap{nullptr};  // placed into this heap at allocation_offset
  u64 allocation_offset{0};
  ID3D12Resource* resource{nullptr};                         // adopt (one reference is taken)
  bool reserved{false};                                      // CreateReservedResource; needs tiled resources tier >= 1
  const D3D12_SHADER_RESOURCE_VIEW_DESC* srv_desc{nullptr};  // nullptr: the resource's own format
  const D3D12_RESOURCE_DESC* desc{nullptr};
  D3D12_RESOURCE_STATES initial_state{D3D12_RESOURCE_STATE_COMMON};
  const D3D12_CLEAR_VALUE* clear_value{nullptr};
};

class d3d12_texture {
public:
  d3d12_texture() = default;
  d3d12_texture(d3d12_texture&& o) noexcept;
  d3d12_texture& operator=(d3d12_texture&& o) noexcept;
  XE_DISABLE_COPY(d3d12_texture);
  ~d3d12_texture() { release(); }

  static result<d3d12_texture> create(const d3d12_texture_init_info& info);
  // Resource and SRV go through the deferred path: frames in flight may still read them.
  void release();
  // Lesson 12's hazard: the SRV goes the deferred way, the resource is handed to the caller,
  // who releases it at once.
  com_ptr<ID3D12Resource> detach_resource();
  // Frees the SRV's index (the deferred way) and forgets it; the resource stays.
  void free_srv();

  ID3D12Resource* resource() const { return _resource.get(); }
  const descriptor_handle& srv() const { return _srv; }
  resource_kind kind() const { return _kind; }

private:
  com_ptr<ID3D12Resource> _resource;
  descriptor_handle _srv;
  descriptor_heap* _srv_heap{nullptr};
  resource_kind _kind{resource_kind::none};
};

}  // namespace xe::gfx::d3d12
