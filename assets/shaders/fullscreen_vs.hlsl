// fullscreen_vs: vs_4_0. Three vertices with no vertex buffer: DrawInstanced(3, 1, 0, 0).
// v0.x = SV_VertexID; o0 = SV_Position, o1 = TEXCOORD. The triangle (-1,1), (3,1), (-1,-3)
// covers the whole target with uv running 0..1 across the visible part.
struct vs_out { float4 position : SV_Position; float2 uv : TEXCOORD; };

vs_out main(uint id : SV_VertexID)
{
    vs_out output;
    // ishl r0.x, v0.x, 1; and r0.x, r0.x, 2; and r0.y, v0.x, 2; utof r0.xy, r0.xy
    float2 uv = float2((id << 1) & 2, id & 2);
    // mad o0.xy, r0.xyxx, l(2,-2,0,0), l(-1,1,0,0); mov o0.zw, l(0,0,0,1)
    output.position = float4(uv * float2(2.0f, -2.0f) + float2(-1.0f, 1.0f), 0.0f, 1.0f);
    output.uv = uv;  // mov o1.xy, r0.xyxx
    return output;
}
