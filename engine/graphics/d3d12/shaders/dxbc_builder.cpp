#include "graphics/d3d12/shaders/dxbc_builder.h"

#include <cstring>

#include "common/assert.h"

namespace xe::gfx::dxbc {
namespace {

// Register types (D3D10_SB_OPERAND_TYPE).
enum : u32 {
  reg_temp = 0,
  reg_input = 1,
  reg_output = 2,
  reg_immediate = 4,
  reg_sampler = 6,
  reg_resource = 7,
  reg_constant_buffer = 8
};
// Component selection modes.
enum : u32 { select_mask = 0, select_swizzle = 1, select_one = 2 };
constexpr u32 identity_swizzle = 0 | (1 << 2) | (2 << 4) | (3 << 6);

u32 component_of(char c) {
  switch (c) {
    case 'x':
    case 'r': return 0;
    case 'y':
    case 'g': return 1;
    case 'z':
    case 'b': return 2;
    case 'w':
    case 'a': return 3;
    default: XE_ASSERT(!"swizzle letters are xyzw or rgba"); return 0;
  }
}

u8 mask_of(std::string_view letters) {
  u8 mask = 0;
  for (char c : letters) mask |= static_cast<u8>(1u << component_of(c));
  return mask;
}

operand make(u32 type, u32 index) {
  operand op;
  op.type = type;
  op.selection = select_swizzle;
  op.selection_bits = identity_swizzle;
  op.index_count = 1;
  op.index[0] = index;
  return op;
}

void put_u32(std::vector<u8>& out, u32 value) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<u8>(value >> (8 * i)));
}
void set_u32(std::vector<u8>& out, size_t at, u32 value) {
  for (int i = 0; i < 4; ++i) out[at + i] = static_cast<u8>(value >> (8 * i));
}
void align4(std::vector<u8>& out) {
  while (out.size() % 4) out.push_back(0);
}

void encode(const operand& op, std::vector<u32>& out) {
  u32 token = op.dimension;
  if (op.dimension == 2) token |= (op.selection << 2) | (op.selection_bits << 4);
  token |= op.type << 12;
  token |= op.index_count << 20;        // every index is an immediate 32-bit value (representation 0)
  if (op.negate) token |= 0x80000000u;  // an extended operand token follows
  out.push_back(token);
  if (op.negate) out.push_back(1u | (1u << 6));  // modifier: negate
  for (u32 i = 0; i < op.index_count; ++i) out.push_back(op.index[i]);
  for (u32 i = 0; i < op.value_count; ++i) out.push_back(op.value[i]);
}

