#include "graphics/d3d12/d3d12_texture.h"

#include <utility>

#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_tracker.h"

namespace xe::gfx::d3d12 {

d3d12_texture::d3d12_texture(d3d12_texture&& o) noexcept
    : _resource{std::move(o._resource)}, _srv{std::exchange(o._srv, {})}, _srv_heap{o._srv_heap}, _kind{o._kind} {}

d3d12_texture& d3d12_texture::operator=(d3d12_texture&& o) noexcept {
  if (this != &o) {
    release();
    _resource = std::move(o._resource);
    _srv = std::exchange(o._srv, {});
    _srv_heap = o._srv_heap;
    _kind = o._kind;
  }
  return *this;
}

void d3d12_texture::release() {
  if (_srv.is_valid()) {
    if (auto r = _srv_heap->free(_srv); !r) XE_LOG_ERROR("d3d12_texture: could not free its SRV");
  }
  deferred_release(_resource);
}

com_ptr<ID3D12Resource> d3d12_texture::detach_resource() {
  free_srv();
  return std::move(_resource);
}

void d3d12_texture::free_srv() {
  if (_srv.is_valid()) {
    if (auto r = _srv_heap->free(_srv); !r) XE_LOG_ERROR("d3d12_texture: could not free its SRV");
  }
  _srv = {};
}

result<d3d12_texture> d3d12_texture::create(const d3d12_texture_init_info& info) {
  XE_ASSERT(info.device && info.srv_heap);
  ID3D12Device* device = info.device;
  d3d12_texture texture;
  texture._srv_heap = info.srv_heap;
  D3D12_RESOURCE_DESC desc{};
  if (info.resource) {
    texture._resource = com_ptr<ID3D12Resource>::add_ref(info.resource);
    desc = resource_desc(info.resource);
    texture._kind = resource_kind::committed;
  } else {
    if (!info.desc)
      return make_error(errc::invalid_argument, fmt::format("texture '{}' has no description", info.name));
    desc = *info.desc;
    if (info.heap) {
      XE_TRY_HR(device->CreatePlacedResource(info.heap, info.allocation_offset, &desc, info.initial_state,
                                             info.clear_value, IID_PPV_ARGS(texture._resource.put())));
      texture._kind = resource_kind::placed;
    } else if (info.reserved) {
      D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
      XE_TRY_HR(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)));
      if (options.TiledResourcesTier == D3D12_TILED_RESOURCES_TIER_NOT_SUPPORTED)
        return make_error(errc::unsupported,
                          fmt::format("texture '{}': this device reports tiled resources as not supported "
                                      "(tier 0), so reserved resources cannot be created",
                                      info.name));
      // A reserved texture's memory is mapped in 64 KiB tiles: its layout must say so
      // (D3D12_TILED_RESOURCES_TIER; UNKNOWN is refused), unlike a committed or placed one.
      D3D12_RESOURCE_DESC tiled = desc;
      tiled.Layout = D3D12_TEXTURE_LAYOUT_64KB_UNDEFINED_SWIZZLE;
      XE_TRY_HR(device->CreateReservedResource(&tiled, info.initial_state, info.clear_value,
                                               IID_PPV_ARGS(texture._resource.put())));
      texture._kind = resource_kind::reserved;
    } else {
      D3D12_HEAP_PROPERTIES heap{};
      heap.Type = D3D12_HEAP_TYPE_DEFAULT;
      XE_TRY_HR(device->CreateCommittedResource(&heap, D3D12_HEAP_FLAG_NONE, &desc, info.initial_state,
                                                info.clear_value, IID_PPV_ARGS(texture._resource.put())));
      texture._kind = resource_kind::committed;
    }
  }
  if (!info.resource) {
    const D3D12_RESOURCE_ALLOCATION_INFO allocation = allocation_info(device, desc);
    tracker::track(texture._resource.get(), {.name = info.name,
                                             .type = "texture2d",
                                             .kind = texture._kind,
                                             .width = static_cast<u32>(desc.Width),
                                             .height = desc.Height,
                                             .format = desc.Format,
                                             .bytes = allocation.SizeInBytes,
                                             .initial_state = info.initial_state});
  }

  XE_TRY_ASSIGN(auto srv, info.srv_heap->allocate(info.name + " SRV"));
  texture._srv = srv;
  device->CreateShaderResourceView(texture._resource.get(), info.srv_desc, texture._srv.cpu);
  return texture;
}

}  // namespace xe::gfx::d3d12
