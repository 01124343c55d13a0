// Lesson 08: MSAA without a multisampled swap chain (lab.h's measure_msaa_triangle). The
// first triangle is drawn into a multisampled texture of the engine's own, resolved into a
// single-sample one, and read back; nothing of it outlives the call.
#include "common/fault.h"
#include "graphics/d3d12/d3d12_frame.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/lab/lab_experiments.h"

namespace xe::gfx::d3d12 {

result<lab::msaa_measurement> measure_msaa_triangle(core_state& g, u32 samples) {
  if (g.in_frame) return make_error(errc::invalid_argument, "the MSAA triangle is measured between frames");
  if (samples != 1 && samples != 2 && samples != 4 && samples != 8)
    return make_error(errc::invalid_argument, fmt::format("samples must be 1, 2, 4 or 8 (got {})", samples));
  ID3D12Device* device = g.device.get();
  constexpr u32 size{64};
  constexpr DXGI_FORMAT format{DXGI_FORMAT_R8G8B8A8_UNORM};

  D3D12_FEATURE_DATA_MULTISAMPLE_QUALITY_LEVELS levels{format, samples, D3D12_MULTISAMPLE_QUALITY_LEVELS_FLAG_NONE, 0};
  XE_TRY_HR(device->CheckFeatureSupport(D3D12_FEATURE_MULTISAMPLE_QUALITY_LEVELS, &levels, sizeof(levels)));
  if (levels.NumQualityLevels == 0)
    return make_error(errc::unsupported,
                      fmt::format("this device cannot render R8G8B8A8_UNORM with {} samples per pixel", samples));
  const u32 made = XE_FAULT(msaa_sample_count_ignored) ? 1 : samples;

  struct scratch {
    com_ptr<ID3D12Resource> target;    // `made` samples per pixel
    com_ptr<ID3D12Resource> resolved;  // one sample per pixel, as a back buffer has
    com_ptr<ID3D12DescriptorHeap> rtv_heap;
    frame_clock clock;
    upload_ring upload;
    texture_readback readback;
    ~scratch() {
      upload.release_now();
      tracker::release_now(readback.buffer);
      tracker::release_now(rtv_heap);
      tracker::release_now(resolved);
      tracker::release_now(target);
    }
  } s;
  texture_desc target_desc;
  target_desc.name = fmt::format("MSAA target ({} sample{})", made, made == 1 ? "" : "s");
  target_desc.width = target_desc.height = size;
  target_desc.format = format;
  target_desc.samples = made;
  target_desc.flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
  target_desc.initial_state = D3D12_RESOURCE_STATE_RENDER_TARGET;
  target_desc.clear_color = std::array<f32, 4>{0.f, 0.f, 0.f, 0.f};
  XE_TRY_ASSIGN(auto target, create_committed_texture(device, target_desc));
  s.target = std::move(target);
  const bool resolve = made > 1;
  if (resolve) {
    texture_desc resolved_desc;
    resolved_desc.name = "MSAA resolve target";
    resolved_desc.width = resolved_desc.height = size;
    resolved_desc.format = format;
    resolved_desc.initial_state = D3D12_RESOURCE_STATE_RESOLVE_DEST;
    XE_TRY_ASSIGN(auto resolved, create_committed_texture(device, resolved_desc));
    s.resolved = std::move(resolved);
  }
  ID3D12Resource* read_from = resolve ? s.resolved.get() : s.target.get();

  D3D12_DESCRIPTOR_HEAP_DESC heap_desc{};
  heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
  heap_desc.NumDescriptors = 1;
  XE_TRY_HR(device->CreateDescriptorHeap(&heap_desc, IID_PPV_ARGS(s.rtv_heap.put())));
  tracker::track(s.rtv_heap.get(), {.name = "MSAA RTV heap", .type = "ID3D12DescriptorHeap"});
  const D3D12_CPU_DESCRIPTOR_HANDLE rtv = cpu_heap_start(s.rtv_heap.get());
  D3D12_RENDER_TARGET_VIEW_DESC rtv_desc{};
  rtv_desc.Format = format;
  rtv_desc.ViewDimension = made > 1 ? D3D12_RTV_DIMENSION_TEXTURE2DMS : D3D12_RTV_DIMENSION_TEXTURE2D;
  device->CreateRenderTargetView(s.target.get(), &rtv_desc, rtv);
  XE_TRY(s.upload.initialize(device, s.clock, 4096, "MSAA triangle upload"));
  XE_TRY(s.readback.prepare(device, read_from, "MSAA readback"));

  result<void> drawn;
  XE_TRY(g.immediate.run([&](ID3D12GraphicsCommandList* list) {
    const D3D12_VIEWPORT viewport{0.f, 0.f, f32{size}, f32{size}, 0.f, 1.f};
    const D3D12_RECT scissor{0, 0, LONG{size}, LONG{size}};
    list->RSSetViewports(1, &viewport);
    list->RSSetScissorRects(1, &scissor);
    list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
    const f32 transparent[4] = {0.f, 0.f, 0.f, 0.f};
    list->ClearRenderTargetView(rtv, transparent, 0, nullptr);
    const render_context ctx{list, size, size, format, DXGI_FORMAT_UNKNOWN, s.upload, g.pipelines, made};
    drawn = record_triangle(ctx);
    if (resolve) {
      // Each pixel's samples averaged into the single-sample texture.
      transition(list, s.target.get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_RESOLVE_SOURCE);
      list->ResolveSubresource(s.resolved.get(), 0, s.target.get(), 0, format);
      transition(list, s.resolved.get(), D3D12_RESOURCE_STATE_RESOLVE_DEST, D3D12_RESOURCE_STATE_COPY_SOURCE);
    } else {
      transition(list, s.target.get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    }
    s.readback.record(list, read_from);
  }));
  if (!drawn) return std::move(drawn).error_value();
  XE_TRY_ASSIGN(auto image, s.readback.read());

  lab::msaa_measurement m;
  m.samples = resource_desc(s.target.get()).SampleDesc.Count;
  m.quality_levels = levels.NumQualityLevels;
  m.resolved = resolve;
  m.width = m.height = size;
  for (size_t i = 3; i < image.pixels.size(); i += 4) {
    const u8 alpha = image.pixels[i];
    (alpha == 255 ? m.covered_pixels : alpha == 0 ? m.empty_pixels : m.partial_pixels) += 1;
  }
  return m;
}

}  // namespace xe::gfx::d3d12