// MD5's compression function (RFC 1321), used by the DXBC checksum with its own padding.
void md5_transform(std::array<u32, 4>& state, const u8 block[64]) {
  static constexpr u32 k[64] = {
      0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
      0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
      0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
      0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
      0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
      0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
      0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
      0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
  static constexpr u32 shift[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                    5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                    4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                    6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};
  u32 m[16];
  for (int i = 0; i < 16; ++i)
    m[i] = u32{block[i * 4]} | (u32{block[i * 4 + 1]} << 8) | (u32{block[i * 4 + 2]} << 16) |
           (u32{block[i * 4 + 3]} << 24);
  u32 a = state[0], b = state[1], c = state[2], d = state[3];
  for (u32 i = 0; i < 64; ++i) {
    u32 f, g;
    if (i < 16)
      f = (b & c) | (~b & d), g = i;
    else if (i < 32)
      f = (d & b) | (~d & c), g = (5 * i + 1) % 16;
    else if (i < 48)
      f = b ^ c ^ d, g = (3 * i + 5) % 16;
    else
      f = c ^ (b | ~d), g = (7 * i) % 16;
    const u32 sum = a + f + k[i] + m[g];
    a = d;
    d = c;
    c = b;
    b = b + ((sum << shift[i]) | (sum >> (32 - shift[i])));
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
}

}  // namespace

operand operand::mask(std::string_view components) const {
  operand copy = *this;
  copy.selection = select_mask;
  copy.selection_bits = mask_of(components);
  return copy;
}

operand operand::swz(std::string_view components) const {
  XE_ASSERT(components.size() == 1 || components.size() == 4);
  operand copy = *this;
  copy.selection = select_swizzle;
  copy.selection_bits = 0;
  for (u32 i = 0; i < 4; ++i)
    copy.selection_bits |= component_of(components[components.size() == 1 ? 0 : i]) << (2 * i);
  return copy;
}

operand r(u32 index) { return make(reg_temp, index); }
operand v(u32 index) { return make(reg_input, index); }
operand o(u32 index) { return make(reg_output, index).mask("xyzw"); }
operand t(u32 index) { return make(reg_resource, index); }

operand cb(u32 slot, u32 element) {
  operand op = make(reg_constant_buffer, slot);
  op.index_count = 2;
  op.index[1] = element;
  return op;
}

operand s(u32 index) {
  operand op = make(reg_sampler, index);
  op.dimension = 0;
  return op;
}

operand imm_u(u32 x, u32 y, u32 z, u32 w) {
  operand op;
  op.type = reg_immediate;
  op.selection = select_mask;
  op.selection_bits = 0;
  op.index_count = 0;
  op.value = {x, y, z, w};
  op.value_count = 4;
  return op;
}

operand imm(f32 x, f32 y, f32 z, f32 w) {
  auto bits = [](f32 f) {
    u32 u;
    std::memcpy(&u, &f, 4);
    return u;
  };
  return imm_u(bits(x), bits(y), bits(z), bits(w));
}

void builder::input(std::string_view semantic, u32 semantic_index, u32 reg, std::string_view mask, u32 system_value,
                    component type, bool read) {
  const u8 m = mask_of(mask);
  _inputs.push_back({std::string{semantic}, semantic_index, system_value, static_cast<u32>(type), reg, m,
                     static_cast<u8>(read ? m : 0)});
}

void builder::output(std::string_view semantic, u32 semantic_index, u32 reg, std::string_view mask, u32 system_value,
                     component type) {
  _outputs.push_back(
      {std::string{semantic}, semantic_index, system_value, static_cast<u32>(type), reg, mask_of(mask), 0});
}

void builder::dcl_global_flags_refactoring_allowed() { emit(op_dcl_global_flags, {}, 1); }

void builder::dcl_constant_buffer(u32 slot, u32 vec4_count) {
  operand op = cb(slot, vec4_count);   // the second index of the declaration is the size
  emit(op_dcl_constant_buffer, {op});  // immediate indexing (control 0)
}

void builder::dcl_sampler(u32 slot) { emit(op_dcl_sampler, {s(slot)}); }  // mode_default (control 0)

void builder::dcl_texture2d_float(u32 slot) {
  operand op = t(slot);
  op.dimension = 0;
  constexpr u32 texture2d = 3;
  constexpr u32 float4_return = 0x5555;  // one 4-bit data type (float = 5) per component
  emit(op_dcl_resource, {op}, texture2d, {float4_return});
}

void builder::dcl_resource_raw(u32 slot) {
  XE_ASSERT(_model == model::sm5_0);
  operand op = t(slot);
  op.dimension = 0;
  emit(op_dcl_resource_raw, {op});
}

void builder::dcl_input(const operand& reg) { emit(op_dcl_input, {reg}); }
void builder::dcl_input_sgv(const operand& reg, u32 system_value) { emit(op_dcl_input_sgv, {reg}, 0, {system_value}); }
void builder::dcl_input_ps_linear(const operand& reg) { emit(op_dcl_input_ps, {reg}, 2); }
void builder::dcl_input_ps_siv_position(const operand& reg) {
  constexpr u32 linear_noperspective = 4;
  emit(op_dcl_input_ps_siv, {reg}, linear_noperspective, {sv_position});
}
void builder::dcl_output(const operand& reg) { emit(op_dcl_output, {reg}); }
void builder::dcl_output_siv(const operand& reg, u32 system_value) {
  emit(op_dcl_output_siv, {reg}, 0, {system_value});
}
void builder::dcl_temps(u32 count) { emit(op_dcl_temps, {}, 0, {count}); }

void builder::emit(u32 opcode, std::initializer_list<operand> operands, u32 controls,
                   std::initializer_list<u32> trailing) {
  const size_t at = _tokens.size();
  _tokens.push_back(0);
  for (const operand& op : operands) encode(op, _tokens);
  _tokens.insert(_tokens.end(), trailing.begin(), trailing.end());
  const u32 length = static_cast<u32>(_tokens.size() - at);
  XE_ASSERT(length < 128);
  _tokens[at] = opcode | (controls << 11) | (length << 24);
}

std::vector<u8> builder::signature_chunk(const std::vector<element>& elements) {
  std::vector<u8> data;
  put_u32(data, static_cast<u32>(elements.size()));
  put_u32(data, 8);  // the element table starts right after these two fields
  const size_t table = data.size();
  data.resize(table + elements.size() * 24);
  for (size_t i = 0; i < elements.size(); ++i) {
    const element& e = elements[i];
    const size_t at = table + i * 24;
    set_u32(data, at, static_cast<u32>(data.size()));  // name offset, from the chunk's data
    data.insert(data.end(), e.semantic.begin(), e.semantic.end());
    data.push_back(0);
    set_u32(data, at + 4, e.semantic_index);
    set_u32(data, at + 8, e.system_value);
    set_u32(data, at + 12, e.type);
    set_u32(data, at + 16, e.reg);
    data[at + 20] = e.mask;
    data[at + 21] = e.read_or_unwritten;
  }
  align4(data);
  return data;
}

std::vector<u8> builder::finish() const {
  // RDEF: no constant buffers or bindings described; a creator string. D3D12 does not
  // need reflection, but Windows tools expect the chunk. Its layout is shader model 4's
  // (no RD11 block) for every shader, and its target field says so: readers go by it.
  std::vector<u8> rdef;
  put_u32(rdef, 0);                                                                  // constant buffers
  put_u32(rdef, 28);                                                                 // their offset
  put_u32(rdef, 0);                                                                  // resource bindings
  put_u32(rdef, 28);                                                                 // their offset
  put_u32(rdef, (_stage == stage::pixel ? 0xFFFFu << 16 : 0xFFFEu << 16) | 0x0400);  // ps_4_0 / vs_4_0
  put_u32(rdef, 0);                                                                  // flags
  put_u32(rdef, 28);                                                                 // creator string
  const char creator[] = "xengine dxbc_builder";
  rdef.insert(rdef.end(), creator, creator + sizeof(creator));
  align4(rdef);

  std::vector<u8> shdr;
  put_u32(shdr, (static_cast<u32>(_stage) << 16) | static_cast<u32>(_model));
  put_u32(shdr, static_cast<u32>(_tokens.size() + 2));
  for (u32 token : _tokens) put_u32(shdr, token);

  const std::pair<const char*, std::vector<u8>> chunks[] = {{"RDEF", rdef},
                                                            {"ISGN", signature_chunk(_inputs)},
                                                            {"OSGN", signature_chunk(_outputs)},
                                                            {_model == model::sm5_0 ? "SHEX" : "SHDR", shdr}};
  const u32 count = static_cast<u32>(std::size(chunks));
  // Header: "DXBC", checksum (written last), version 1, total size, chunk count, offsets.
  constexpr size_t offsets = 32;
  std::vector<u8> blob(offsets + 4 * count, 0);
  std::memcpy(blob.data(), "DXBC", 4);
  set_u32(blob, 20, 1);
  set_u32(blob, 28, count);
  for (u32 i = 0; i < count; ++i) {
    set_u32(blob, offsets + 4 * i, static_cast<u32>(blob.size()));
    blob.insert(blob.end(), chunks[i].first, chunks[i].first + 4);
    put_u32(blob, static_cast<u32>(chunks[i].second.size()));
    blob.insert(blob.end(), chunks[i].second.begin(), chunks[i].second.end());
  }
  set_u32(blob, 24, static_cast<u32>(blob.size()));
  const std::array<u32, 4> sum = checksum(blob.data() + 20, blob.size() - 20);
  for (u32 i = 0; i < 4; ++i) set_u32(blob, 4 + 4 * i, sum[i]);
  return blob;
}

std::array<u32, 4> checksum(const u8* data, size_t size) {
  std::array<u32, 4> state{0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  const size_t full = size / 64 * 64;
  for (size_t i = 0; i < full; i += 64) md5_transform(state, data + i);
  const u32 bits = static_cast<u32>(size * 8);
  const u32 bits_tail = (bits >> 2) | 1;
  const size_t left = size - full;
  u8 block[64] = {};
  auto put = [&block](size_t at, u32 value) {
    for (int i = 0; i < 4; ++i) block[at + i] = static_cast<u8>(value >> (8 * i));
  };
  if (left < 56) {
    put(0, bits);
    std::memcpy(block + 4, data + full, left);
    block[4 + left] = 0x80;
    put(60, bits_tail);
    md5_transform(state, block);
  } else {
    std::memcpy(block, data + full, left);
    block[left] = 0x80;
    md5_transform(state, block);
    std::memset(block, 0, sizeof(block));
    put(0, bits);
    put(60, bits_tail);
    md5_transform(state, block);
  }
  return state;
}

}  // namespace xe::gfx::dxbc
