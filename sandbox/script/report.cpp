#include "script/report.h"

namespace xe::sandbox::report {

using nlohmann::json;

std::string fact_line(const std::string& what) { return "   · " + what + "\n"; }

std::string measured_line(const std::string& what) { return "   ≈ " + what + "\n"; }

std::string value_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "null";
  if (v.is_array()) {
    std::string out;
    for (const json& e : v) out += (out.empty() ? "" : ", ") + value_text(e);
    return out;
  }
  return v.dump();
}

std::string list_text(const json& v) {
  std::string out;
  if (v.is_array())
    for (const json& e : v) out += (out.empty() ? "" : " ") + value_text(e);
  return "[" + out + "]";
}

const char* yes_no(bool yes, language lang) { return yes ? text(lang, "yes"_t) : text(lang, "no"_t); }

std::string capture_facts(const json& c, language lang) {
  std::string out;
  if (!c.value("capture_available", false))
    out = fact_line(text(lang, "this runtime does not hand its messages to the engine: nothing could be captured"_t));
  else if (!c.value("validation_layer", false))
    out = fact_line(text(lang, "the Vulkan validation layer is off: nothing checks, and the runtime says nothing"_t));
  else
    out = fact_line(textf(lang, "the validation layer is on; the runtime reported it: {}"_t,
                          yes_no(c.value("reported", false), lang)));
  return out;
}

std::string captured_messages(const json& c, language lang) {
  std::string out;
  for (const json& m : c.value("messages", json::array()))
    out += measured_line(textf(lang, "captured: {}"_t, value_text(m)));
  return out;
}

}  // namespace xe::sandbox::report
