#pragma once
// The engine's shaders, built with dxbc_builder on first use. assets/shaders/NAME.hlsl
// shows each one as HLSL.
#include <span>
#include <vector>

#include "common/types.h"

namespace xe::gfx::shaders {

enum class id : u32 {
  triangle_vs,    // POSITION float2, COLOR float4 -> SV_Position, COLOR
  triangle_ps,    // COLOR -> SV_Target
  imgui_vs,       // POSITION float2, TEXCOORD float2, COLOR rgba8; cb0[0..3] projection columns, cb0[4] texture size
  imgui_ps,       // COLOR * t0 (RGBA8 texels in a raw buffer, filtered bilinearly at TEXCOORD in texels)
  fullscreen_vs,  // SV_VertexID -> a triangle covering the target, TEXCOORD 0..1
  textured_ps,    // t0.Sample(s0, TEXCOORD)
  flat_color_ps,  // cb0[0]
  count
};

const char* name(id shader);
// The DXBC blob; valid for the life of the program.
std::span<const u8> blob(id shader);

} // namespace xe::gfx::shaders
