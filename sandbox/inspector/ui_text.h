#pragma once
// The inspector's texts come from the catalogue (text/text.h), in the learner's language. A
// widget keeps its English text as its ImGui id and as the name tests and the UI map use
// ("显示文字###English"), so only what is read changes with the language.
#include <string>
#include <string_view>

#include "text/text.h"

namespace xe::sandbox::ui {

void set_ui_language(language lang);  // English until a lesson view says otherwise
language ui_language();
// key in the inspector's language.
inline const char* tr(text_key key) { return text(ui_language(), key); }
template <typename... Args>
std::string trf(text_key key, const Args&... args) {
  return textf(ui_language(), key, args...);
}
// What to pass to ImGui: key's text in lang with the English key as its id, or with id.
std::string ui_label(language lang, text_key key, std::string_view id = {});
inline std::string ui_label(text_key key) { return ui_label(ui_language(), key); }

}  // namespace xe::sandbox::ui
