#pragma once
// A shader blob checked by outside tools: vkd3d-compiler translates it to SPIR-V without a
// message, spirv-val accepts the result, and tools/dxbc_checksum.py (an independent
// implementation) agrees with its container checksum.
#include <span>
#include <string>
#include <vector>

#include "common/types.h"

namespace xe::test {

// What each tool objected to; empty when the blob passed all three.
std::vector<std::string> dxbc_problems(const std::string& name, std::span<const u8> blob);

// tools/dxbc_checksum.py's verdict on the file: "... match" or "... mismatch".
std::string python_dxbc_checksum(const std::string& file);

}  // namespace xe::test
