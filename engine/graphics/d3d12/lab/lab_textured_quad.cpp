// Lesson 14: a texture on a quad through a descriptor table (lab.h's
// create_quad_root_signature, queue_texture_upload, measure_textured_quad, and
// renderer.h's frame_content::quad_texture, which the core draws in each surface's pass).
#include "graphics/d3d12/lab/lab_textured_quad.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <cstring>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/lab/lab_experiments.h"

namespace xe::gfx::d3d12 {
namespace {

constexpr std::string_view root_name{"textured quad"};

// The one description the root signature is created from, and reported from. Built once in
// place: desc points into the members.
struct quad_root_layout {
  D3D12_DESCRIPTOR_RANGE range{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 1, 0, 0, 0};
  D3D12_ROOT_PARAMETER table{};
  D3D12_STATIC_SAMPLER_DESC sampler{static_sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_CLAMP)};
  D3D12_ROOT_SIGNATURE_DESC desc{};

  quad_root_layout() {
    table.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    table.DescriptorTable.NumDescriptorRanges = 1;
    table.DescriptorTable.pDescriptorRanges = &range;
    table.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
    desc.NumParameters = 1;
    desc.pParameters = &table;
    desc.NumStaticSamplers = 1;
    desc.pStaticSamplers = &sampler;
    desc.Flags = D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT;
    if (XE_FAULT(quad_range_cbv)) range.RangeType = D3D12_DESCRIPTOR_RANGE_TYPE_CBV;
  }
  XE_DISABLE_COPY_AND_MOVE(quad_root_layout);
  ~quad_root_layout() = default;
};

const D3D12_ROOT_SIGNATURE_DESC& quad_root_desc() {
  static const quad_root_layout layout;
  return layout.desc;
}

constexpr u32 table_slot{0};

result<ID3D12RootSignature*> quad_root_signature(pipeline_library& pipelines) {
  return pipelines.root_signature(root_name, quad_root_desc());
}

struct quad_vertex {
  f32 x, y;  // clip space
  f32 u, v;
};
constexpr D3D12_INPUT_ELEMENT_DESC quad_input[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};

// The quad on a width x height target: a square of side min(width, height) / 2 in the
// middle, in whole pixels.
struct quad_rect {
  u32 x, y, side;
};
quad_rect quad_on(u32 width, u32 height) {
  const u32 side = std::min(width, height) / 2;
  return {(width - side) / 2, (height - side) / 2, side};
}

// Draws the quad sampling srv, its four vertices (a triangle strip) from ctx.upload.
result<void> record_textured_quad(const render_context& ctx, D3D12_GPU_DESCRIPTOR_HANDLE srv) {
  XE_TRY_ASSIGN(auto root, quad_root_signature(ctx.pipelines));
  pipeline_desc desc =
      surface_pipeline(ctx, engine_shader(shaders::id::quad_vs), engine_shader(shaders::id::textured_ps), root);
  desc.input = quad_input;
  XE_TRY_ASSIGN(auto pso, ctx.pipelines.pipeline(desc));

  const quad_rect q = quad_on(ctx.width, ctx.height);
  const f32 left = 2.f * q.x / ctx.width - 1.f, right = 2.f * (q.x + q.side) / ctx.width - 1.f;
  const f32 top = 1.f - 2.f * q.y / ctx.height, bottom = 1.f - 2.f * (q.y + q.side) / ctx.height;
  const quad_vertex vertices[4] = {
      {left, top, 0.f, 0.f}, {right, top, 1.f, 0.f}, {left, bottom, 0.f, 1.f}, {right, bottom, 1.f, 1.f}};
  XE_TRY_ASSIGN(auto space, ctx.upload.allocate(sizeof(vertices), 4));
  std::memcpy(space.cpu, vertices, sizeof(vertices));
  const D3D12_VERTEX_BUFFER_VIEW view{space.gpu, sizeof(vertices), sizeof(quad_vertex)};

  ctx.list->SetGraphicsRootSignature(root);
  ctx.list->SetGraphicsRootDescriptorTable(table_slot, srv);
  ctx.list->SetPipelineState(pso);
  ctx.list->IASetPrimitiveTopology(D3D_PRIMITIVE_TOPOLOGY_TRIANGLESTRIP);
  ctx.list->IASetVertexBuffers(0, 1, &view);
  ctx.list->DrawInstanced(4, 1, 0, 0);
  return {};
}

std::array<u8, 3> tile_colour(u32 quadrant) {
  static constexpr std::array<u8, 3> colours[4] = {{230, 60, 50}, {60, 200, 80}, {50, 110, 230}, {240, 200, 40}};
  return colours[quadrant];
}

// Within 2 of each other on every channel: the GPU may round a unorm differently. (Not "near":
// windef.h defines it away.)
bool close_to(const u8* a, const u8* b) {
  for (u32 c = 0; c < 3; ++c)
    if (std::abs(int{a[c]} - int{b[c]}) > 2) return false;
  return true;
}

bool pixels_in(const learner_texture& t) {
  return !t.pixels.empty() && !t.upload_queued &&
         tracker::state_of(t.texture.resource()) == D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
}

}  // namespace

