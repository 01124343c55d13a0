// libFuzzer target: the lesson loader must reject any input with an error value naming
// the lesson, never crash, hang or trip a sanitizer. Seeds: lessons/.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "lessons/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  auto parsed = xe::sandbox::parse_lesson(text, "fuzz-input");
  if (!parsed && parsed.error_value().reason.find("fuzz-input") == std::string::npos) __builtin_trap();
  return 0;
}
