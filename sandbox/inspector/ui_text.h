#pragma once
// The inspector's own labels (window titles, tabs, sections, buttons, the controls) in the
// learner's language. A widget keeps its English label as its ImGui id and as the name tests
// and the UI map use ("显示文字###English"), so only what is read changes.
#include <string>

#include "lessons/bilingual.h"

namespace xe::sandbox::ui {

void set_ui_language(language lang);  // English until a lesson view says otherwise
language ui_language();
// english in the current language (english itself when the catalogue has no entry).
const char* ui_text(const char* english);
// What to pass to ImGui: the text in the current language with english as its id, the
// same id in either language.
std::string ui_label(const char* english);
// Every Chinese character of the catalogue: the overlay's font must hold them.
std::string ui_text_zh_glyphs();

}  // namespace xe::sandbox::ui
