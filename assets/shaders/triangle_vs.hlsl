// triangle_vs: vs_4_0. v0 = POSITION, v1 = COLOR; o0 = SV_Position, o1 = COLOR.
struct vs_in { float2 position : POSITION; float4 color : COLOR; };
struct vs_out { float4 position : SV_Position; float4 color : COLOR; };

vs_out main(vs_in input)
{
    vs_out output;
    output.position = float4(input.position, 0.0f, 1.0f);  // mov o0.xy, v0.xyxx; mov o0.zw, l(0,0,0,1)
    output.color = input.color;                            // mov o1.xyzw, v1.xyzw
    return output;
}
