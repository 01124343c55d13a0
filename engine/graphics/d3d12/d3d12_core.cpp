// The D3D12 core behind renderer.h: the lifecycle, the surfaces, the frame and the stats.
// It creates the device, the command queue (whose frame clock is the engine's one frame
// slot), the engine's four descriptor heaps, the pipelines and upload ring, and hands each
// part what it uses. The experiments of lab.h: lab/; uploads outside frames:
// d3d12_immediate.cpp; redraws between frames: d3d12_observer.cpp.
#include <cstdint>
#include <iterator>

#include <utf8cpp/utf8.h>

#include "graphics/d3d12/d3d12_core_state.h"
#include "common/fault.h"
#include "graphics/d3d12/d3d12_fence.h"
#include "graphics/d3d12/d3d12_frame.h"
#include "graphics/d3d12/d3d12_interfaces.h"
#include "graphics/d3d12/d3d12_runtime.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/lab/lab_experiments.h"
#include "graphics/d3d12/lab/lab_textured_quad.h"
#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12 {

namespace {
std::unique_ptr<core_state> g;
}  // namespace

namespace {

error not_initialized() { return make_error(errc::not_initialized, "the renderer is not initialised"); }

// The slot's fence has completed: what waited in it comes back. Every owner of something per
// frame slot, so that a new one is not forgotten:
//   d3d12_command       the slot's allocator, fence value and timestamp queries (its
//                       begin_frame, around this call)
//   deferred release    COM objects released since the slot's last frame
//   every heap          indices freed since then (the engine's heaps, learner heaps, the wiki's)
//   the upload ring     the slot's part starts over
// A completed flush returns the deferred releases and heaps of every slot (flush_and_reclaim).
void reclaim_slot(u32 slot) {
  release_deferred(slot);
  for (auto& heap : g->heaps) heap->process_deferred_free(slot);
  g->upload.reclaim(slot);
}

// A completed flush proves the GPU idle: whatever was queued before it cannot be in use,
// whichever slot it waits in. Without this a burst of resizes (each flushes, then frees
// its old views) would fill the RTV heap before any slot came round.
result<void> flush_and_reclaim() {
  XE_TRY(g->command.flush());
  const u64 flushed = g->command.fence_value();
  release_all_deferred(flushed);
  for (auto& heap : g->heaps) heap->return_all_deferred(flushed);
  return {};
}

// The caller has flushed the queue. buffer_count 0 keeps the surface's count.
result<void> rebuild_surface(u32 index, u32 width, u32 height, u32 buffer_count = 0) {
  d3d12_surface& s = g->surfaces[index];
  const u32 old_w = s.width(), old_h = s.height();
  auto summary = s.resize(width, height, buffer_count);
  ++g->surfaces_version;  // failed or not, the surface changed
  if (!summary) return std::move(summary).error_value();
  if (detail::hooks_installed()) {
    event e{.type = event_type::surface_resized,
            .surface = index,
            .detail = *summary,
            .width = s.width(),
            .height = s.height(),
            .old_width = old_w,
            .old_height = old_h};
    detail::emit(e);
  }
  return {};
}

// Window swap chains that went stale (OUT_OF_DATE, SUBOPTIMAL, a size change) are rebuilt
// between frames, never while a command list records. True when one was rebuilt.
result<bool> rebuild_stale() {
  bool flushed = false;
  result<void> status;
  g->surfaces.for_each([&](u32 index, d3d12_surface& s) {
    if (!status || !s.chain().stale()) return;
    if (!flushed) {
      status = flush_and_reclaim();
      flushed = true;
      if (!status) return;
    }
    status = rebuild_surface(index, s.width(), s.height());
  });
  if (!status) return std::move(status).error_value();
  return flushed;
}


surface_id make_surface_id(u32 index) { return surface_id::make(index, g->surfaces.info(index).generation); }


void fill_adapter_info(const runtime::created_device& created) {
  ID3D12Device* device = g->device.get();
  adapter_info& a = g->adapter;
  a.name = created.adapter_name;
  a.runtime = created.runtime;
  a.vendor_id = created.vendor_id;
  a.device_id = created.device_id;
  a.software = created.software;
  const LUID luid = adapter_luid(device);
  a.luid = (static_cast<u64>(static_cast<u32>(luid.HighPart)) << 32) | luid.LowPart;

  const D3D_FEATURE_LEVEL levels[] = {D3D_FEATURE_LEVEL_12_1, D3D_FEATURE_LEVEL_12_0, D3D_FEATURE_LEVEL_11_1,
                                      D3D_FEATURE_LEVEL_11_0};
  D3D12_FEATURE_DATA_FEATURE_LEVELS fl{};
  fl.NumFeatureLevels = static_cast<UINT>(std::size(levels));
  fl.pFeatureLevelsRequested = levels;
  a.feature_level = D3D_FEATURE_LEVEL_11_0;
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_FEATURE_LEVELS, &fl, sizeof(fl))))
    a.feature_level = fl.MaxSupportedFeatureLevel;

  D3D12_FEATURE_DATA_SHADER_MODEL sm{D3D_SHADER_MODEL_6_0};
  if (FAILED(device->CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, &sm, sizeof(sm)))) {
    sm.HighestShaderModel = D3D_SHADER_MODEL_5_1;
    if (FAILED(device->CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, &sm, sizeof(sm))))
      sm.HighestShaderModel = static_cast<D3D_SHADER_MODEL>(0x50);
  }
  a.shader_model = sm.HighestShaderModel;

  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)))) {
    a.tiled_resources_tier = options.TiledResourcesTier;
    a.resource_binding_tier = options.ResourceBindingTier;
  }
  for (u32 t = 0; t < 4; ++t)
    a.descriptor_sizes[t] = device->GetDescriptorHandleIncrementSize(to_d3d12(static_cast<heap_type>(t)));
}


