#include "graphics/d3d12/shaders/shader_set.h"

#include <array>
#include <mutex>

#include "graphics/d3d12/shaders/dxbc_builder.h"

namespace xe::gfx::shaders {
namespace {

using namespace dxbc;

std::vector<u8> triangle_vs() {
  builder b{stage::vertex};
  b.input("POSITION", 0, 0, "xy");
  b.input("COLOR", 0, 1, "xyzw");
  b.output("SV_Position", 0, 0, "xyzw", sv_position);
  b.output("COLOR", 0, 1, "xyzw");
  b.dcl_global_flags_refactoring_allowed();
  b.dcl_input(v(0).mask("xy"));
  b.dcl_input(v(1).mask("xyzw"));
  b.dcl_output_siv(o(0), sv_position);
  b.dcl_output(o(1));
  b.mov(o(0).mask("xy"), v(0).swz("xyxx"));
  b.mov(o(0).mask("zw"), imm(0, 0, 0, 1));
  b.mov(o(1), v(1));
  b.ret();
  return b.finish();
}

std::vector<u8> triangle_ps() {
  builder b{stage::pixel};
  b.input("SV_Position", 0, 0, "xyzw", sv_position, component::float32, false);
  b.input("COLOR", 0, 1, "xyzw");
  b.output("SV_Target", 0, 0, "xyzw");
  b.dcl_global_flags_refactoring_allowed();
  b.dcl_input_ps_linear(v(1).mask("xyzw"));
  b.dcl_output(o(0));
  b.mov(o(0), v(1));
  b.ret();
  return b.finish();
}

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

// Pixel shaders after a vertex shader writing SV_Position and TEXCOORD (fullscreen_vs).
void fullscreen_inputs(builder& b) {
  b.input("SV_Position", 0, 0, "xyzw", sv_position, component::float32, false);
  b.input("TEXCOORD", 0, 1, "xy");
  b.output("SV_Target", 0, 0, "xyzw");
  b.dcl_global_flags_refactoring_allowed();
}

// The nearest texel, clamped to the texture: the texture is a raw buffer (see
// root_layout::ui). ImGui draws at one pixel per unit, glyphs snapped to whole pixels, so
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

std::vector<u8> fullscreen_vs() {
  builder b{stage::vertex};
  b.input("SV_VertexID", 0, 0, "x", sv_vertex_id, component::uint32);
  b.output("SV_Position", 0, 0, "xyzw", sv_position);
  b.output("TEXCOORD", 0, 1, "xy");
  b.dcl_global_flags_refactoring_allowed();
  b.dcl_input_sgv(v(0).mask("x"), sv_vertex_id);
  b.dcl_output_siv(o(0), sv_position);
  b.dcl_output(o(1).mask("xy"));
  b.dcl_temps(1);
  // uv = float2((id << 1) & 2, id & 2): (0,0), (2,0), (0,2); position = uv * (2,-2) + (-1,1)
  b.ishl(r(0).mask("x"), v(0).swz("xxxx"), imm_u(1, 1, 1, 1));
  b.and_(r(0).mask("x"), r(0).swz("xxxx"), imm_u(2, 2, 2, 2));
  b.and_(r(0).mask("y"), v(0).swz("xxxx"), imm_u(2, 2, 2, 2));
  b.utof(r(0).mask("xy"), r(0).swz("xyxx"));
  b.mad(o(0).mask("xy"), r(0).swz("xyxx"), imm(2, -2, 0, 0), imm(-1, 1, 0, 0));
  b.mov(o(0).mask("zw"), imm(0, 0, 0, 1));
  b.mov(o(1).mask("xy"), r(0).swz("xyxx"));
  b.ret();
  return b.finish();
}

std::vector<u8> textured_ps() {
  builder b{stage::pixel};
  fullscreen_inputs(b);
  b.dcl_sampler(0);
  b.dcl_texture2d_float(0);
  b.dcl_input_ps_linear(v(1).mask("xy"));
  b.dcl_output(o(0));
  b.sample(o(0), v(1).swz("xyxx"), t(0), s(0));
  b.ret();
  return b.finish();
}

std::vector<u8> flat_color_ps() {
  builder b{stage::pixel};
  fullscreen_inputs(b);
  b.dcl_constant_buffer(0, 1);
  b.dcl_output(o(0));
  b.mov(o(0), cb(0, 0));
  b.ret();
  return b.finish();
}

struct entry {
  const char* name;
  std::vector<u8> (*build)();
};
constexpr entry entries[] = {
    {"triangle_vs", triangle_vs},   {"triangle_ps", triangle_ps}, {"imgui_vs", imgui_vs},
    {"imgui_ps", imgui_ps},         {"fullscreen_vs", fullscreen_vs}, {"textured_ps", textured_ps},
    {"flat_color_ps", flat_color_ps},
};
static_assert(std::size(entries) == static_cast<size_t>(id::count));

} // namespace

const char* name(id shader) { return entries[static_cast<size_t>(shader)].name; }

std::span<const u8> blob(id shader) {
  static std::array<std::vector<u8>, static_cast<size_t>(id::count)> blobs;
  static std::once_flag built;
  std::call_once(built, [] {
    for (size_t i = 0; i < blobs.size(); ++i) blobs[i] = entries[i].build();
  });
  return blobs[static_cast<size_t>(shader)];
}

} // namespace xe::gfx::shaders
