#pragma once
// dxbc_builder: writes shader model 4.0 bytecode in a DXBC container, the format every
// D3D12 runtime accepts (vkd3d 1.2 accepts nothing else, and nothing on Debian compiles
// HLSL to it; docs/platforms.md). Each shader in shader_set.cpp is a few lines
// of this API; its HLSL equivalent sits in assets/shaders/ as documentation.
//
//   dxbc::builder b{dxbc::stage::vertex};
//   b.input("POSITION", 0, 0, "xy");                          // ISGN element in v0
//   b.output("SV_Position", 0, 0, "xyzw", dxbc::sv_position);  // OSGN element in o0
//   b.dcl_input(v(0).mask("xy"));
//   b.dcl_output_siv(o(0), dxbc::sv_position);
//   b.mov(o(0).mask("xy"), v(0).swz("xyxx"));
//   b.mov(o(0).mask("zw"), imm(0, 0, 0, 1));
//   b.ret();
//   std::vector<u8> blob = b.finish();
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "common/assert.h"
#include "common/types.h"

namespace xe::gfx::dxbc {

enum class stage : u32 { pixel = 0, vertex = 1 };
// Shader model 4.0 (SHDR) unless a shader needs 5.0 (SHEX): raw buffers (ld_raw).
enum class model : u32 { sm4_0 = 0x40, sm5_0 = 0x50 };

// System values (D3D_NAME) used in signatures and declarations.
constexpr u32 sv_undefined{0};
constexpr u32 sv_position{1};
constexpr u32 sv_vertex_id{6};

// Component types of signature elements (D3D_REGISTER_COMPONENT_TYPE).
enum class component : u32 { uint32 = 1, sint32 = 2, float32 = 3 };

// One operand of an instruction or declaration. Build them with the helpers below; a
// destination takes a write mask (r(0).mask("xy")), a source a swizzle of four letters or
// one replicated letter (v(1).swz("xyxx"), cb(0, 0).swz("x")). Unqualified: .xyzw.
struct operand {
  u32 type{};               // register type (temp, input, output, ...)
  u32 dimension{2};         // 0: no components, 1: scalar, 2: four components
  u32 selection{0};         // 0: mask, 1: swizzle, 2: one component
  u32 selection_bits{0xF};  // the mask, swizzle or component
  u32 index_count{1};       // 0, 1 or 2 immediate indices
  std::array<u32, 2> index{};
  std::array<u32, 4> value{};  // immediates
  u32 value_count{0};
  bool negate{false};

  operand mask(std::string_view components) const;  // "xy", "zw", "xyzw"...
  operand swz(std::string_view components) const;   // "xyxx", "yyyy", or one letter
  operand operator-() const {
    operand copy = *this;
    copy.negate = !copy.negate;
    return copy;
  }
};

operand r(u32 index);                       // temp register
operand v(u32 index);                       // input register
operand o(u32 index);                       // output register
operand cb(u32 slot, u32 element);          // constant buffer slot, vec4 element
operand t(u32 index);                       // texture (sampled through .xyzw)
operand s(u32 index);                       // sampler
operand imm(f32 x, f32 y, f32 z, f32 w);    // four float immediates
operand imm_u(u32 x, u32 y, u32 z, u32 w);  // four integer immediates

class builder {
public:
  explicit builder(stage s, model m = model::sm4_0) : _stage{s}, _model{m} {}

  // Signatures (ISGN / OSGN): semantic, semantic index, register, mask of components.
  // An input the shader does not read (a pixel shader's SV_Position) has read = false.
  void input(std::string_view semantic, u32 semantic_index, u32 reg, std::string_view mask,
             u32 system_value = sv_undefined, component type = component::float32, bool read = true);
  void output(std::string_view semantic, u32 semantic_index, u32 reg, std::string_view mask,
              u32 system_value = sv_undefined, component type = component::float32);

  // Declarations.
  void dcl_global_flags_refactoring_allowed();
  void dcl_constant_buffer(u32 slot, u32 vec4_count);
  void dcl_sampler(u32 slot);
  void dcl_texture2d_float(u32 slot);
  void dcl_resource_raw(u32 slot);  // shader model 5: a ByteAddressBuffer
  void dcl_input(const operand& reg);
  void dcl_input_sgv(const operand& reg, u32 system_value);
  void dcl_input_ps_linear(const operand& reg);
  void dcl_input_ps_siv_position(const operand& reg);
  void dcl_output(const operand& reg);
  void dcl_output_siv(const operand& reg, u32 system_value);
  void dcl_temps(u32 count);

