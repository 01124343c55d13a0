#pragma once
// Scenario scripts: {"steps": [{"do": ACTION, ...params}, ...]} (docs/scripts.md).
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "script/actions.h"

namespace xe::sandbox {

struct script {
  std::string source;  // file name, for messages
  std::vector<actions::step> steps;
};

result<script> parse_script(std::string_view text, std::string_view source);
result<script> load_script(const std::filesystem::path& path);

} // namespace xe::sandbox