result<void> create_core(const renderer_desc& desc) {
  XE_TRY_ASSIGN(auto created, runtime::create_device(desc.adapter));
  g->device = std::move(created.device);
  XE_TRY_HR(g->device->SetName(to_wide("main device").c_str()));

  XE_TRY(g->command.initialize(g->device.get()));
  bind_release_clock(&g->clock());
  if (const xe_free_list_api* code = learner_surface_code()) g->learner_surfaces = learner_surface_list::create(*code);
  g->command.set_frames_in_flight(desc.frames_in_flight);
  fill_adapter_info(created);
  g->adapter.gpu_clock = g->command.gpu_clock();
  g->adapter.interfaces = query_interfaces(g->device.get(), g->command.list(), g->command.fence());

  XE_TRY(g->heaps[0]->initialize(g->device.get(), desc.rtv_heap_capacity, false, "rtv"));
  XE_TRY(g->heaps[1]->initialize(g->device.get(), desc.dsv_heap_capacity, false, "dsv"));
  XE_TRY(g->heaps[2]->initialize(g->device.get(), desc.srv_heap_capacity, true, "srv"));
  XE_TRY(g->heaps[3]->initialize(g->device.get(), desc.uav_heap_capacity, false, "uav"));

  XE_TRY(g->pipelines.initialize(g->device.get()));
  XE_TRY(g->upload.initialize(g->device.get(), g->clock(), desc.upload_bytes_per_slot));
  XE_TRY(g->immediate.initialize(g->device.get(), g->command.queue()));
  XE_TRY(create_null_descriptor_sources(*g));

  XE_LOG_INFO("D3D12 device on '{}' via {}: feature level {}, shader model {}", g->adapter.name, g->adapter.runtime,
              feature_level_name(g->adapter.feature_level), shader_model_name(g->adapter.shader_model));
  return {};
}

}  // namespace

// ---------------------------------------------------------------------------------
// d3d12_core_state.h

result<core_state*> running_core() {
  if (!g) return not_initialized();
  return g.get();
}

