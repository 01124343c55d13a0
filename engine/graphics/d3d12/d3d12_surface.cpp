#include "graphics/d3d12/d3d12_surface.h"

#include <utility>

#include "graphics/d3d12/d3d12_core.h"
#include "graphics/d3d12/d3d12_resources.h"

namespace xe::gfx::d3d12 {

d3d12_surface::d3d12_surface(std::unique_ptr<swap_chain> chain) : _chain{std::move(chain)} {}

d3d12_surface::d3d12_surface(d3d12_surface&& other) noexcept
    : _chain{std::move(other._chain)},
      _viewport{other._viewport},
      _scissor{other._scissor},
      _presented{other._presented},
      _rendered{other._rendered} {
  for (u32 i = 0; i < swap_chain::max_buffers; ++i) {
    _render_targets[i].resource = std::move(other._render_targets[i].resource);
    _render_targets[i].rtv = std::exchange(other._render_targets[i].rtv, {});
  }
}

d3d12_surface::~d3d12_surface() {
  if (_chain) release_render_targets();
}

result<void> d3d12_surface::create_render_targets() {
  const u32 count = _chain->buffer_count();
  for (u32 i = 0; i < count; ++i) {
    render_target_data& rt = _render_targets[i];
    XE_ASSERT(!rt.resource && !rt.rtv.is_valid());
    auto buffer = _chain->buffer(i);
    if (!buffer) return std::move(buffer).error_value();
    rt.resource = std::move(*buffer);
    auto rtv = core::rtv_heap().allocate();
    if (!rtv) return std::move(rtv).error_value();
    rt.rtv = *rtv;
    D3D12_RENDER_TARGET_VIEW_DESC desc{};
    desc.Format = _chain->format();
    desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
    core::device()->CreateRenderTargetView(rt.resource.get(), &desc, rt.rtv.cpu);
  }
  _viewport = {0.f, 0.f, static_cast<f32>(width()), static_cast<f32>(height()), 0.f, 1.f};
  _scissor = {0, 0, static_cast<LONG>(width()), static_cast<LONG>(height())};
  return {};
}

void d3d12_surface::release_render_targets() {
  for (render_target_data& rt : _render_targets) {
    if (rt.rtv.is_valid()) {
      if (auto r = core::rtv_heap().free(rt.rtv); !r) XE_LOG_ERROR("surface: could not free an RTV");
    }
    // The swap chain owns the buffers; this drops only the surface's reference.
    rt.resource.reset();
  }
  _presented = invalid_id;
}

result<void> d3d12_surface::resize(u32 width, u32 height) {
  release_render_targets();
  XE_TRY(_chain->resize(width, height));
  return create_render_targets();
}

result<void> d3d12_surface::begin_render(ID3D12GraphicsCommandList* list, const color& clear) {
  XE_TRY(_chain->acquire());
  const render_target_data& rt = _render_targets[_chain->current_buffer()];
  transition(list, rt.resource.get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
  list->OMSetRenderTargets(1, &rt.rtv.cpu, FALSE, nullptr);
  list->RSSetViewports(1, &_viewport);
  list->RSSetScissorRects(1, &_scissor);
  const f32 rgba[4] = {clear.r, clear.g, clear.b, clear.a};
  list->ClearRenderTargetView(rt.rtv.cpu, rgba, 0, nullptr);
  _rendered = true;
  return {};
}

void d3d12_surface::end_render(ID3D12GraphicsCommandList* list) {
  const render_target_data& rt = _render_targets[_chain->current_buffer()];
  transition(list, rt.resource.get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
}

result<void> d3d12_surface::present() {
  XE_ASSERT(_rendered);
  _rendered = false;
  const u32 shown = _chain->current_buffer();
  XE_TRY(_chain->present());
  _presented = shown;
  return {};
}

ID3D12Resource* d3d12_surface::presented_buffer() const {
  return _presented == invalid_id ? nullptr : _render_targets[_presented].resource.get();
}

void d3d12_surface::fill_info(surface_info& info) const {
  info.kind = _chain->kind();
  info.width = width();
  info.height = height();
  info.fullscreen = _chain->fullscreen();
  info.back_buffers = _chain->buffer_count();
  info.back_buffer_index = _chain->current_buffer();
  info.rtv_indices.clear();
  for (u32 i = 0; i < _chain->buffer_count(); ++i) info.rtv_indices.push_back(_render_targets[i].rtv.index);
}

} // namespace xe::gfx::d3d12
