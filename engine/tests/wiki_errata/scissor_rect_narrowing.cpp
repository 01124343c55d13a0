// The wiki's 8.8 scissor rectangle as written: D3D12_RECT holds LONG, a 32-bit signed
// integer on Windows, and width/height are u32. XE_WITH_CAST writes the engine's form
// (CTest wiki_errata.scissor_rect_narrowing).
#include <cstdint>

using u32 = std::uint32_t;
using LONG = std::int32_t;  // as on Windows, whatever this platform's long is
struct D3D12_RECT {
  LONG left, top, right, bottom;
};

D3D12_RECT scissor(u32 width, u32 height) {
#ifdef XE_WITH_CAST
  D3D12_RECT scissor_rect{0, 0, static_cast<LONG>(width), static_cast<LONG>(height)};
#else
  D3D12_RECT scissor_rect{0, 0, width, height};
#endif
  return scissor_rect;
}

int main() { return scissor(1280, 720).right == 1280 ? 0 : 1; }
