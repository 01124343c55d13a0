#include "script/runner.h"

#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "io/json_input.h"

namespace xe::sandbox {

const std::vector<u32>* action_runner::label(const std::string& name) const {
  const label_entry* entry = find_label(name);
  return entry ? &entry->indices : nullptr;
}

const action_runner::label_entry* action_runner::find_label(const std::string& name) const {
  auto it = _labels.find(name);
  return it == _labels.end() ? nullptr : &it->second;
}

nlohmann::json action_runner::evaluation_document() const {
  nlohmann::json document = _host.snapshot();
  nlohmann::json labels = nlohmann::json::object();
  for (const auto& [name, entry] : _labels) labels[name] = entry.indices;
  document["labels"] = std::move(labels);
  document["checks"] = _checks;
  return document;
}

nlohmann::json action_runner::evaluation_document(const nlohmann::json::json_pointer& needed) const {
  if (needed.empty()) return evaluation_document();
  const std::vector<std::string> tokens = pointer_tokens(needed);
  const std::string& section = tokens[0];
  if (section == "checks") return {{"checks", _checks}};
  if (section != "labels") return _host.snapshot_part(needed);
  // "/labels/NAME/K" reads index K of that label alone.
  nlohmann::json labels = nlohmann::json::object();
  for (const auto& [name, entry] : _labels) {
    if (tokens.size() > 1 && name != tokens[1]) continue;
    labels[name] = tokens.size() > 2 ? element_of(tokens[2], entry.indices, [](u32 index) { return index; })
                                     : nlohmann::json(entry.indices);
  }
  return {{"labels", std::move(labels)}};
}

result<void> action_runner::run(const actions::step& step) {
  if (auto r = run_inner(step); !r)
    return make_error(r.error_value().code,
                      fmt::format("step {} ({}): {}", step.number, step.name, r.error_value().reason),
                      r.error_value().native);
  return {};
}

result<void> action_runner::run_inner(const actions::step& step) {
  XE_TRY(step.what->run(*this));
#if defined(XE_ENABLE_ASSERTS)
  // What an action records is what its kind declares: docs/scripts.md is generated from it.
  if (const std::string_view as = step.what->records_as(); !as.empty()) {
    const actions::kind* k = actions::find_kind(step.name);
    const nlohmann::json& recorded = _checks[std::string{as}];
    XE_ASSERT(k && recorded.is_object() && recorded.size() == k->records.size());
    for (const char* field : k->records) XE_ASSERT(recorded.contains(field));
  }
#endif
  return {};
}

result<void> action_runner::not_on_the_quad(const std::string& texture) const {
  if (_host.quad() != texture) return {};
  return make_error(errc::invalid_argument,
                    fmt::format("texture '{}' is on the quad: take it off first ({{\"do\": \"show_quad\", \"visible\": "
                                "false}})",
                                texture));
}

}  // namespace xe::sandbox
