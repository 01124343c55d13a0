// flat_color_ps: ps_4_0, after fullscreen_vs. b0 = 4 root constants: the colour.
// The GPU-load passes draw it with alpha 0 and alpha blending: every pixel is read and
// written, and the image does not change.
cbuffer constants : register(b0) { float4 color; };

struct ps_in { float4 position : SV_Position; float2 uv : TEXCOORD; };

float4 main(ps_in input) : SV_Target
{
    return color;  // mov o0.xyzw, cb0[0].xyzw
}
