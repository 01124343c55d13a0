#pragma once
// Line breaking for the lesson text, Chinese and English mixed: a line may break at a space
// or between two Chinese characters, never inside an ASCII word (D3D12, free(),
// ID3D12Fence), never right before closing punctuation (。，、；：？！）」』 …) and never
// right after opening punctuation (（「『 …); a space before "!=" is still a break. Dear ImGui 1.86 wraps only at spaces, so a paragraph of
// Chinese is one "word" to it, broken wherever the width runs out.
#include <functional>
#include <string_view>
#include <vector>

#include "common/types.h"

namespace xe::sandbox {

// The width of a piece of text, in the units of `width` (pixels for ImGui).
using measure_text = std::function<f32(std::string_view)>;

// text broken into lines no wider than width (a single word wider than that gets a line of
// its own). Each line is a view into text, without the spaces or newline it was broken at.
std::vector<std::string_view> break_lines(std::string_view text, f32 width, const measure_text& measure);

// Closing punctuation: must not start a line. Opening: must not end one.
bool is_closing_punctuation(char32_t c);
bool is_opening_punctuation(char32_t c);

}  // namespace xe::sandbox
