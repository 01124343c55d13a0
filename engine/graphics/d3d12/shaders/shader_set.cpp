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

// Bilinear filtering by hand: the texture is a raw buffer (see root_layout::ui).
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
  b.dcl_temps(6);
  // r0.xy = the texel left of and above the point, r0.zw = the weights of the next ones.
  b.round_ni(r(0).mask("xy"), v(2).swz("xyxx"));
  b.add(r(0).mask("zw"), v(2).swz("xxxy"), -r(0).swz("xxxy"));
  // r1 = (x0, y0, x1, y1) clamped to the texture; r3 = their four byte offsets.
  b.ftoi(r(1).mask("xy"), r(0).swz("xyxx"));
  b.iadd(r(1).mask("zw"), r(1).swz("xxxy"), imm_u(0, 0, 1, 1));
  b.imax(r(1).mask("xyzw"), r(1), imm_u(0, 0, 0, 0));
  b.imin(r(1).mask("xyzw"), r(1), cb(0, 5).swz("xyxy"));
  b.ishl(r(2).mask("xy"), r(1).swz("xzxx"), imm_u(2, 2, 2, 2));
  b.imad(r(3).mask("xy"), r(1).swz("yyyy"), cb(0, 5).swz("zzzz"), r(2).swz("xyxx"));
  b.imad(r(3).mask("zw"), r(1).swz("wwww"), cb(0, 5).swz("zzzz"), r(2).swz("xxxy"));
  b.ld_raw(r(4).mask("x"), r(3).swz("x"), t(0).swz("x"));
  b.ld_raw(r(4).mask("y"), r(3).swz("y"), t(0).swz("x"));
  b.ld_raw(r(4).mask("z"), r(3).swz("z"), t(0).swz("x"));
  b.ld_raw(r(4).mask("w"), r(3).swz("w"), t(0).swz("x"));
  // RGBA8 (r in the low byte) to 0..255: top left r5, top right r2, bottom left r3, bottom right r1.
  const char* packed[] = {"xxxx", "yyyy", "zzzz", "wwww"};
  const u32 unpacked[] = {5, 2, 3, 1};
  for (u32 i = 0; i < 4; ++i) {
    b.ushr(r(unpacked[i]).mask("xyzw"), r(4).swz(packed[i]), imm_u(0, 8, 16, 24));
    b.and_(r(unpacked[i]).mask("xyzw"), r(unpacked[i]), imm_u(255, 255, 255, 255));
    b.utof(r(unpacked[i]).mask("xyzw"), r(unpacked[i]));
  }
  b.add(r(2).mask("xyzw"), r(2), -r(5));
  b.mad(r(5).mask("xyzw"), r(2), r(0).swz("zzzz"), r(5));  // top row
  b.add(r(1).mask("xyzw"), r(1), -r(3));
  b.mad(r(3).mask("xyzw"), r(1), r(0).swz("zzzz"), r(3));  // bottom row
  b.add(r(3).mask("xyzw"), r(3), -r(5));
  b.mad(r(5).mask("xyzw"), r(3), r(0).swz("wwww"), r(5));
  b.mul(r(5).mask("xyzw"), r(5), v(1));
  b.mul(o(0), r(5), imm(1.f / 255, 1.f / 255, 1.f / 255, 1.f / 255));
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
