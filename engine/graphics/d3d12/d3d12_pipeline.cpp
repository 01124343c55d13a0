#include "graphics/d3d12/d3d12_pipeline.h"

#include <chrono>
#include <cstring>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_tracker.h"

namespace xe::gfx::d3d12 {

D3D12_STATIC_SAMPLER_DESC static_sampler(D3D12_FILTER filter, D3D12_TEXTURE_ADDRESS_MODE address) {
  D3D12_STATIC_SAMPLER_DESC s{};
  s.Filter = filter;
  s.AddressU = s.AddressV = s.AddressW = address;
  s.ComparisonFunc = D3D12_COMPARISON_FUNC_ALWAYS;
  s.BorderColor = D3D12_STATIC_BORDER_COLOR_TRANSPARENT_BLACK;
  s.MaxLOD = D3D12_FLOAT32_MAX;
  s.ShaderRegister = 0;
  s.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  return s;
}

namespace {

result<com_ptr<ID3D12RootSignature>> create_root_signature(ID3D12Device* device, const D3D12_ROOT_SIGNATURE_DESC& desc,
                                                           std::string_view name) {
  com_ptr<ID3DBlob> blob, errors;
  const HRESULT hr = D3D12SerializeRootSignature(&desc, D3D_ROOT_SIGNATURE_VERSION_1_0, blob.put(), errors.put());
  if (FAILED(hr)) {
    std::string reason =
        errors ? std::string{static_cast<const char*>(errors->GetBufferPointer()), errors->GetBufferSize()}
               : std::string{"no message"};
    XE_LOG_ERROR("D3D12SerializeRootSignature for '{}' failed: {}", name, reason);
    return make_error(errc::api_call_failed, fmt::format("root signature '{}': {}", name, reason), hr);
  }
  com_ptr<ID3D12RootSignature> root;
  XE_TRY_HR(device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(), IID_PPV_ARGS(root.put())));
  tracker::track(root.get(), {.name = name, .type = "ID3D12RootSignature"});
  return root;
}

D3D12_ROOT_PARAMETER root_constants(u32 count, D3D12_SHADER_VISIBILITY visibility) {
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  p.Constants.ShaderRegister = 0;
  p.Constants.RegisterSpace = 0;
  p.Constants.Num32BitValues = count;
  p.ShaderVisibility = visibility;
  return p;
}

D3D12_ROOT_PARAMETER srv_table(const D3D12_DESCRIPTOR_RANGE* range) {
  D3D12_ROOT_PARAMETER p{};
  p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  p.DescriptorTable.NumDescriptorRanges = 1;
  p.DescriptorTable.pDescriptorRanges = range;
  p.ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  return p;
}

}  // namespace

result<void> pipeline_library::initialize(ID3D12Device* device) {
  _device = device;
  D3D12_DESCRIPTOR_RANGE srv_range{};
  srv_range.RangeType = D3D12_DESCRIPTOR_RANGE_TYPE_SRV;
  srv_range.NumDescriptors = 1;
  srv_range.BaseShaderRegister = 0;
  srv_range.OffsetInDescriptorsFromTableStart = 0;

  struct layout_desc {
    const char* name;
    std::vector<D3D12_ROOT_PARAMETER> params;
    std::vector<D3D12_STATIC_SAMPLER_DESC> samplers;
    D3D12_ROOT_SIGNATURE_FLAGS flags;
  };
  const layout_desc layouts[] = {
      {"root signature: vertex input", {}, {}, D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT},
      {"root signature: flat colour",
       {root_constants(4, D3D12_SHADER_VISIBILITY_PIXEL)},
       {},
       D3D12_ROOT_SIGNATURE_FLAG_NONE},
      {"root signature: textured",
       {srv_table(&srv_range)},
       {static_sampler(D3D12_FILTER_MIN_MAG_MIP_POINT, D3D12_TEXTURE_ADDRESS_MODE_CLAMP)},
       D3D12_ROOT_SIGNATURE_FLAG_NONE},
  };
  static_assert(std::size(layouts) == static_cast<size_t>(root_layout::count));
  for (u32 i = 0; i < std::size(layouts); ++i) {
    const layout_desc& l = layouts[i];
    D3D12_ROOT_SIGNATURE_DESC desc{};
    desc.NumParameters = static_cast<UINT>(l.params.size());
    desc.pParameters = l.params.data();
    desc.NumStaticSamplers = static_cast<UINT>(l.samplers.size());
    desc.pStaticSamplers = l.samplers.data();
    desc.Flags = l.flags;
    XE_TRY_ASSIGN(auto root, create_root_signature(device, desc, l.name));
    _roots[i] = std::move(root);
  }
  return {};
}

