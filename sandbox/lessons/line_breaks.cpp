#include "lessons/line_breaks.h"

#include <algorithm>

#include <utf8cpp/utf8.h>

namespace xe::sandbox {
namespace {

// One code point at text[at] (UTF-8); size: its byte count. Malformed bytes count as one
// code point each, so any input breaks somewhere.
char32_t decode(std::string_view text, size_t at, size_t& size) {
  auto it = text.begin() + static_cast<std::ptrdiff_t>(at);
  try {
    const char32_t c = utf8::next(it, text.end());
    size = static_cast<size_t>(it - text.begin()) - at;
    return c;
  } catch (const utf8::exception&) {
    size = 1;
    return static_cast<unsigned char>(text[at]);
  }
}

// Chinese, Japanese and Korean characters and their full-width punctuation: a line may break
// between two of them. Every other letter belongs to a word (Portuguese "liberação" too).
bool is_cjk(char32_t c) {
  return (c >= 0x2E80 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF) || (c >= 0xF900 && c <= 0xFAFF) ||
         (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFFEF) || (c >= 0x20000 && c <= 0x2FFFF);
}

bool is_space(char32_t c) { return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r'; }

// An unbreakable piece: a word (no space, no CJK), or one CJK character, with the punctuation glued
// to it. space_before: a space separates it from the piece before (dropped at a break).
struct piece {
  size_t begin{}, end{};
  bool space_before{};
  u32 newlines_before{};  // forced breaks before it (2: a blank line between)
};

}  // namespace

bool is_closing_punctuation(char32_t c) {
  switch (c) {
    case U'。':
    case U'，':
    case U'、':
    case U'；':
    case U'：':
    case U'？':
    case U'！':
    case U'）':
    case U'」':
    case U'』':
    case U'】':
    case U'》':
    case U'〉':
    case U'”':
    case U'’':
    case U'…':
    case U'·':
    case U'．':
    case U'％':
    case U'〕':
    case U'］':
    case U'｝':
    case U'～':
    case U',':
    case U'.':
    case U';':
    case U':':
    case U'?':
    case U'!':
    case U')':
    case U']':
    case U'}':
    case U'%': return true;
    default: return false;
  }
}

bool is_opening_punctuation(char32_t c) {
  switch (c) {
    case U'（':
    case U'「':
    case U'『':
    case U'【':
    case U'《':
    case U'〈':
    case U'“':
    case U'‘':
    case U'〔':
    case U'［':
    case U'｛':
    case U'(':
    case U'[':
    case U'{': return true;
    default: return false;
  }
}

std::vector<std::string_view> break_lines(std::string_view text, f32 width, const measure_text& measure) {
  // Pieces first: ASCII words whole; every other character alone; closing punctuation
  // joins the piece before it, opening punctuation the piece after it.
  std::vector<piece> pieces;
  bool space = false, glue_next = false;
  u32 newlines = 0;
  for (size_t at = 0; at < text.size();) {
    size_t size = 0;
    const char32_t c = decode(text, at, size);
    if (is_space(c)) {
      space = true;
      newlines += c == U'\n' ? 1 : 0;
      glue_next = false;  // a space ends any glue
      at += size;
      continue;
    }
    const bool word = !is_cjk(c) && !is_opening_punctuation(c);
    size_t end = at + size;
    if (word)  // the rest of the word: up to a space or a CJK character
      for (size_t n = 0; end < text.size(); end += n) {
        const char32_t d = decode(text, end, n);
        if (is_space(d) || is_cjk(d)) break;
      }
    const bool joins_previous = !pieces.empty() && !space && (glue_next || is_closing_punctuation(c));
    if (joins_previous)
      pieces.back().end = end;
    else
      pieces.push_back({at, end, space && !pieces.empty(), pieces.empty() ? 0u : newlines});
    glue_next = !word && is_opening_punctuation(c);
    space = false;
    newlines = 0;
    at = end;
  }

  std::vector<std::string_view> lines;
  const f32 space_width = measure(" ");
  size_t line_begin = 0, line_end = 0;
  f32 line_width = 0;
  bool line_open = false;
  for (const piece& p : pieces) {
    const f32 w = measure(text.substr(p.begin, p.end - p.begin));
    const f32 gap = p.space_before ? space_width : 0.f;
    if (line_open && (p.newlines_before > 0 || line_width + gap + w > width)) {
      lines.push_back(text.substr(line_begin, line_end - line_begin));
      for (u32 blank = 1; blank < p.newlines_before; ++blank) lines.emplace_back();
      line_open = false;
    }
    if (!line_open) {
      line_begin = p.begin;
      line_width = w;
      line_open = true;
    } else {
      line_width += gap + w;
    }
    line_end = p.end;
  }
  if (line_open) lines.push_back(text.substr(line_begin, line_end - line_begin));
  return lines;
}

}  // namespace xe::sandbox
