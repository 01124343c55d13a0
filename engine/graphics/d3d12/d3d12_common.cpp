#include "graphics/d3d12/d3d12_common.h"

namespace xe::gfx::d3d12 {

std::wstring to_wide(std::string_view utf8) {
  std::wstring out;
  out.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) {
    const u8 c = static_cast<u8>(utf8[i]);
    u32 cp = c;
    size_t extra = 0;
    if (c >= 0xF0) cp = c & 0x07, extra = 3;
    else if (c >= 0xE0) cp = c & 0x0F, extra = 2;
    else if (c >= 0xC0) cp = c & 0x1F, extra = 1;
    if (i + extra >= utf8.size()) break;  // truncated sequence
    for (size_t k = 1; k <= extra; ++k) cp = (cp << 6) | (static_cast<u8>(utf8[i + k]) & 0x3F);
    i += extra + 1;
    if constexpr (sizeof(wchar_t) == 2) {
      if (cp >= 0x10000) {
        cp -= 0x10000;
        out.push_back(static_cast<wchar_t>(0xD800 + (cp >> 10)));
        out.push_back(static_cast<wchar_t>(0xDC00 + (cp & 0x3FF)));
        continue;
      }
    }
    out.push_back(static_cast<wchar_t>(cp));
  }
  return out;
}

} // namespace xe::gfx::d3d12
