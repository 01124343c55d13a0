#pragma once
// Scenario scripts: {"steps": [{"do": ACTION, ...params}, ...]} (docs/scripts.md).
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "io/json_input.h"
#include "script/action.h"

namespace xe::sandbox {

struct script {
  std::string source;  // file name, for messages
  std::vector<actions::step> steps;
};

// Errors are errc::parse and name the script (and the step).
result<script> parse_script(std::string_view text, std::string_view source,
                            const json_limits& limits = document_limits);
// errc::io when the file cannot be read (missing, a folder, a FIFO, a device); errc::parse
// for everything about its content.
result<script> load_script(const std::filesystem::path& path);

}  // namespace xe::sandbox