std::vector<u8> pattern_pixels(lab::texture_pattern pattern, u32 width, u32 height) {
  std::vector<u8> pixels(size_t{width} * height * 4);
  for (u32 y = 0; y < height; ++y)
    for (u32 x = 0; x < width; ++x) {
      u8* p = &pixels[(size_t{y} * width + x) * 4];
      const bool odd = (x / 8 + y / 8) % 2;
      if (pattern == lab::texture_pattern::checker) {
        p[0] = p[1] = p[2] = odd ? 230 : 40;
      } else {
        const std::array<u8, 3> c = tile_colour((y >= height / 2 ? 2u : 0u) + (x >= width / 2 ? 1u : 0u));
        for (u32 i = 0; i < 3; ++i) p[i] = odd ? c[i] : static_cast<u8>(c[i] / 2);
      }
      p[3] = 255;
    }
  return pixels;
}

result<void> record_queued_uploads(core_state& g, ID3D12GraphicsCommandList* list) {
  for (auto& [name, t] : g.lab.textures) {
    if (!t.upload_queued) continue;
    t.upload_queued = false;
    ID3D12Resource* texture = t.texture.resource();
    const D3D12_RESOURCE_DESC desc = resource_desc(texture);
    D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint{};
    UINT64 total = 0;
    g.device->GetCopyableFootprints(&desc, 0, 1, 0, &footprint, nullptr, nullptr, &total);
    XE_TRY_ASSIGN(auto space, g.upload.allocate(total, D3D12_TEXTURE_DATA_PLACEMENT_ALIGNMENT));
    write_texture_rows(space.cpu, footprint.Footprint.RowPitch, t.pixels.data(), static_cast<u32>(desc.Width),
                       desc.Height);
    footprint.Offset = space.offset;
    record_texture_upload(list, texture, tracker::state_of(texture), space.buffer, footprint);
  }
  return {};
}

result<void> record_learner_quad(core_state& g, const render_context& ctx, std::string_view texture) {
  XE_TRY_ASSIGN(auto found, g.lab.find_texture(texture));
  learner_texture& t = found->second;
  if (!pixels_in(t)) return {};  // nothing to show until the frame that copies the pixels in
  XE_TRY(record_textured_quad(ctx, t.texture.srv().is_valid() ? t.texture.srv().gpu : t.freed_srv));
  if (XE_FAULT(srv_freed_once_bound) && t.texture.srv().is_valid()) {
    t.freed_srv = t.texture.srv().gpu;
    t.texture.free_srv();
  }
  return {};
}

