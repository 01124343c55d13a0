// imgui_ps: ps_4_0. t0 = the texture (the font atlas, or any ImTextureID), s0 = a static
// linear sampler. v1 = COLOR, v2 = TEXCOORD (linear); o0 = SV_Target.
Texture2D texture0 : register(t0);
SamplerState sampler0 : register(s0);

struct ps_in { float4 position : SV_Position; float4 color : COLOR; float2 uv : TEXCOORD; };

float4 main(ps_in input) : SV_Target
{
    // sample r0, v2.xyxx, t0.xyzw, s0; mul o0, r0, v1
    return input.color * texture0.Sample(sampler0, input.uv);
}