  // Instructions.
  void mov(const operand& d, const operand& a) { emit(op_mov, {d, a}); }
  void add(const operand& d, const operand& a, const operand& b) { emit(op_add, {d, a, b}); }
  void mul(const operand& d, const operand& a, const operand& b) { emit(op_mul, {d, a, b}); }
  void mad(const operand& d, const operand& a, const operand& b, const operand& c) { emit(op_mad, {d, a, b, c}); }
  void dp4(const operand& d, const operand& a, const operand& b) { emit(op_dp4, {d, a, b}); }
  void and_(const operand& d, const operand& a, const operand& b) { emit(op_and, {d, a, b}); }
  void ishl(const operand& d, const operand& a, const operand& b) { emit(op_ishl, {d, a, b}); }
  void ushr(const operand& d, const operand& a, const operand& b) { emit(op_ushr, {d, a, b}); }
  void iadd(const operand& d, const operand& a, const operand& b) { emit(op_iadd, {d, a, b}); }
  void imad(const operand& d, const operand& a, const operand& b, const operand& c) { emit(op_imad, {d, a, b, c}); }
  void imax(const operand& d, const operand& a, const operand& b) { emit(op_imax, {d, a, b}); }
  void imin(const operand& d, const operand& a, const operand& b) { emit(op_imin, {d, a, b}); }
  void utof(const operand& d, const operand& a) { emit(op_utof, {d, a}); }
  void ftoi(const operand& d, const operand& a) { emit(op_ftoi, {d, a}); }
  void round_ni(const operand& d, const operand& a) { emit(op_round_ni, {d, a}); }  // floor
  void sample(const operand& d, const operand& coords, const operand& texture, const operand& sampler) {
    emit(op_sample, {d, coords, texture, sampler});
  }
  // d = the dword at byte_offset (a multiple of 4) in a raw buffer; texture as t(n).swz("x").
  void ld_raw(const operand& d, const operand& byte_offset, const operand& buffer) {
    XE_ASSERT(_model == model::sm5_0);
    emit(op_ld_raw, {d, byte_offset, buffer});
  }
  void ret() { emit(op_ret, {}); }

  // The container: RDEF (empty), ISGN, OSGN, SHDR or SHEX, and the checksum.
  std::vector<u8> finish() const;

private:
  enum : u32 {
    op_add = 0x00,
    op_and = 0x01,
    op_dp4 = 0x11,
    op_ftoi = 0x1b,
    op_iadd = 0x1e,
    op_imad = 0x23,
    op_imax = 0x24,
    op_imin = 0x25,
    op_ishl = 0x29,
    op_mad = 0x32,
    op_mov = 0x36,
    op_mul = 0x38,
    op_ret = 0x3e,
    op_round_ni = 0x41,
    op_sample = 0x45,
    op_ushr = 0x55,
    op_utof = 0x56,
    op_dcl_resource = 0x58,
    op_dcl_constant_buffer = 0x59,
    op_dcl_sampler = 0x5a,
    op_dcl_input = 0x5f,
    op_dcl_input_sgv = 0x60,
    op_dcl_input_ps = 0x62,
    op_dcl_input_ps_siv = 0x64,
    op_dcl_output = 0x65,
    op_dcl_output_siv = 0x67,
    op_dcl_temps = 0x68,
    op_dcl_global_flags = 0x6a,
    op_dcl_resource_raw = 0xa1,
    op_ld_raw = 0xa5,
  };
  struct element {
    std::string semantic;
    u32 semantic_index, system_value, type, reg;
    u8 mask;
    u8 read_or_unwritten;  // ISGN: components read; OSGN: components never written
  };

  void emit(u32 opcode, std::initializer_list<operand> operands, u32 controls = 0,
            std::initializer_list<u32> trailing = {});
  static std::vector<u8> signature_chunk(const std::vector<element>& elements);

  stage _stage;
  model _model;
  std::vector<element> _inputs, _outputs;
  std::vector<u32> _tokens;
};

// The DXBC checksum: MD5's compression function with DXBC's own padding, over the
// container from byte 20 on (everything after the checksum field).
std::array<u32, 4> checksum(const u8* data, size_t size);

}  // namespace xe::gfx::dxbc
