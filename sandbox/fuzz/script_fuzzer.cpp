// libFuzzer target: the scenario-script loader must reject any input with an error value,
// never crash, hang or trip a sanitizer; and it reads through the capped JSON path: nothing
// nested deeper than the cap and nothing larger than the size cap is ever accepted, and
// either refusal says so. Seeds: sandbox/tests/scripts/, sandbox/tests/bad_input/scripts/.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "json_depth.h"
#include "script/script.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace xe::sandbox;
  const std::string_view text{reinterpret_cast<const char*>(data), size};
  constexpr json_limits limits{2048, 16};  // small, so inputs reach them
  auto parsed = parse_script(text, "fuzz-input", limits);
  if (!parsed && parsed.error_value().reason.empty()) __builtin_trap();  // every rejection explains itself
  const bool too_large = size > limits.max_bytes;
  const bool too_deep = fuzz::nesting_depth(text) > limits.max_depth;
  if (parsed && (too_large || too_deep)) __builtin_trap();  // a cap let something through
  // (Refusals are recognised by how they start: the text itself may quote anything.)
  const std::string_view reason = parsed ? std::string_view{} : std::string_view{parsed.error_value().reason};
  if (too_large && reason.rfind("script 'fuzz-input' is ", 0) != 0) __builtin_trap();
  if (reason.rfind("script 'fuzz-input' nests deeper than", 0) == 0 && !too_deep) __builtin_trap();
  // The real caps too: the same text never passes them where the small ones passed.
  if (parsed && !parse_script(text, "fuzz-input")) __builtin_trap();
  return 0;
}
