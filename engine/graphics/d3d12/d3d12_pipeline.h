#pragma once
// Root signatures and pipeline state objects for the engine's shader set. Root signatures
// are serialised with D3D12SerializeRootSignature (version 1.0) once; PSOs are created on
// first use and cached by their description. Limits kept for lavapipe: root constants at
// most 32 dwords, descriptor tables of at most 128 SRVs.
//
// The ui layout reads its texture from a raw buffer bound as a root SRV, not through a
// descriptor table: Wine 8's d3d12 (vkd3d 1.6) rejects every SetGraphicsRootDescriptorTable
// on a Vulkan driver without VK_EXT_descriptor_indexing (lavapipe before Mesa 23), so a
// table-bound texture draws nothing there. Root SRVs work on every D3D12.
#include <array>
#include <map>
#include <tuple>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/shaders/shader_set.h"

namespace xe::gfx::d3d12 {

// The engine's root signature layouts.
enum class root_layout : u8 {
  vertex_input,  // input assembler only (the triangle)
  flat_color,    // b0: 4 root constants (float4 colour), pixel shader
  textured,      // t0: a 1-SRV descriptor table; s0: static point sampler, clamp
  ui,            // b0: 24 root constants (projection, ui_texture size), all stages; t0: root SRV (texels)
  count
};

// Root parameter slots within the layouts above.
constexpr u32 root_constants_slot{0};
constexpr u32 textured_table_slot{0};
constexpr u32 ui_texture_slot{1};

// A texture the ui pipeline samples (bilinear, clamped to the edge): RGBA8 texels, row after
// row with no padding, in a buffer in PIXEL_SHADER_RESOURCE state.
struct ui_texture {
  D3D12_GPU_VIRTUAL_ADDRESS texels{0};
  u32 width{0};
  u32 height{0};
};
// Binds texture to the ui root signature, which must be the list's current graphics one.
void set_ui_texture(ID3D12GraphicsCommandList* list, const ui_texture& texture);

enum class input_layout : u8 { none, position2_color4, ui_vertex };
enum class blend_mode : u8 { opaque, alpha };

struct pipeline_desc {
  shaders::id vs{};
  shaders::id ps{};
  root_layout layout{};
  input_layout input{input_layout::none};
  blend_mode blend{blend_mode::opaque};
  bool depth_test{false};
  DXGI_FORMAT rtv_format{DXGI_FORMAT_R8G8B8A8_UNORM};
  DXGI_FORMAT dsv_format{DXGI_FORMAT_UNKNOWN};  // UNKNOWN: no depth buffer bound
  auto key() const { return std::tuple{vs, ps, layout, input, blend, depth_test, rtv_format, dsv_format}; }
};

class pipeline_library {
public:
  pipeline_library() = default;
  XE_DISABLE_COPY_AND_MOVE(pipeline_library);
  ~pipeline_library() = default;

  result<void> initialize(ID3D12Device* device);  // creates the root signatures
  void release();

  ID3D12RootSignature* root_signature(root_layout layout) const { return _roots[static_cast<u32>(layout)].get(); }
  // The PSO for desc, created (and timed) on first use.
  result<ID3D12PipelineState*> pipeline(const pipeline_desc& desc);
  u32 pipeline_count() const { return static_cast<u32>(_pipelines.size()); }
  f64 last_creation_ms() const { return _last_creation_ms; }

private:
  ID3D12Device* _device{nullptr};
  std::array<com_ptr<ID3D12RootSignature>, static_cast<size_t>(root_layout::count)> _roots{};
  std::map<decltype(pipeline_desc{}.key()), com_ptr<ID3D12PipelineState>> _pipelines;
  f64 _last_creation_ms{0};
};

} // namespace xe::gfx::d3d12
