// POSIX: gettext's order for messages: LANGUAGE (a colon-separated list of preferences), then
// the first of LC_ALL, LC_MESSAGES and LANG that is set.
#include <cstdlib>

#include "text/text.h"

namespace xe::sandbox {

std::vector<std::string> system_ui_locales() {
  std::vector<std::string> out;
  if (const char* list = std::getenv("LANGUAGE"); list && *list) {
    std::string_view rest{list};
    while (!rest.empty()) {
      const size_t colon = rest.find(':');
      if (colon != 0) out.emplace_back(rest.substr(0, colon));
      rest = colon == std::string_view::npos ? std::string_view{} : rest.substr(colon + 1);
    }
  }
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"})
    if (const char* value = std::getenv(name); value && *value) {
      out.emplace_back(value);
      break;
    }
  return out;
}

}  // namespace xe::sandbox
