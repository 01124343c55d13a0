// imgui_ps: ps_5_0. t0 = the texture (the font atlas, or any ui_texture): RGBA8 texels, row
// after row, in a ByteAddressBuffer bound as a root SRV (no descriptor table: see
// root_layout::ui). It is filtered here as a linear sampler with clamp addressing would.
// cb0[5] = (width - 1, height - 1, row pitch in bytes, 0). v1 = COLOR, v2 = TEXCOORD in
// texels (linear); o0 = SV_Target.
ByteAddressBuffer texels : register(t0);
cbuffer ui : register(b0) { float4x4 projection_matrix; float4 texture_size; uint4 texel_limits; };

struct ps_in { float4 position : SV_Position; float4 color : COLOR; float2 texel : TEXCOORD; };

float4 texel_at(int2 xy)  // 0..255 per channel
{
    uint rgba = texels.Load(xy.y * texel_limits.z + xy.x * 4);
    return float4(rgba & 255, (rgba >> 8) & 255, (rgba >> 16) & 255, rgba >> 24);
}

float4 main(ps_in input) : SV_Target
{
    float2 base = floor(input.texel);           // round_ni
    float2 weight = input.texel - base;
    int4 xy = clamp(int4(base, base + 1), 0, int4(texel_limits.xyxy));  // x0, y0, x1, y1
    float4 top = lerp(texel_at(xy.xy), texel_at(xy.zy), weight.x);
    float4 bottom = lerp(texel_at(xy.xw), texel_at(xy.zw), weight.x);
    return lerp(top, bottom, weight.y) * input.color / 255.0f;
}
