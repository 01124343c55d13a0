#include "graphics/d3d12/d3d12_surface.h"

#include <cstring>
#include <utility>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"

namespace xe::gfx::d3d12 {

d3d12_surface::d3d12_surface(const surface_context& context, std::unique_ptr<swap_chain> chain, std::string label,
                             platform::window* window)
    : _context{context}, _chain{std::move(chain)}, _label{std::move(label)}, _window{window} {}

d3d12_surface::d3d12_surface(d3d12_surface&& other) noexcept
    : _context{other._context},
      _chain{std::move(other._chain)},
      _label{std::move(other._label)},
      _window{std::exchange(other._window, nullptr)},
      _depth{std::move(other._depth)},
      _depth_optimized_clear{other._depth_optimized_clear},
      _dsv{std::exchange(other._dsv, {})},
      _viewport{other._viewport},
      _scissor{other._scissor},
      _capture{std::move(other._capture)},
      _back_buffer_index{other._back_buffer_index},
      _rendered{other._rendered} {
  for (u32 i = 0; i < swap_chain::max_buffers; ++i) {
    _render_targets[i].resource = std::move(other._render_targets[i].resource);
    _render_targets[i].rtv = std::exchange(other._render_targets[i].rtv, {});
    if (XE_FAULT(surface_copied_on_growth)) other._render_targets[i].rtv = _render_targets[i].rtv;
  }
  if (XE_FAULT(surface_copied_on_growth)) other._dsv = _dsv;
}

d3d12_surface::~d3d12_surface() {
  release_render_targets();  // a moved-from surface holds nothing to release
  if (_chain) deferred_release(_capture.readback.buffer);
}

result<void> d3d12_surface::create_render_targets() {
  const u32 count = _chain->buffer_count();
  for (u32 i = 0; i < count; ++i) {
    render_target_data& rt = _render_targets[i];
    XE_ASSERT(!rt.resource && !rt.rtv.is_valid());
    XE_TRY_ASSIGN(auto buffer, _chain->buffer(i));
    rt.resource = std::move(buffer);
    XE_TRY_ASSIGN(auto rtv, _context.rtv_heap->allocate(fmt::format("{} back buffer {} RTV", _label, i)));
    rt.rtv = rtv;
    D3D12_RENDER_TARGET_VIEW_DESC desc{};
    desc.Format = _chain->format();
    desc.ViewDimension = D3D12_RTV_DIMENSION_TEXTURE2D;
    _context.device->CreateRenderTargetView(rt.resource.get(), &desc, rt.rtv.cpu);
  }

  // Depth: a typeless resource (so it could also be read as R32_FLOAT) with an optimised
  // clear value, viewed as D32.
  texture_desc depth;
  depth.name = fmt::format("{} depth buffer ({}x{})", _label, width(), height());
  depth.width = width();
  depth.height = height();
  depth.format = depth_resource_format;
  depth.flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
  // Born in the only state it is used in: no barrier, and no COMMON between a rebuild and the
  // next frame for the inspector to show.
  depth.initial_state = XE_FAULT(depth_created_common) ? D3D12_RESOURCE_STATE_COMMON : D3D12_RESOURCE_STATE_DEPTH_WRITE;
  depth.clear_depth = XE_FAULT(depth_clear_value_zero) ? 0.f : depth_clear;
  _depth_optimized_clear = *depth.clear_depth;
  depth.clear_format = depth_format;
  XE_TRY_ASSIGN(auto resource, create_committed_texture(_context.device, depth));
  _depth = std::move(resource);
  XE_TRY_ASSIGN(auto dsv, _context.dsv_heap->allocate(_label + " depth DSV"));
  _dsv = dsv;
  D3D12_DEPTH_STENCIL_VIEW_DESC dsv_desc{};
  dsv_desc.Format = depth_format;
  dsv_desc.ViewDimension = D3D12_DSV_DIMENSION_TEXTURE2D;
  _context.device->CreateDepthStencilView(_depth.get(), &dsv_desc, _dsv.cpu);

  _viewport = {
      0.f, 0.f, static_cast<f32>(width()), static_cast<f32>(height()), 0.f, XE_FAULT(viewport_depth_zero) ? 0.f : 1.f};
  _scissor = {0, 0, static_cast<LONG>(width()), static_cast<LONG>(height())};
  return {};
}

void d3d12_surface::release_render_targets() {
  for (render_target_data& rt : _render_targets) {
    // A refused free (logged) still drops the handle: a rebuild never reuses it.
    if (rt.rtv.is_valid() && !_context.rtv_heap->free(rt.rtv)) {
      XE_LOG_ERROR("{}: could not free an RTV", _label);
      rt.rtv = {};
    }
    // The swap chain owns the buffers; this drops only the surface's reference.
    rt.resource.reset();
  }
  if (_dsv.is_valid() && !_context.dsv_heap->free(_dsv)) {
    XE_LOG_ERROR("{}: could not free its DSV", _label);
    _dsv = {};
  }
  deferred_release(_depth);
}

result<std::string> d3d12_surface::resize(u32 new_width, u32 new_height, u32 buffer_count) {
  auto indices = [this] {
    std::string list;
    for (u32 i = 0; i < _chain->buffer_count(); ++i)
      list += (i ? ", " : "") + std::to_string(_render_targets[i].rtv.index);
    return fmt::format("{} back buffers with RTVs [{}], depth buffer with DSV {}", _chain->buffer_count(), list,
                       _dsv.index);
  };
  std::string summary = "released " + indices();
  release_render_targets();
  XE_TRY(_chain->resize(new_width, new_height, buffer_count));
  _back_buffer_index = _chain->current_buffer();
  if (_chain->width() == 0 || _chain->height() == 0) return summary + "; nothing created (zero extent)";
  XE_TRY(create_render_targets());
  return summary + "; created " + indices();
}

result<bool> d3d12_surface::begin_render(ID3D12GraphicsCommandList* list, const color& clear, u32 sync_index) {
  if (!_render_targets[0].resource) return false;  // zero extent: nothing to draw into
  XE_TRY_ASSIGN(auto status, _chain->acquire(sync_index));
  if (status != swap_chain::acquire_status::ready) return false;

  const render_target_data& rt = _render_targets[_chain->current_buffer()];
  if (!XE_FAULT(barrier_skipped))
    transition(list, rt.resource.get(), D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
  list->OMSetRenderTargets(1, &rt.rtv.cpu, FALSE, &_dsv.cpu);
  list->RSSetViewports(1, &_viewport);
  list->RSSetScissorRects(1, &_scissor);
  const f32 rgba[4] = {clear.r, clear.g, clear.b, clear.a};
  list->ClearRenderTargetView(rt.rtv.cpu, rgba, 0, nullptr);
  list->ClearDepthStencilView(_dsv.cpu, D3D12_CLEAR_FLAG_DEPTH, depth_clear, 0, 0, nullptr);
  _rendered = true;
  return true;
}

void d3d12_surface::end_render(ID3D12GraphicsCommandList* list) {
  ID3D12Resource* buffer = _render_targets[_chain->current_buffer()].resource.get();
  if (!_capture.requested) {
    transition(list, buffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
    return;
  }
  transition(list, buffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
  _capture.readback.record(list, buffer);
  transition(list, buffer, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_PRESENT);
  _capture.requested = false;
  _capture.recorded = true;
}

result<void> d3d12_surface::present() {
  XE_ASSERT(_rendered);
  _rendered = false;
  return _chain->present();
}

result<void> d3d12_surface::request_capture() {
  if (!_render_targets[0].resource)
    return make_error(errc::invalid_argument, fmt::format("{} has nothing to capture (zero extent)", _label));
  deferred_release(_capture.readback.buffer);
  XE_TRY(_capture.readback.prepare(_context.device, _render_targets[0].resource.get(), _label + " capture readback"));
  _capture.requested = true;
  _capture.recorded = false;
  return {};
}

result<image_rgba8> d3d12_surface::take_capture() {
  if (!_capture.recorded)
    return make_error(errc::invalid_argument,
                      fmt::format("{} was not rendered since the capture was requested (minimised?)", _label));
  _capture.recorded = false;
  auto image = _capture.readback.read();
  deferred_release(_capture.readback.buffer);
  return image;
}

void d3d12_surface::fill_info(surface_info& info) const {
  info.kind = _chain->kind();
  info.width = width();
  info.height = height();
  info.fullscreen = _chain->fullscreen();
  info.back_buffers = _chain->buffer_count();
  info.back_buffer_index = _back_buffer_index;
  info.rtv_indices.clear();
  for (u32 i = 0; i < _chain->buffer_count(); ++i)
    if (_render_targets[i].rtv.is_valid()) info.rtv_indices.push_back(_render_targets[i].rtv.index);
  info.dsv_index = _dsv.is_valid() ? _dsv.index : invalid_id;
  info.viewport = {_viewport.TopLeftX, _viewport.TopLeftY, _viewport.Width,
                   _viewport.Height,   _viewport.MinDepth, _viewport.MaxDepth};
  info.scissor = {_scissor.left, _scissor.top, _scissor.right, _scissor.bottom};
  info.buffer = {};
  if (ID3D12Resource* buffer = _render_targets[0].resource.get()) {
    const D3D12_RESOURCE_DESC desc = resource_desc(buffer);
    info.buffer = {tracker::format_name(desc.Format), desc.SampleDesc.Count, desc.SampleDesc.Quality,
                   (desc.Flags & D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET) != 0, _chain->presentation()};
  }
  info.depth = {};
  if (_depth) {
    info.depth.format = tracker::format_name(resource_desc(_depth.get()).Format);
    info.depth.view_format = tracker::format_name(depth_format);
    info.depth.state = tracker::state_name(tracker::state_of(_depth.get()));
    info.depth.optimized_clear = _depth_optimized_clear;
    info.depth.clears_to = depth_clear;
  }
}

}  // namespace xe::gfx::d3d12
