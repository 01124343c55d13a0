#pragma once
// The overlay's font: a CJK font from the system (Chinese and English text), or ImGui's
// default font when none is installed (Chinese then shows as boxes; said once in the log).
#include <string>

namespace xe::sandbox {
// Adds the font to the current ImGui context with the common Simplified Chinese glyphs and
// every character of extra_text (the lessons); returns the file used, or "" for the default.
std::string load_overlay_font(float pixel_size, std::string_view extra_text = {});
}  // namespace xe::sandbox
