// imgui_vs: vs_4_0. b0 holds the projection as 16 root constants, column-major (HLSL's
// default), so cb0[i] is column i. v0 = POSITION, v1 = TEXCOORD, v2 = COLOR (R8G8B8A8_UNORM
// in the vertex, a float4 here); o0 = SV_Position, o1 = COLOR, o2 = TEXCOORD.
cbuffer projection : register(b0) { float4x4 projection_matrix; };

struct vs_in { float2 position : POSITION; float2 uv : TEXCOORD; float4 color : COLOR; };
struct vs_out { float4 position : SV_Position; float4 color : COLOR; float2 uv : TEXCOORD; };

vs_out main(vs_in input)
{
    vs_out output;
    // mul r0, v0.yyyy, cb0[1]; mad r0, cb0[0], v0.xxxx, r0; add o0, r0, cb0[3]
    output.position = mul(projection_matrix, float4(input.position, 0.0f, 1.0f));
    output.color = input.color;  // mov o1, v2
    output.uv = input.uv;        // mov o2.xy, v1.xyxx
    return output;
}
