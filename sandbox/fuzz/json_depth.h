#pragma once
// For the fuzz targets: the deepest nesting of arrays and objects in text, counted outside
// strings the way a JSON parser would (an estimate for invalid text, exact for valid text).
#include <cstddef>
#include <string_view>

namespace xe::sandbox::fuzz {

inline size_t nesting_depth(std::string_view text) {
  size_t depth = 0, deepest = 0;
  bool in_string = false, escaped = false;
  for (const char c : text) {
    if (in_string) {
      if (escaped)
        escaped = false;
      else if (c == '\\')
        escaped = true;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > deepest) deepest = depth;
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return deepest;
}

}  // namespace xe::sandbox::fuzz
