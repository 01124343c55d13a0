#pragma once
// The engine's shaders, built with dxbc_builder on first use. assets/shaders/NAME.hlsl
// shows each one as HLSL. Shaders of the sandbox's own (ImGui's) live in sandbox/imgui.
#include <span>
#include <vector>

#include "common/types.h"

namespace xe::gfx::shaders {

enum class id : u32 {
  triangle_vs,    // POSITION float2, COLOR float4 -> SV_Position, COLOR
  triangle_ps,    // COLOR -> SV_Target
  fullscreen_vs,  // SV_VertexID -> a triangle covering the target, TEXCOORD 0..1
  textured_ps,    // t0.Sample(s0, TEXCOORD)
  flat_color_ps,  // cb0[0]
  quad_vs,        // POSITION float2, TEXCOORD float2 -> SV_Position, TEXCOORD (the textured quad)
  count
};

const char* name(id shader);
// The DXBC blob; valid for the life of the program.
std::span<const u8> blob(id shader);

}  // namespace xe::gfx::shaders
