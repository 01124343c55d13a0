#include "graphics/d3d12/d3d12_common.h"

#include <iterator>

#include <utf8cpp/utf8.h>

namespace xe::gfx::d3d12 {

std::wstring to_wide(std::string_view utf8) {
  // Malformed bytes become U+FFFD: a debug name never throws or loses the rest of the text.
  const std::string valid = utf8::replace_invalid(std::string{utf8});
  std::wstring out;
  if constexpr (sizeof(wchar_t) == 2)
    utf8::unchecked::utf8to16(valid.begin(), valid.end(), std::back_inserter(out));
  else
    utf8::unchecked::utf8to32(valid.begin(), valid.end(), std::back_inserter(out));
  return out;
}

}  // namespace xe::gfx::d3d12
