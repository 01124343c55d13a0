// Windows: the user's UI language (the display language chosen in Settings), as a locale
// name ("pt-BR").
#include <windows.h>

#include "text/text.h"

namespace xe::sandbox {

std::vector<std::string> system_ui_locales() {
  wchar_t name[LOCALE_NAME_MAX_LENGTH] = {};
  const LCID lcid = MAKELCID(GetUserDefaultUILanguage(), SORT_DEFAULT);
  const int length = LCIDToLocaleName(lcid, name, LOCALE_NAME_MAX_LENGTH, 0);
  if (length <= 1) return {};
  std::string narrow;  // locale names are ASCII
  for (int i = 0; i < length - 1; ++i) narrow += static_cast<char>(name[i] < 0x80 ? name[i] : '?');
  return {narrow};
}

}  // namespace xe::sandbox
