// imgui_vs: vs_4_0. b0 (root constants) starts with the projection, column-major (HLSL's
// default), so cb0[i] is column i; cb0[4].xy is the bound texture's size in texels.
// v0 = POSITION, v1 = TEXCOORD, v2 = COLOR (R8G8B8A8_UNORM in the vertex, a float4 here);
// o0 = SV_Position, o1 = COLOR, o2 = TEXCOORD in texels from the first texel's centre.
cbuffer ui : register(b0) { float4x4 projection_matrix; float4 texture_size; uint4 texel_limits; };

struct vs_in { float2 position : POSITION; float2 uv : TEXCOORD; float4 color : COLOR; };
struct vs_out { float4 position : SV_Position; float4 color : COLOR; float2 texel : TEXCOORD; };

vs_out main(vs_in input)
{
    vs_out output;
    // mul r0, v0.yyyy, cb0[1]; mad r0, cb0[0], v0.xxxx, r0; add o0, r0, cb0[3]
    output.position = mul(projection_matrix, float4(input.position, 0.0f, 1.0f));
    output.color = input.color;                              // mov o1, v2
    output.texel = input.uv * texture_size.xy - 0.5f;        // mad o2.xy, v1.xyxx, cb0[4].xyxx, l(-.5, -.5)
    return output;
}
