// imgui_ps: ps_5_0. t0 = the texture (the font atlas, or any ui_texture): RGBA8 texels, row
// after row, in a ByteAddressBuffer bound as a root SRV (no descriptor table: see
// root_layout::ui). It is read at the nearest texel with clamp addressing, as a point
// sampler would: ImGui draws at one pixel per unit with glyphs on whole pixels, so pixel
// centres fall on texel centres, and anti-aliased lines are geometry (NoBakedLines).
// cb0[5] = (width - 1, height - 1, row pitch in bytes, 0). v1 = COLOR, v2 = TEXCOORD in
// texels from the first texel's centre (linear); o0 = SV_Target.
ByteAddressBuffer texels : register(t0);
cbuffer ui : register(b0) { float4x4 projection_matrix; float4 texture_size; uint4 texel_limits; };

struct ps_in { float4 position : SV_Position; float4 color : COLOR; float2 texel : TEXCOORD; };

float4 main(ps_in input) : SV_Target
{
    int2 xy = clamp(int2(floor(input.texel + 0.5f)), 0, int2(texel_limits.xy));  // add, round_ni, ftoi, imax, imin
    uint rgba = texels.Load(xy.y * texel_limits.z + xy.x * 4);                    // ishl, imad, ld_raw
    float4 texel = float4(rgba & 255, (rgba >> 8) & 255, (rgba >> 16) & 255, rgba >> 24);  // ushr, and, utof
    return texel * input.color / 255.0f;
}
