// quad_vs: vs_4_0, before textured_ps (lesson 14's textured quad). v0 = POSITION (clip
// space), v1 = TEXCOORD; o0 = SV_Position, o1 = TEXCOORD.
struct vs_in { float2 position : POSITION; float2 uv : TEXCOORD; };
struct vs_out { float4 position : SV_Position; float2 uv : TEXCOORD; };

vs_out main(vs_in input)
{
    vs_out output;
    output.position = float4(input.position, 0.0f, 1.0f);  // mov o0.xy, v0.xyxx; mov o0.zw, l(0,0,0,1)
    output.uv = input.uv;                                  // mov o1.xy, v1.xyxx
    return output;
}
