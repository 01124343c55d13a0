// libFuzzer target: the scenario-script loader must reject any input with an error value,
// never crash, hang or trip a sanitizer. Seeds: sandbox/tests/scripts/.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "script/script.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  auto parsed = xe::sandbox::parse_script(text, "fuzz-input");
  if (!parsed && parsed.error_value().reason.empty()) __builtin_trap();  // every rejection explains itself
  return 0;
}
