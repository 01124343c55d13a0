#include "imgui/imgui_pipeline.h"

#include <cstring>
#include <vector>

#include "graphics/d3d12/shaders/dxbc_builder.h"

namespace xe::sandbox {
namespace {

using namespace gfx::d3d12;
using namespace gfx::dxbc;

// Root parameters: b0 holds the projection's four columns, then the bound texture's size
// as floats (cb0[4]: width, height, 0, 0) and as limits (cb0[5]: width - 1, height - 1, row
// pitch in bytes, 0); t0 is the texels' root SRV.
constexpr u32 constants_slot{0};
constexpr u32 texture_slot{1};
constexpr u32 projection_constants{16};
constexpr u32 texture_constants{8};

// ImDrawVert: float2 position, float2 uv, rgba8 colour.
constexpr D3D12_INPUT_ELEMENT_DESC ui_vertex[] = {
    {"POSITION", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 0, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"TEXCOORD", 0, DXGI_FORMAT_R32G32_FLOAT, 0, 8, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0},
    {"COLOR", 0, DXGI_FORMAT_R8G8B8A8_UNORM, 0, 16, D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0}};

std::vector<u8> imgui_vs() {
  builder b{stage::vertex};
  b.input("POSITION", 0, 0, "xy");
  b.input("TEXCOORD", 0, 1, "xy");
  b.input("COLOR", 0, 2, "xyzw");
  b.output("SV_Position", 0, 0, "xyzw", sv_position);
  b.output("COLOR", 0, 1, "xyzw");
  b.output("TEXCOORD", 0, 2, "xy");
  b.dcl_global_flags_refactoring_allowed();
  b.dcl_constant_buffer(0, 5);
  b.dcl_input(v(0).mask("xy"));
  b.dcl_input(v(1).mask("xy"));
  b.dcl_input(v(2).mask("xyzw"));
  b.dcl_output_siv(o(0), sv_position);
  b.dcl_output(o(1));
  b.dcl_output(o(2).mask("xy"));
  b.dcl_temps(1);
  // position = column0 * x + column1 * y + column3 (z = 0, w = 1)
  b.mul(r(0).mask("xyzw"), v(0).swz("yyyy"), cb(0, 1));
  b.mad(r(0).mask("xyzw"), cb(0, 0), v(0).swz("xxxx"), r(0));
  b.add(o(0), r(0), cb(0, 3));
  b.mov(o(1), v(2));
  // In texels, from the first texel's centre: uv * size - 0.5.
  b.mad(o(2).mask("xy"), v(1).swz("xyxx"), cb(0, 4).swz("xyxx"), imm(-0.5f, -0.5f, 0, 0));
  b.ret();
  return b.finish();
}


// The nearest texel, clamped to the texture: the texture is a raw buffer (see
// imgui_pipeline.h). ImGui draws at one pixel per unit, glyphs snapped to whole pixels, so
// each pixel centre falls on a texel centre and a filter would only cost (four reads a
// pixel on a CPU rasteriser); anti-aliased lines are geometry (ImFontAtlasFlags_NoBakedLines).
std::vector<u8> imgui_ps() {
  builder b{stage::pixel, model::sm5_0};
  b.input("SV_Position", 0, 0, "xyzw", sv_position, component::float32, false);
  b.input("COLOR", 0, 1, "xyzw");
  b.input("TEXCOORD", 0, 2, "xy");
  b.output("SV_Target", 0, 0, "xyzw");
  b.dcl_global_flags_refactoring_allowed();
  b.dcl_constant_buffer(0, 6);
  b.dcl_resource_raw(0);
  b.dcl_input_ps_linear(v(1).mask("xyzw"));
  b.dcl_input_ps_linear(v(2).mask("xy"));
  b.dcl_output(o(0));
  b.dcl_temps(2);
  // r0.xy = the nearest texel (TEXCOORD counts from the first texel's centre), clamped.
  b.add(r(0).mask("xy"), v(2).swz("xyxx"), imm(0.5f, 0.5f, 0.f, 0.f));
  b.round_ni(r(0).mask("xy"), r(0).swz("xyxx"));
  b.ftoi(r(0).mask("xy"), r(0).swz("xyxx"));
  b.imax(r(0).mask("xy"), r(0).swz("xyxx"), imm_u(0, 0, 0, 0));
  b.imin(r(0).mask("xy"), r(0).swz("xyxx"), cb(0, 5).swz("xyxx"));
  // Its byte offset: y * row pitch + x * 4; then RGBA8 (r in the low byte) to 0..255.
  b.ishl(r(0).mask("x"), r(0).swz("xxxx"), imm_u(2, 2, 2, 2));
  b.imad(r(0).mask("x"), r(0).swz("yyyy"), cb(0, 5).swz("zzzz"), r(0).swz("xxxx"));
  b.ld_raw(r(0).mask("x"), r(0).swz("x"), t(0).swz("x"));
  b.ushr(r(1).mask("xyzw"), r(0).swz("xxxx"), imm_u(0, 8, 16, 24));
  b.and_(r(1).mask("xyzw"), r(1), imm_u(255, 255, 255, 255));
  b.utof(r(1).mask("xyzw"), r(1));
  b.mul(r(1).mask("xyzw"), r(1), v(1));
  b.mul(o(0), r(1), imm(1.f / 255, 1.f / 255, 1.f / 255, 1.f / 255));
  b.ret();
  return b.finish();
}

}  // namespace

shader_bytecode ui_vertex_shader() {
  static const std::vector<u8> code = imgui_vs();
  return {code, "imgui_vs"};
}
shader_bytecode ui_pixel_shader() {
  static const std::vector<u8> code = imgui_ps();
  return {code, "imgui_ps"};
}

result<ui_pipeline> ui_pipeline_for(const render_context& ctx) {
  D3D12_ROOT_PARAMETER params[2]{};
  params[constants_slot].ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
  params[constants_slot].Constants.Num32BitValues = projection_constants + texture_constants;
  params[constants_slot].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  params[texture_slot].ParameterType = D3D12_ROOT_PARAMETER_TYPE_SRV;
  params[texture_slot].ShaderVisibility = D3D12_SHADER_VISIBILITY_PIXEL;
  D3D12_ROOT_SIGNATURE_DESC root_desc{};
  root_desc.NumParameters = 2;
  root_desc.pParameters = params;
  root_desc.Flags = D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT;
  XE_TRY_ASSIGN(auto root, ctx.pipelines.root_signature("imgui", root_desc));

  pipeline_desc desc = surface_pipeline(ctx, ui_vertex_shader(), ui_pixel_shader(), root);
  desc.input = ui_vertex;
  desc.blend = blend_mode::alpha;
  XE_TRY_ASSIGN(auto pso, ctx.pipelines.pipeline(desc));
  return ui_pipeline{root, pso};
}

void bind_ui_pipeline(ID3D12GraphicsCommandList* list, const ui_pipeline& pipeline, const f32 (&projection)[16]) {
  list->SetGraphicsRootSignature(pipeline.root);
  list->SetPipelineState(pipeline.pso);
  list->SetGraphicsRoot32BitConstants(constants_slot, projection_constants, projection, 0);
}

void set_ui_texture(ID3D12GraphicsCommandList* list, const ui_texture& texture) {
  XE_ASSERT(texture.texels != 0 && texture.width > 0 && texture.height > 0);
  const f32 width = static_cast<f32>(texture.width), height = static_cast<f32>(texture.height);
  u32 constants[texture_constants]{};
  std::memcpy(&constants[0], &width, 4);
  std::memcpy(&constants[1], &height, 4);
  constants[4] = texture.width - 1;
  constants[5] = texture.height - 1;
  constants[6] = texture.width * 4;
  list->SetGraphicsRoot32BitConstants(constants_slot, texture_constants, constants, projection_constants);
  list->SetGraphicsRootShaderResourceView(texture_slot, texture.texels);
}

}  // namespace xe::sandbox
