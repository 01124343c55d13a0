#include "graphics/d3d12/d3d12_observer.h"

#include "graphics/d3d12/d3d12_command.h"
#include "graphics/d3d12/d3d12_core_state.h"
#include "graphics/d3d12/d3d12_fence.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_surface.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/swap_chain.h"

namespace xe::gfx::d3d12 {

namespace {
constexpr u64 upload_bytes_per_slot{4u << 20};  // ImGui's vertices and indices for one redraw
}

result<void> observer_pass::initialize(core_state& core) {
  release();
  _core = &core;
  ID3D12Device* device = core.device.get();
  for (u32 i = 0; i < depth; ++i)
    XE_TRY(create_command_allocator(device, fmt::format("overlay command allocator {}", i), _slots[i].allocator));
  XE_TRY(create_command_list(device, _slots[0].allocator.get(), "overlay command list", _list));
  XE_TRY(create_fence(device, "overlay fence", _fence));
  _event = runtime::create_fence_event();
  if (!_event) return make_error(errc::api_call_failed, "could not create the overlay's fence event");
  return _upload.initialize(device, _clock, upload_bytes_per_slot, "overlay upload ring");
}

void observer_pass::release() {
  if (!_fence) return;
  if (auto r = wait_idle(); !r) XE_LOG_ERROR("overlay: could not wait for its redraws; releasing anyway");
  _upload.release_now();
  tracker::release_now(_list);
  for (slot& s : _slots) {
    tracker::release_now(s.allocator);
    s.fence_value = 0;
  }
  tracker::release_now(_fence);
  runtime::destroy_fence_event(_event);
  _event = nullptr;
  _value = 0;
  _next = 0;
  _core = nullptr;
}

result<void> observer_pass::wait_idle() {
  if (!_fence) return {};
  return wait_for_fence(_fence.get(), _value, _event, {_core->command.queue(), _value});
}

result<bool> observer_pass::redraw(surface_id id, const frame_content& content, const record_fn& extra) {
  XE_TRY_ASSIGN(auto surface, find_surface(*_core, id));
  return submit(*surface, content, extra, nullptr);
}

result<image_rgba8> observer_pass::capture(surface_id id, const frame_content& content, const record_fn& extra) {
  XE_TRY_ASSIGN(auto surface, find_surface(*_core, id));
  d3d12_surface& s = *surface;
  if (!s.current_target()) return make_error(errc::invalid_argument, "the surface has nothing to capture (zero size)");
  texture_readback readback;
  XE_TRY(readback.prepare(_core->device.get(), s.current_target(), "overlay capture readback"));
  auto drawn = submit(s, content, extra, &readback);
  const auto idle = wait_idle();
  result<image_rgba8> image = make_error(errc::invalid_argument, "the surface was not drawn (minimised?)");
  if (!drawn)
    image = std::move(drawn).error_value();
  else if (*drawn && !idle)
    image = idle.error_value();
  else if (*drawn)
    image = readback.read();
  if (idle)
    tracker::release_now(readback.buffer);
  else
    (void)readback.buffer.detach();  // the GPU may still write it: leak rather than race
  return image;
}

result<bool> observer_pass::submit(d3d12_surface& s, const frame_content& content, const record_fn& extra,
                                   const texture_readback* copy_to) {
  if (!_list) return make_error(errc::not_initialized, "the overlay's submission path is not initialised");
  if (s.rendered()) return make_error(errc::invalid_argument, "redraw inside an engine frame; call it between frames");
  slot& next = _slots[_next];
  XE_TRY(wait_for_fence(_fence.get(), next.fence_value, _event, {_core->command.queue(), _value}));
  XE_TRY_HR(next.allocator->Reset());
  XE_TRY_HR(_list->Reset(next.allocator.get(), nullptr));
  _upload.reclaim(_next);
  _clock.publish(_next, _value);
  ID3D12DescriptorHeap* shader_visible[] = {_core->srv_heap().heap()};
  _list->SetDescriptorHeaps(1, shader_visible);

  frame_content still = content;
  still.gpu_load_passes = 0;
  // Its barriers start and end in PRESENT and must not show up as the engine's events.
  const tracker::unobserved_barriers quiet;
  auto rendered = record_surface(*_core, s, {_list.get(), still, extra, _upload, frame_slot_count + _next, copy_to});
  const HRESULT closed = _list->Close();
  if (!rendered) return rendered;
  if (!*rendered) return false;
  // The buffer was acquired: it must be presented whatever else fails, or the swap chain
  // runs out of images.
  result<void> status = XE_CHECK_HR(closed);
  if (status) {
    ID3D12CommandList* lists[] = {_list.get()};
    _core->command.queue()->ExecuteCommandLists(1, lists);
  }
  if (auto r = s.present(); !r && status) status = std::move(r);
  ++_value;
  if (auto r = XE_CHECK_HR(_core->command.queue()->Signal(_fence.get(), _value)); !r && status) status = std::move(r);
  next.fence_value = _value;
  _next = (_next + 1) % depth;
  if (!status) return std::move(status).error_value();
  return true;
}

}  // namespace xe::gfx::d3d12

namespace xe::gfx {

observer::observer() = default;
observer::~observer() = default;

result<void> observer::initialize() {
  XE_TRY_ASSIGN(auto* core, d3d12::running_core());
  if (!_pass) _pass = std::make_unique<d3d12::observer_pass>();
  return _pass->initialize(*core);
}

void observer::release() {
  if (_pass) _pass->release();
}

result<bool> observer::redraw(surface_id id, const frame_content& content, const surface_recorder& extra) {
  if (!_pass || !_pass->ready()) return make_error(errc::not_initialized, "the observer is not initialised");
  return _pass->redraw(id, content, extra);
}

result<image_rgba8> observer::capture(surface_id id, const frame_content& content, const surface_recorder& extra) {
  if (!_pass || !_pass->ready()) return make_error(errc::not_initialized, "the observer is not initialised");
  return _pass->capture(id, content, extra);
}

}  // namespace xe::gfx