result<d3d12_surface*> find_surface(core_state& core, surface_id id) {
  if (!id.is_valid() || !core.surfaces.is_live(id.index()) ||
      (core.surfaces.info(id.index()).generation & id::generation_mask) != id.generation())  // ids keep 8 bits of it
    return make_error(errc::invalid_handle, fmt::format("surface id {:#x} does not name a live surface", id.value));
  return &core.surfaces[id.index()];
}

result<bool> record_surface(core_state& core, d3d12_surface& s, const surface_pass& pass) {
  auto rendering = s.begin_render(pass.list, pass.content.clear, pass.sync_index);
  if (!rendering || !*rendering) return rendering;  // an error, or minimised / zero extent
  const render_context ctx{pass.list,   s.width(),     s.height(), s.chain().format(), d3d12_surface::depth_format,
                           pass.upload, core.pipelines};
  result<void> status;
  if (pass.content.triangle) status = record_triangle(ctx);
  if (status && !pass.content.quad_texture.empty()) status = record_learner_quad(core, ctx, pass.content.quad_texture);
  if (status) status = record_gpu_load(ctx, pass.content.gpu_load_passes);
  if (status && pass.extra) status = pass.extra(ctx);
  if (status && pass.copy_to) {
    ID3D12Resource* target = s.current_target();
    transition(pass.list, target, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    pass.copy_to->record(pass.list, target);
    transition(pass.list, target, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_RENDER_TARGET);
  }
  s.end_render(pass.list);  // always: the back buffer must go back to PRESENT
  if (!status) return std::move(status).error_value();
  return true;
}

// A debug region on the frame's list: BeginEvent with metadata 0, the string in UTF-16 (what
// PIX and RenderDoc read on Windows), its terminator included.
void begin_region(ID3D12GraphicsCommandList* list, std::string_view name) {
  const std::string valid = utf8::replace_invalid(std::string{name});  // malformed bytes: U+FFFD
  std::u16string wide;
  utf8::unchecked::utf8to16(valid.begin(), valid.end(), std::back_inserter(wide));
  list->BeginEvent(0, wide.c_str(), static_cast<UINT>((wide.size() + 1) * sizeof(char16_t)));
}

result<void> render_surface_in_frame(surface_id id, const frame_content& content, const record_fn& extra) {
  if (!g) return not_initialized();
  XE_TRY_ASSIGN(auto surface, find_surface(*g, id));
  if (!g->in_frame) return make_error(errc::invalid_argument, "render_surface outside begin_frame/end_frame");
  if (content.gpu_load_passes > 10'000)
    return make_error(errc::invalid_argument,
                      fmt::format("at most 10000 GPU-load passes (asked {})", content.gpu_load_passes));
  d3d12_surface& s = *surface;
  if (s.rendered()) return make_error(errc::invalid_argument, "surface already rendered in this frame");
  if (g->debug_regions)
    begin_region(g->command.list(), fmt::format("surface {} ({}x{})", id.index(), s.width(), s.height()));
  auto rendered = record_surface(*g, s, {g->command.list(), content, extra, g->upload, g->clock().slot()});
  if (g->debug_regions) g->command.list()->EndEvent();
  if (!rendered) return std::move(rendered).error_value();
  if (*rendered) s.note_back_buffer_index();  // false: nothing drawn (a minimised window)
  return {};
}


}  // namespace xe::gfx::d3d12

// ---------------------------------------------------------------------------------
// renderer.h

namespace xe::gfx {

using namespace d3d12;

result<void> initialize(const renderer_desc& desc) {
  if (g) return make_error(errc::invalid_argument, "the renderer is already initialised");
  if (desc.frames_in_flight < 1 || desc.frames_in_flight > frame_slot_count)
    return make_error(errc::invalid_argument,
                      fmt::format("frames in flight must be 1..{} (got {})", frame_slot_count, desc.frames_in_flight));
  reset_fence_waits();
  g = std::make_unique<core_state>();
  for (heap_type type : {heap_type::rtv, heap_type::dsv, heap_type::cbv_srv_uav, heap_type::cbv_srv_uav})
    g->heaps.push_back(std::make_unique<descriptor_heap>(type, g->clock()));
  detail::set_event_frame(0);
  if (auto r = create_core(desc); !r) {
    shutdown();
    return r;
  }
  return {};
}

shutdown_report shutdown() {
  shutdown_report report{};
  if (!g) return report;
  if (gpu_hung()) {
    // The GPU may still read anything: releasing would race it and waiting would hang.
    // Leaked on purpose; the process is ending.
    const bool asked = stopped_on_request();
    if (asked)
      XE_LOG_INFO("shutdown on request while the GPU still works: its objects are left to the process's end");
    else
      XE_LOG_ERROR("shutdown: the GPU stopped completing work, so nothing is released");
    report.gpu_hung = true;
    (void)tracker::report_leftovers(/*log=*/!asked);
    (void)g.release();
    return report;
  }
  g->command.drop_learner_ring();
  if (g->in_frame) {  // close the open frame so the queue can drain
    g->in_frame = false;
    if (g->frame_region_open) g->command.list()->EndEvent();
    g->frame_region_open = false;
    if (g->command.execute()) (void)g->command.signal();
  }
  if (g->command.queue()) {
    if (auto r = g->command.flush(); !r) XE_LOG_ERROR("shutdown: flush failed");
  }
  for (u32 i = 0; i < g->surfaces.capacity(); ++i)
    if (g->surfaces.is_live(i)) (void)g->surfaces.remove(i);
  for (auto& [name, texture] : g->lab.textures) texture.release();
  g->lab.textures.clear();
  g->pipelines.release();
  g->upload.release();
  g->immediate.release();
  tracker::release_now(g->lab.null_srv_source);
  tracker::release_now(g->lab.null_sampler_source);
  for (u32 slot = 0; slot < frame_slot_count; ++slot) reclaim_slot(slot);
  // Learner heaps may legitimately end with descriptors allocated; the engine's may not.
  for (u32 i = 0; i < g->heaps.size(); ++i)
    if (const u32 left = g->heaps[i]->release(); left && i < engine_heap_count)
      XE_LOG_WARN("shutdown: engine heap '{}' still had {} descriptor(s) allocated", g->heaps[i]->name(), left);
  g->command.release();
  for (u32 slot = 0; slot < frame_slot_count; ++slot) release_deferred(slot);
  release_kept_for_faults();
  bind_release_clock(nullptr);
  report.objects_still_tracked = tracker::report_leftovers();
  if (g->device) report.device_references_left = g->device.detach()->Release();
  if (report.device_references_left)
    XE_LOG_ERROR("shutdown: the device still has {} reference(s)", report.device_references_left);
  runtime::shutdown();
  g.reset();
  return report;
}

bool is_initialized() { return g != nullptr; }

result<surface_id> create_surface(const surface_desc& desc) {
  if (!g) return not_initialized();
  if (desc.width == 0 || desc.height == 0)
    return make_error(errc::invalid_argument,
                      fmt::format("a surface needs a non-zero size (got {}x{})", desc.width, desc.height));
  if (desc.back_buffer_count < swap_chain::min_buffers || desc.back_buffer_count > swap_chain::max_buffers)
    return make_error(errc::invalid_argument,
                      fmt::format("back buffer count must be {}..{} (got {})", swap_chain::min_buffers,
                                  swap_chain::max_buffers, desc.back_buffer_count));
  // The slot the free list will hand out: the newest freed one, else a new one; or the one
  // the learner's free_list chose.
  u32 slot = g->surfaces.next_free() != invalid_id ? g->surfaces.next_free() : g->surfaces.capacity();
  learner_surface_list* learner = g->learner_surfaces.get();
  if (learner) {
    auto chosen = learner->add(g->surfaces);
    if (!chosen) {
      ++g->surfaces_version;  // its fault count changed
      return std::move(chosen).error_value();
    }
    slot = *chosen;
  }
  std::string label = fmt::format("surface {}", slot);
  ID3D12Device* device = g->device.get();
  auto chain = desc.window
                   ? create_window_swap_chain(device, g->command.queue(), label, *desc.window, desc.back_buffer_count)
                   : create_offscreen_swap_chain(device, label, desc.width, desc.height, desc.back_buffer_count);
  if (!chain) {
    if (learner) learner->remove(slot);
    return std::move(chain).error_value();
  }
  const u32 index =
      learner ? g->surfaces.add_at(slot, g->surfaces_context(), std::move(*chain), std::move(label), desc.window)
              : g->surfaces.add(g->surfaces_context(), std::move(*chain), std::move(label), desc.window);
  ++g->surfaces_version;
  XE_ASSERT(index == slot || XE_FAULT(free_list_never_reuses));
  d3d12_surface& surface = g->surfaces[index];
  if (surface.width() && surface.height()) {
    if (auto r = surface.create_render_targets(); !r) {
      (void)g->surfaces.remove(index);
      if (learner) learner->remove(index);
      return std::move(r).error_value();
    }
  }
  if (detail::hooks_installed()) {
    event e{.type = event_type::surface_created,
            .surface = index,
            .detail = surface.chain().kind(),
            .width = surface.width(),
            .height = surface.height()};
    detail::emit(e);
  }
  return make_surface_id(index);
}

result<void> remove_surface(surface_id id) {
  XE_TRY(running_core());
  XE_TRY(find_surface(*g, id));
  if (g->in_frame) return make_error(errc::invalid_argument, "remove_surface inside a frame; call it between frames");
  if (!XE_FAULT(rebuild_without_flush)) XE_TRY(flush_and_reclaim());
  ++g->surfaces_version;
  XE_TRY(g->surfaces.remove(id.index()));
  if (g->learner_surfaces) g->learner_surfaces->remove(id.index());
  if (detail::hooks_installed()) {
    event e{.type = event_type::surface_removed, .surface = id.index()};
    detail::emit(e);
  }
  return {};
}

result<void> resize_surface(surface_id id, u32 width, u32 height) {
  XE_TRY(running_core());
  XE_TRY_ASSIGN(auto surface, find_surface(*g, id));
  if (g->in_frame) return make_error(errc::invalid_argument, "resize_surface inside a frame; call it between frames");
  if (!surface->is_window() && (width == 0 || height == 0))
    return make_error(errc::invalid_argument,
                      fmt::format("an offscreen surface cannot be resized to {}x{}", width, height));
  if (!XE_FAULT(rebuild_without_flush)) XE_TRY(flush_and_reclaim());
  return rebuild_surface(id.index(), width, height);
}

result<void> begin_frame() {
  if (!g) return not_initialized();
  if (g->in_frame) return make_error(errc::invalid_argument, "begin_frame called twice without end_frame");
  XE_TRY(rebuild_stale());
  XE_TRY(g->command.begin_frame(reclaim_slot));
  g->in_frame = true;
  ID3D12DescriptorHeap* shader_visible[] = {g->srv_heap().heap()};
  g->command.list()->SetDescriptorHeaps(1, shader_visible);
  g->frame_region_open = g->debug_regions && !g->frame_label.empty();
  if (g->frame_region_open) begin_region(g->command.list(), g->frame_label);
  return record_queued_uploads(*g, g->command.list());  // before any pass samples them
}

result<void> render_surface(surface_id id, const frame_content& content) {
  return render_surface_in_frame(id, content, {});
}

result<void> render_surface(surface_id id, const frame_content& content, const surface_recorder& extra) {
  return render_surface_in_frame(id, content, extra);
}

result<void> end_frame() {
  if (!g) return not_initialized();
  if (!g->in_frame) return make_error(errc::invalid_argument, "end_frame without begin_frame");
  g->in_frame = false;
  if (g->frame_region_open) g->command.list()->EndEvent();
  result<void> status = g->command.execute();
  g->surfaces.for_each([&](u32, d3d12_surface& s) {
    if (!s.rendered()) return;
    if (auto r = s.present(); !r && status) status = std::move(r);
  });
  // Signal even after a failed present so fence values stay consistent.
  if (auto r = g->command.signal(); !r && status) status = std::move(r);
  return status;
}

void set_debug_regions(bool on) {
  if (g) g->debug_regions = on && runtime::records_debug_regions();
}

void set_frame_label(std::string_view label) {
  if (g) g->frame_label = label;
}

result<bool> rebuild_stale_surfaces() {
  if (!g) return not_initialized();
  if (g->in_frame) return make_error(errc::invalid_argument, "rebuild_stale_surfaces inside a frame");
  return rebuild_stale();
}

result<void> flush() {
  if (!g) return not_initialized();
  if (g->in_frame) return make_error(errc::invalid_argument, "flush inside a frame; call it between frames");
  if (XE_FAULT(flush_does_not_wait)) return g->command.signal_only();
  return flush_and_reclaim();
}

result<void> set_frames_in_flight(u32 count) {
  if (!g) return not_initialized();
  if (count < 1 || count > frame_slot_count)
    return make_error(errc::invalid_argument,
                      fmt::format("frames in flight must be 1..{} (got {})", frame_slot_count, count));
  g->command.set_frames_in_flight(count);
  if (!XE_FAULT(back_buffers_follow_frames_in_flight) || g->in_frame) return {};
  // The wiki's one constant (8.6-8.7): every swap chain rebuilt with that many buffers.
  XE_TRY(flush_and_reclaim());
  result<void> status;
  g->surfaces.for_each([&](u32 index, d3d12_surface& s) {
    if (status) status = rebuild_surface(index, s.width(), s.height(), std::max(count, swap_chain::min_buffers));
  });
  return status;
}

result<void> request_capture(surface_id id) {
  XE_TRY(running_core());
  XE_TRY_ASSIGN(auto surface, find_surface(*g, id));
  if (g->in_frame) return make_error(errc::invalid_argument, "request_capture inside a frame; call it between frames");
  return surface->request_capture();
}

result<image_rgba8> take_capture(surface_id id) {
  XE_TRY(running_core());
  XE_TRY_ASSIGN(auto surface, find_surface(*g, id));
  if (g->in_frame) return make_error(errc::invalid_argument, "take_capture inside a frame; call it between frames");
  XE_TRY(flush_and_reclaim());
  return surface->take_capture();
}

upload_stats get_upload_stats() { return g ? g->upload.get_stats() : upload_stats{}; }

const adapter_info& get_adapter_info() {
  static const adapter_info none{};
  return g ? g->adapter : none;
}

frame_stats get_frame_stats() {
  frame_stats s{};
  if (!g) return s;
  const d3d12_command& c = g->command;
  s.frame_number = c.frame_number();
  s.frame_slot = c.clock().slot();
  s.next_frame_slot = g->in_frame ? (c.next_slot() + 1) % frame_slot_count : c.next_slot();
  s.cpu_fence_value = c.fence_value();
  s.gpu_completed = c.completed_value();
  for (u32 i = 0; i < frame_slot_count; ++i) s.slot_fence_values[i] = c.slot_fence_value(i);
  s.last_wait_ms = c.last_wait_ms();
  s.cpu_frame_ms = c.cpu_frame_ms();
  s.gpu_frame_ms = c.gpu_frame_ms();
  s.gpu_frame = c.gpu_frame();
  s.wait_ms_total = c.wait_ms_total();
  s.blocked_waits = c.blocked_waits();
  s.pending_at_begin = c.pending_at_begin();
  s.max_pending_at_begin = c.max_pending_at_begin();
  s.frames_in_flight = c.frames_in_flight();
  s.in_frame = g->in_frame;
  if (const learner_frame_ring* ring = c.learner_ring()) {
    const auto kept = ring->view();
    s.learner = true;
    s.learner_frame_index = kept.frame_index;
    s.cpu_fence_value = kept.fence_value;
    s.slot_fence_values = kept.slot_values;
    s.ring_faults = ring->faults();
  }
  return s;
}


u64 copy_frame_timings(std::vector<frame_timing>& out, u64 since) {
  if (!g) {
    out.clear();
    return 0;
  }
  return g->command.copy_timings(out, since);
}

const gpu_clock_info& get_gpu_clock_info() {
  static const gpu_clock_info none{};
  return g ? g->command.gpu_clock() : none;
}

surfaces_info calculate_surfaces_info() {
  surfaces_info out{};
  calculate_surfaces_info(out);
  return out;
}

void calculate_surfaces_info(surfaces_info& out) {
  out.capacity = g ? g->surfaces.capacity() : 0;
  out.size = g ? g->surfaces.size() : 0;
  out.storage_capacity = g ? g->surfaces.storage_capacity() : 0;
  out.relocations = g ? g->surfaces.relocations() : 0;
  const learner_surface_list* learner = g ? g->learner_surfaces.get() : nullptr;
  out.next_free = learner ? learner->next_free() : g ? g->surfaces.next_free() : invalid_id;
  out.learner = learner != nullptr;
  out.faults = learner ? learner->faults() : 0;
  out.last_fault = learner ? learner->last_fault() : std::string{};
  out.slots.resize(out.capacity);
  for (u32 i = 0; i < out.capacity; ++i) {
    surface_info& info = out.slots[i];
    const auto slot = g->surfaces.info(i);
    if (slot.live) {
      g->surfaces[i].fill_info(info);
      info.address = reinterpret_cast<std::uintptr_t>(g->surfaces.address(i));
    } else {
      info = surface_info{};
    }
    info.slot = i;
    info.live = slot.live;
    info.next_free = learner && !slot.live ? learner->link(i) : slot.next_free;
    info.generation = slot.generation;
  }
}

u32 get_heap_count() { return g ? static_cast<u32>(g->heaps.size()) : 0; }

heap_info get_heap_info(u32 heap) {
  XE_ASSERT(g && heap < g->heaps.size());
  return g->heaps[heap]->get_info();
}

u64 get_heaps_version() {
  if (!g) return 0;
  u64 sum = g->heaps.size();  // every heap's version only grows: the sum grows with any of them
  for (const auto& heap : g->heaps) sum += heap->version();
  return sum;
}

void copy_heap_state(u32 heap, heap_state& out, u32 parts) {
  XE_ASSERT(g && heap < g->heaps.size());
  g->heaps[heap]->copy_state(out, parts);
}

descriptor_info get_descriptor_info(u32 heap, u32 index) {
  XE_ASSERT(g && heap < g->heaps.size());
  return g->heaps[heap]->get_descriptor_info(index);
}

void copy_resources(std::vector<resource_info>& out) { tracker::copy_resources(out); }

u64 get_objects_version() { return tracker::version(); }

u64 get_surfaces_version() { return g ? g->surfaces_version : 0; }

u32 get_back_buffer_index(u32 surface_slot) {
  if (!g || surface_slot >= g->surfaces.capacity() || !g->surfaces.is_live(surface_slot)) return 0;
  return g->surfaces[surface_slot].back_buffer_index();
}

void copy_objects(std::vector<object_info>& out) { tracker::copy_objects(out); }

void copy_deferred_releases(std::array<std::vector<object_info>, frame_slot_count>& out) { copy_release_queues(out); }

u32 get_validation_error_count() { return runtime::validation_error_count(); }
bool request_validation_layer() { return runtime::request_validation_layer(); }
// Asked for, installed, and its messages reach the engine. Read once: the answer cannot
// change within a run, and a step that ends with the engine stopped still knows it.
bool validation_layer_on() {
  static const bool on = runtime::validation_layer_requested() && runtime::validation_layer_installed();
  return on && runtime::can_capture_messages();
}

}  // namespace xe::gfx
