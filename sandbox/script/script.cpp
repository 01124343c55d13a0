#include "script/script.h"

#include <fstream>
#include <sstream>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {

result<script> parse_script(std::string_view text, std::string_view source) {
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {  // parse errors, and number overflow (out_of_range)
    return make_error(errc::parse, fmt::format("script '{}' is not valid JSON: {}", source, e.what()));
  }
  if (!document.is_object() || !document.contains("steps"))
    return make_error(errc::parse, fmt::format("script '{}' must be an object with a \"steps\" array", source));
  for (const auto& [key, value] : document.items())
    if (key != "steps" && key != "description")
      return make_error(errc::parse, fmt::format("script '{}': unknown top-level key '{}'", source, key));
  auto steps = actions::parse_steps(document["steps"]);
  if (!steps) return make_error(errc::parse, fmt::format("script '{}': {}", source, steps.error_value().reason));
  return script{std::string{source}, std::move(*steps)};
}

result<script> load_script(const std::filesystem::path& path) {
  std::ifstream in{path, std::ios::binary};
  if (!in) return make_error(errc::io, fmt::format("cannot read script '{}'", path.string()));
  std::stringstream text;
  text << in.rdbuf();
  return parse_script(text.str(), path.string());
}

} // namespace xe::sandbox
