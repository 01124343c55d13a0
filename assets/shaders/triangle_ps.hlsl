// triangle_ps: ps_4_0. v1 = COLOR (linear); o0 = SV_Target. SV_Position is in the input
// signature (it must match the vertex shader's output) but not read.
struct ps_in { float4 position : SV_Position; float4 color : COLOR; };

float4 main(ps_in input) : SV_Target
{
    return input.color;  // mov o0.xyzw, v1.xyzw
}
