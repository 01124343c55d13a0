// libFuzzer target: the lesson loader must reject any input with an error value naming
// the lesson, never crash, hang or trip a sanitizer; through the capped JSON path, nothing
// deeper or larger than the caps is accepted. Seeds: lessons/.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "json_depth.h"
#include "lessons/lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace xe::sandbox;
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  constexpr json_limits limits{64 * 1024, 12};  // lessons nest about 8 levels
  auto parsed = parse_lesson(text, "fuzz-input", limits);
  if (!parsed && parsed.error_value().reason.find("fuzz-input") == std::string::npos) __builtin_trap();
  if (parsed && (size > limits.max_bytes || fuzz::nesting_depth(text) > limits.max_depth)) __builtin_trap();
  return 0;
}
