#pragma once
// Root signatures and pipeline state objects. The library creates the engine's own root
// signatures at initialize() (serialised with D3D12SerializeRootSignature, version 1.0);
// callers outside the engine (the sandbox's ImGui renderer) bring their own shaders and
// root signature descriptions. Both are created on first use and cached by their
// description for the library's life. Limits kept for lavapipe: root constants at most 32
// dwords, descriptor tables of at most 128 SRVs.
#include <array>
#include <map>
#include <span>
#include <string>
#include <tuple>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/d3d12/shaders/shader_set.h"

namespace xe::gfx::d3d12 {

// The engine's root signature layouts.
enum class root_layout : u8 {
  vertex_input,  // input assembler only (the triangle)
  flat_color,    // b0: 4 root constants (float4 colour), pixel shader
  textured,      // t0: a 1-SRV descriptor table; s0: static point sampler, clamp
  count
};

// Root parameter slots within the layouts above.
constexpr u32 root_constants_slot{0};
constexpr u32 textured_table_slot{0};

// Shader bytecode the caller owns. The library keys PSOs by its address, so it must stay
// unchanged for the life of the program (the engine's shaders and the sandbox's are built
// once into static storage).
struct shader_bytecode {
  std::span<const u8> code;
  std::string_view name;  // in the PSO's tracked name
};
shader_bytecode engine_shader(shaders::id shader);

enum class blend_mode : u8 { opaque, alpha };

struct pipeline_desc {
  shader_bytecode vs{};
  shader_bytecode ps{};
  ID3D12RootSignature* root{nullptr};                 // from this library
  std::span<const D3D12_INPUT_ELEMENT_DESC> input{};  // static storage, like the bytecode
  blend_mode blend{blend_mode::opaque};
  bool depth_test{false};
  DXGI_FORMAT rtv_format{DXGI_FORMAT_R8G8B8A8_UNORM};
  DXGI_FORMAT dsv_format{DXGI_FORMAT_UNKNOWN};  // UNKNOWN: no depth buffer bound
  u32 samples{1};                               // the render target's SampleDesc.Count
  auto key() const {
    return std::tuple{vs.code.data(), ps.code.data(), root,       input.data(), input.size(),
                      blend,          depth_test,     rtv_format, dsv_format,   samples};
  }
};

class pipeline_library {
public:
  pipeline_library() = default;
  XE_DISABLE_COPY_AND_MOVE(pipeline_library);
  ~pipeline_library() = default;

  result<void> initialize(ID3D12Device* device);  // creates the engine's root signatures
  void release();

  ID3D12RootSignature* root_signature(root_layout layout) const { return _roots[static_cast<u32>(layout)].get(); }
  // A caller's root signature, created from desc the first time name is asked for; later
  // calls with the same name return it (desc is not compared). Kept until release().
  result<ID3D12RootSignature*> root_signature(std::string_view name, const D3D12_ROOT_SIGNATURE_DESC& desc);
  // The PSO for desc, created (and timed) on first use.
  result<ID3D12PipelineState*> pipeline(const pipeline_desc& desc);
  u32 pipeline_count() const { return static_cast<u32>(_pipelines.size()); }
  f64 last_creation_ms() const { return _last_creation_ms; }

private:
  ID3D12Device* _device{nullptr};
  std::array<com_ptr<ID3D12RootSignature>, static_cast<size_t>(root_layout::count)> _roots{};
  std::map<std::string, com_ptr<ID3D12RootSignature>, std::less<>> _caller_roots;
  std::map<decltype(pipeline_desc{}.key()), com_ptr<ID3D12PipelineState>> _pipelines;
  f64 _last_creation_ms{0};
};

// A static sampler at s0 for the pixel shader, for root signature descriptions.
D3D12_STATIC_SAMPLER_DESC static_sampler(D3D12_FILTER filter, D3D12_TEXTURE_ADDRESS_MODE address);

}  // namespace xe::gfx::d3d12
