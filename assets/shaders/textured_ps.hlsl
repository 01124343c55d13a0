// textured_ps: ps_4_0, after fullscreen_vs. t0 = the texture, s0 = a static point sampler
// (clamp). v1 = TEXCOORD; o0 = SV_Target.
Texture2D texture0 : register(t0);
SamplerState sampler0 : register(s0);

struct ps_in { float4 position : SV_Position; float2 uv : TEXCOORD; };

float4 main(ps_in input) : SV_Target
{
    return texture0.Sample(sampler0, input.uv);  // sample o0.xyzw, v1.xyxx, t0.xyzw, s0
}