shader_bytecode engine_shader(shaders::id shader) { return {shaders::blob(shader), shaders::name(shader)}; }

result<ID3D12RootSignature*> pipeline_library::root_signature(std::string_view name,
                                                              const D3D12_ROOT_SIGNATURE_DESC& desc) {
  if (auto it = _caller_roots.find(name); it != _caller_roots.end()) return it->second.get();
  XE_TRY_ASSIGN(auto root, create_root_signature(_device, desc, fmt::format("root signature: {}", name)));
  ID3D12RootSignature* raw = root.get();
  _caller_roots.emplace(std::string{name}, std::move(root));
  return raw;
}

void pipeline_library::release() {
  for (auto& [key, pso] : _pipelines) deferred_release(pso);
  _pipelines.clear();
  for (auto& root : _roots) deferred_release(root);
  for (auto& [name, root] : _caller_roots) deferred_release(root);
  _caller_roots.clear();
}

result<ID3D12PipelineState*> pipeline_library::pipeline(const pipeline_desc& desc) {
  const auto key = desc.key();
  if (auto it = _pipelines.find(key); it != _pipelines.end()) {
    if (!XE_FAULT(pso_recreated_each_draw)) return it->second.get();
    deferred_release(it->second);  // the cache ignored: this draw makes its own
    _pipelines.erase(it);
  }

  if (!desc.root || desc.vs.code.empty() || desc.ps.code.empty())
    return make_error(errc::invalid_argument, "a pipeline needs a root signature and both shaders");
  D3D12_GRAPHICS_PIPELINE_STATE_DESC pso{};
  pso.pRootSignature = desc.root;
  pso.VS = {desc.vs.code.data(), desc.vs.code.size()};
  pso.PS = {desc.ps.code.data(), desc.ps.code.size()};
  pso.InputLayout = {desc.input.data(), static_cast<UINT>(desc.input.size())};
  D3D12_RENDER_TARGET_BLEND_DESC& rt = pso.BlendState.RenderTarget[0];
  rt.RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
  rt.LogicOp = D3D12_LOGIC_OP_NOOP;
  if (desc.blend == blend_mode::alpha) {
    rt.BlendEnable = TRUE;
    rt.SrcBlend = D3D12_BLEND_SRC_ALPHA;
    rt.DestBlend = D3D12_BLEND_INV_SRC_ALPHA;
    rt.BlendOp = D3D12_BLEND_OP_ADD;
    rt.SrcBlendAlpha = D3D12_BLEND_ONE;
    rt.DestBlendAlpha = D3D12_BLEND_INV_SRC_ALPHA;
    rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
  } else {
    rt.SrcBlend = rt.SrcBlendAlpha = D3D12_BLEND_ONE;
    rt.DestBlend = rt.DestBlendAlpha = D3D12_BLEND_ZERO;
    rt.BlendOp = rt.BlendOpAlpha = D3D12_BLEND_OP_ADD;
  }
  pso.SampleMask = UINT_MAX;
  pso.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
  pso.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
  pso.RasterizerState.DepthClipEnable = TRUE;
  pso.DepthStencilState.DepthEnable = desc.depth_test;
  pso.DepthStencilState.DepthWriteMask = desc.depth_test ? D3D12_DEPTH_WRITE_MASK_ALL : D3D12_DEPTH_WRITE_MASK_ZERO;
  pso.DepthStencilState.DepthFunc = D3D12_COMPARISON_FUNC_LESS_EQUAL;
  pso.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
  pso.NumRenderTargets = 1;
  pso.RTVFormats[0] = desc.rtv_format;
  pso.DSVFormat = desc.dsv_format;
  pso.SampleDesc.Count = desc.samples;

  const auto start = std::chrono::steady_clock::now();
  com_ptr<ID3D12PipelineState> state;
  XE_TRY_HR(_device->CreateGraphicsPipelineState(&pso, IID_PPV_ARGS(state.put())));
  _last_creation_ms = std::chrono::duration<f64, std::milli>(std::chrono::steady_clock::now() - start).count();
  tracker::track(state.get(), {.name = fmt::format("pso: {} + {}{}", desc.vs.name, desc.ps.name,
                                                   desc.blend == blend_mode::alpha ? " (blended)" : ""),
                               .type = "ID3D12PipelineState"});
  ID3D12PipelineState* raw = state.get();
  _pipelines.emplace(key, std::move(state));
  return raw;
}

}  // namespace xe::gfx::d3d12
