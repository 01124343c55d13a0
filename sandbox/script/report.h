#pragma once
// How the lesson console writes a step's report: one fact a line ("   · "), measurements
// that depend on timing ("   ≈ "), values as a learner reads them. Shared by the actions'
// reports (script/actions/) and the console (lessons/lesson_console.cpp).
#include <string>

#include <nlohmann/json.hpp>

#include "text/text.h"

namespace xe::sandbox::report {

std::string fact_line(const std::string& what);      // "   · what\n": the lesson decides it
std::string measured_line(const std::string& what);  // "   ≈ what\n": it depends on timing
// A JSON value as a learner reads it: strings unquoted, arrays without brackets.
std::string value_text(const nlohmann::json& v);
std::string list_text(const nlohmann::json& v);  // "[1 2 3]"
const char* yes_no(bool yes, language lang);
// What a provoked hazard's capture says: whether the runtime could hand its messages over,
// whether the validation layer was on, whether it reported. Then each captured message.
std::string capture_facts(const nlohmann::json& check, language lang);
std::string captured_messages(const nlohmann::json& check, language lang);

// A provoked hazard's checks plus what the runtime said. With the validation layer on it must
// have said something; without it nothing checks, and silence is the honest result.
template <typename Report>
nlohmann::json with_capture(nlohmann::json checks, const Report& report) {
  const bool reported = !report.messages.empty();
  checks["capture_available"] = report.capture_available;
  checks["validation_layer"] = report.validation_layer;
  checks["messages"] = report.messages;
  checks["reported"] = reported;
  checks["reported_as_the_layer_predicts"] = reported == (report.validation_layer && report.capture_available);
  return checks;
}

}  // namespace xe::sandbox::report
