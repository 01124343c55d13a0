#include "script/script.h"

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {
namespace {

result<script> script_from_json(const nlohmann::json& document, std::string_view source) {
  if (!document.is_object() || !document.contains("steps"))
    return make_error(errc::parse, fmt::format("script '{}' must be an object with a \"steps\" array", source));
  for (const auto& [key, value] : document.items())
    if (key != "steps" && key != "description")
      return make_error(errc::parse,
                        fmt::format("script '{}': unknown top-level key '{}'", source, brief_text(key, 40)));
  auto steps = actions::parse_steps(document["steps"]);
  if (!steps) return make_error(errc::parse, fmt::format("script '{}': {}", source, steps.error_value().reason));
  return script{std::string{source}, std::move(*steps)};
}

}  // namespace

result<script> parse_script(std::string_view text, std::string_view source, const json_limits& limits) {
  XE_TRY_ASSIGN(auto document, parse_json(text, fmt::format("script '{}'", source), limits));
  return script_from_json(document, source);
}

result<script> load_script(const std::filesystem::path& path) {
  XE_TRY_ASSIGN(auto document, read_json_file(path, "script", document_limits));
  return script_from_json(document, path.string());
}

}  // namespace xe::sandbox
