#include "inspector/ui_text.h"

#include <optional>

namespace xe::sandbox::ui {
namespace {
std::optional<language> g_language;  // none: English, until a lesson view says otherwise
}  // namespace

void set_ui_language(language lang) { g_language = lang; }

language ui_language() { return g_language.value_or(language::english()); }

std::string ui_label(language lang, text_key key, std::string_view id) {
  std::string label = text(lang, key);
  label += "###";
  label += id.empty() ? key.english : id;
  return label;
}

}  // namespace xe::sandbox::ui