result<lab::quad_root_signature_info> create_quad_root_signature(core_state& g) {
  XE_TRY(quad_root_signature(g.pipelines));
  const D3D12_ROOT_SIGNATURE_DESC& desc = quad_root_desc();
  const D3D12_ROOT_PARAMETER& table = desc.pParameters[0];
  const D3D12_DESCRIPTOR_RANGE& range = table.DescriptorTable.pDescriptorRanges[0];
  const D3D12_STATIC_SAMPLER_DESC& sampler = desc.pStaticSamplers[0];
  lab::quad_root_signature_info info;
  info.name = fmt::format("root signature: {}", root_name);
  info.parameters = desc.NumParameters;
  info.parameter_type = table.ParameterType == D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE ? "DESCRIPTOR_TABLE" : "?";
  constexpr const char* range_types[] = {"SRV", "UAV", "CBV", "SAMPLER"};  // D3D12_DESCRIPTOR_RANGE_TYPE order
  info.range_type = range.RangeType <= D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER ? range_types[range.RangeType] : "?";
  info.range_descriptors = range.NumDescriptors;
  info.range_register = range.BaseShaderRegister;
  info.visibility = table.ShaderVisibility == D3D12_SHADER_VISIBILITY_PIXEL ? "PIXEL" : "?";
  info.static_samplers = desc.NumStaticSamplers;
  info.sampler_filter = sampler.Filter == D3D12_FILTER_MIN_MAG_MIP_POINT ? "MIN_MAG_MIP_POINT" : "?";
  info.sampler_address = sampler.AddressU == D3D12_TEXTURE_ADDRESS_MODE_CLAMP ? "CLAMP" : "?";
  info.sampler_register = sampler.ShaderRegister;
  info.input_assembler = (desc.Flags & D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT) != 0;
  return info;
}

result<void> queue_texture_upload(core_state& g, std::string_view name, lab::texture_pattern pattern) {
  if (g.in_frame) return make_error(errc::invalid_argument, "an upload is queued between frames");
  XE_TRY_ASSIGN(auto found, g.lab.find_texture(name));
  learner_texture& t = found->second;
  if (t.texture.kind() == resource_kind::reserved)
    return make_error(errc::unsupported, "a reserved texture has no memory to upload into");
  const D3D12_RESOURCE_DESC desc = resource_desc(t.texture.resource());
  UINT64 total = 0;
  g.device->GetCopyableFootprints(&desc, 0, 1, 0, nullptr, nullptr, nullptr, &total);
  const u64 capacity = g.upload.get_stats().capacity_per_slot;
  if (total > capacity)
    return make_error(errc::invalid_argument,
                      fmt::format("texture '{}' needs {} bytes of upload space, more than a frame slot's {} in the "
                                  "upload ring",
                                  name, total, capacity));
  t.pixels = pattern_pixels(pattern, static_cast<u32>(desc.Width), desc.Height);
  t.upload_queued = true;
  return {};
}

