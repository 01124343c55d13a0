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

// Pixel shaders after a vertex shader writing SV_Position and TEXCOORD (fullscreen_vs).
void fullscreen_inputs(builder& b) {
  b.input("SV_Position", 0, 0, "xyzw", sv_position, component::float32, false);
  b.input("TEXCOORD", 0, 1, "xy");
  b.output("SV_Target", 0, 0, "xyzw");
  b.dcl_global_flags_refactoring_allowed();
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

// The textured quad (lesson 14): positions in clip space and texture coordinates from a
// vertex buffer; textured_ps reads the same TEXCOORD in v1.
std::vector<u8> quad_vs() {
  builder b{stage::vertex};
  b.input("POSITION", 0, 0, "xy");
  b.input("TEXCOORD", 0, 1, "xy");
  b.output("SV_Position", 0, 0, "xyzw", sv_position);
  b.output("TEXCOORD", 0, 1, "xy");
  b.dcl_global_flags_refactoring_allowed();
  b.dcl_input(v(0).mask("xy"));
  b.dcl_input(v(1).mask("xy"));
  b.dcl_output_siv(o(0), sv_position);
  b.dcl_output(o(1).mask("xy"));
  b.mov(o(0).mask("xy"), v(0).swz("xyxx"));
  b.mov(o(0).mask("zw"), imm(0, 0, 0, 1));
  b.mov(o(1).mask("xy"), v(1).swz("xyxx"));
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
    {"triangle_vs", triangle_vs}, {"triangle_ps", triangle_ps},     {"fullscreen_vs", fullscreen_vs},
    {"textured_ps", textured_ps}, {"flat_color_ps", flat_color_ps}, {"quad_vs", quad_vs},
};
static_assert(std::size(entries) == static_cast<size_t>(id::count));

}  // namespace

const char* name(id shader) { return entries[static_cast<size_t>(shader)].name; }

std::span<const u8> blob(id shader) {
  static std::array<std::vector<u8>, static_cast<size_t>(id::count)> blobs;
  static std::once_flag built;
  std::call_once(built, [] {
    for (size_t i = 0; i < blobs.size(); ++i) blobs[i] = entries[i].build();
  });
  return blobs[static_cast<size_t>(shader)];
}

}  // namespace xe::gfx::shaders