result<lab::quad_measurement> measure_textured_quad(core_state& g, std::string_view name) {
  if (g.in_frame) return make_error(errc::invalid_argument, "the quad is measured between frames");
  XE_TRY_ASSIGN(auto found, g.lab.find_texture(name));
  const learner_texture& t = found->second;
  if (!pixels_in(t))
    return make_error(errc::invalid_argument,
                      fmt::format("texture '{}' has no pixels in yet: upload them{}", name,
                                  t.upload_queued ? " (its upload is queued: run a frame)" : ""));
  ID3D12Device* device = g.device.get();
  constexpr u32 size{128};
  constexpr DXGI_FORMAT format{DXGI_FORMAT_R8G8B8A8_UNORM};

  // The target, its RTV, vertex space and readback: the engine's own, gone when this returns.
  struct scratch {
    com_ptr<ID3D12Resource> target;
    com_ptr<ID3D12DescriptorHeap> rtv_heap;
    frame_clock clock;
    upload_ring upload;
    texture_readback readback;
    ~scratch() {
      upload.release_now();
      tracker::release_now(readback.buffer);
      tracker::release_now(rtv_heap);
      tracker::release_now(target);
    }
  } s;
  texture_desc target_desc;
  target_desc.name = "quad measurement target";
  target_desc.width = target_desc.height = size;
  target_desc.format = format;
  target_desc.flags = D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
  target_desc.initial_state = D3D12_RESOURCE_STATE_RENDER_TARGET;
  target_desc.clear_color = std::array<f32, 4>{1.f, 0.f, 1.f, 1.f};
  XE_TRY_ASSIGN(auto target, create_committed_texture(device, target_desc));
  s.target = std::move(target);
  D3D12_DESCRIPTOR_HEAP_DESC heap_desc{};
  heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_RTV;
  heap_desc.NumDescriptors = 1;
  XE_TRY_HR(device->CreateDescriptorHeap(&heap_desc, IID_PPV_ARGS(s.rtv_heap.put())));
  tracker::track(s.rtv_heap.get(), {.name = "quad measurement RTV heap", .type = "ID3D12DescriptorHeap"});
  const D3D12_CPU_DESCRIPTOR_HANDLE rtv = cpu_heap_start(s.rtv_heap.get());
  device->CreateRenderTargetView(s.target.get(), nullptr, rtv);
  XE_TRY(s.upload.initialize(device, s.clock, 4096, "quad measurement upload"));
  XE_TRY(s.readback.prepare(device, s.target.get(), "quad measurement readback"));

  result<void> drawn;
  XE_TRY(g.immediate.run([&](ID3D12GraphicsCommandList* list) {
    ID3D12DescriptorHeap* shader_visible[] = {g.srv_heap().heap()};
    list->SetDescriptorHeaps(1, shader_visible);
    const D3D12_VIEWPORT viewport{0.f, 0.f, f32{size}, f32{size}, 0.f, 1.f};
    const D3D12_RECT scissor{0, 0, LONG{size}, LONG{size}};
    list->RSSetViewports(1, &viewport);
    list->RSSetScissorRects(1, &scissor);
    list->OMSetRenderTargets(1, &rtv, FALSE, nullptr);
    const f32 magenta[4] = {1.f, 0.f, 1.f, 1.f};
    list->ClearRenderTargetView(rtv, magenta, 0, nullptr);
    const render_context ctx{list, size, size, format, DXGI_FORMAT_UNKNOWN, s.upload, g.pipelines};
    drawn = record_textured_quad(ctx, t.texture.srv().gpu);
    transition(list, s.target.get(), D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
    s.readback.record(list, s.target.get());
  }));
  if (!drawn) return std::move(drawn).error_value();
  XE_TRY_ASSIGN(auto image, s.readback.read());

  const D3D12_RESOURCE_DESC desc = resource_desc(t.texture.resource());
  const u32 tw = static_cast<u32>(desc.Width), th = desc.Height;
  const auto texel = [&](s64 x, s64 y) {
    x = std::clamp<s64>(x, 0, tw - 1);
    y = std::clamp<s64>(y, 0, th - 1);
    return &t.pixels[(static_cast<size_t>(y) * tw + static_cast<size_t>(x)) * 4];
  };
  const quad_rect q = quad_on(size, size);
  const u8 magenta[3] = {255, 0, 255};
  lab::quad_measurement m;
  m.width = m.height = size;
  for (u32 y = 0; y < size; ++y)
    for (u32 x = 0; x < size; ++x) {
      const u8* p = &image.pixels[(size_t{y} * size + x) * 4];
      if (x < q.x || x >= q.x + q.side || y < q.y || y >= q.y + q.side) {
        ++m.outside_pixels;
        m.outside_clear += close_to(p, magenta) ? 1 : 0;
        continue;
      }
      ++m.quad_pixels;
      // The texel the pixel's centre samples; a neighbour counts too (a centre on a texel's edge).
      const s64 tx = static_cast<s64>((x - q.x + 0.5) / q.side * tw);
      const s64 ty = static_cast<s64>((y - q.y + 0.5) / q.side * th);
      bool matched = false;
      for (s64 dy = -1; dy <= 1 && !matched; ++dy)
        for (s64 dx = -1; dx <= 1 && !matched; ++dx) matched = close_to(p, texel(tx + dx, ty + dy));
      if (matched) {
        ++m.texel_pixels;
      } else if (close_to(p, magenta)) {
        ++m.clear_pixels;
      } else if (m.other_pixels++ == 0) {
        m.first_other = {p[0], p[1], p[2]};
      }
    }
  return m;
}

}  // namespace xe::gfx::d3d12
