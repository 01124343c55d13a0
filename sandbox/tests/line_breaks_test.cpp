// Line breaking of the lessons' mixed Chinese and English text (lessons/line_breaks.h),
// with a fixed-width measure: an ASCII character is 1 wide, any other character 2.
#include <gtest/gtest.h>

#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "lessons/line_breaks.h"

namespace xe::sandbox {
namespace {

// Code points of s (UTF-8, as the lesson files are).
std::u32string code_points(std::string_view s) {
  std::u32string out;
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const size_t n = b < 0x80 ? 1 : b < 0xe0 ? 2 : b < 0xf0 ? 3 : 4;
    char32_t c = n == 1 ? b : b & (0x7f >> n);
    for (size_t k = 1; k < n && i + k < s.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3f);
    out.push_back(c);
    i += n;
  }
  return out;
}

f32 fixed_width(std::string_view s) {
  f32 w = 0;
  for (char32_t c : code_points(s)) w += c < 0x80 ? 1.f : 2.f;
  return w;
}

std::string without_spaces(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '\n') out += c;
  return out;
}

// Every rule, at one width: nothing lost, no line too wide (unless it is one word), no line
// starting with closing or ending with opening punctuation, no ASCII word split.
void check_rules(const std::string& text, f32 width) {
  SCOPED_TRACE(testing::Message() << "width " << width << ": " << text);
  const auto lines = break_lines(text, width, fixed_width);
  std::string joined;
  for (size_t i = 0; i < lines.size(); ++i) {
    const std::string_view line = lines[i];
    joined += line;
    if (line.empty()) continue;
    const std::u32string cps = code_points(line);
    // A space before it is a break (as in "event != NULL"); no space, and no break.
    const size_t begin = static_cast<size_t>(line.data() - text.data());
    if (begin == 0 || text[begin - 1] != ' ') {
      EXPECT_FALSE(is_closing_punctuation(cps.front())) << "line " << i << " starts with closing punctuation: " << line;
    }
    EXPECT_FALSE(is_opening_punctuation(cps.back())) << "line " << i << " ends with opening punctuation: " << line;
    if (fixed_width(line) > width) {
      EXPECT_EQ(line.find(' '), std::string_view::npos) << "line " << i << " is too wide yet has a space: " << line;
    }
    // ASCII words stay whole: neither this line's end nor the next one's start cuts one.
    if (i + 1 < lines.size() && !lines[i + 1].empty()) {
      const unsigned char last = static_cast<unsigned char>(line.back()),
                          next = static_cast<unsigned char>(lines[i + 1].front());
      const auto word_char = [](unsigned char c) { return c > 0x20 && c < 0x80; };
      const size_t end = static_cast<size_t>(line.data() + line.size() - text.data());
      if (end < text.size() && text[end] != ' ' && text[end] != '\n') {
        EXPECT_FALSE(word_char(last) && word_char(next))
            << "an ASCII word split between lines " << i << " and " << i + 1 << ": " << line << " | " << lines[i + 1];
      }
    }
  }
  EXPECT_LE(joined.size(), text.size());
  EXPECT_EQ(without_spaces(joined), without_spaces(text)) << "characters lost or repeated";
}

TEST(line_breaks, chinese_never_starts_a_line_with_closing_punctuation) {
  const std::string text =
      "描述符堆是一块连续的描述符数组。释放的索引先进入当前帧槽的延迟队列，等该槽的栅栏值完成后，"
      "才回到空闲栈；否则，GPU 可能仍在读取它！（这就是为什么要等三帧。）「延迟释放」、『帧槽』：都一样？";
  for (f32 width = 4; width <= 80; width += 1) check_rules(text, width);
  // Where a greedy break would put "。" first, the character before it moves down with it.
  const auto lines = break_lines("一二三。四五", 6, fixed_width);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "一二");
  EXPECT_EQ(lines[1], "三。四");
  EXPECT_EQ(lines[2], "五");
}

TEST(line_breaks, ascii_words_stay_whole_and_keep_their_punctuation) {
  const std::string text =
      "调用 free() 之后，索引不会立刻回到空闲栈。D3D12 的 ID3D12Fence 告诉我们 GPU 完成到了哪一帧。"
      "用D3D12写引擎，用free()释放。";
  for (f32 width = 6; width <= 60; width += 1) check_rules(text, width);
  for (f32 width = 6; width <= 60; width += 1) {
    for (std::string_view line : break_lines(text, width, fixed_width)) {
      EXPECT_NE(line, "D3D1") << "D3D12 split";
      EXPECT_FALSE(line.starts_with("2") || line.starts_with(")") || line.starts_with("()")) << line;
    }
  }
  // "free()。" is one piece: the full stop does not start the next line.
  const auto lines = break_lines("用free()。", 8, fixed_width);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "用");
  EXPECT_EQ(lines[1], "free()。");
}

TEST(line_breaks, english_breaks_at_spaces_and_newlines) {
  const auto lines = break_lines("the fence value of slot one", 10, fixed_width);
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines[0], "the fence");
  EXPECT_EQ(lines[1], "value of");
  EXPECT_EQ(lines[2], "slot one");
  const auto paragraphs = break_lines("one\n\ntwo", 100, fixed_width);
  ASSERT_EQ(paragraphs.size(), 3u);
  EXPECT_EQ(paragraphs[1], "");
  EXPECT_TRUE(break_lines("", 10, fixed_width).empty());
  EXPECT_EQ(break_lines("  ", 10, fixed_width).size(), 0u);
}

// Found on a Portuguese screen: "í|ndices", "liberaç|ão". Accented letters are part of a word.
TEST(line_breaks, accented_words_stay_whole) {
  const std::string text = "a pilha de índices livres e a liberação adiada, o índice é devolvido";
  std::set<std::string_view> words;
  for (size_t at = 0; at < text.size();) {
    const size_t end = std::min(text.find(' ', at), text.size());
    words.insert(std::string_view{text}.substr(at, end - at));
    at = end + 1;
  }
  for (f32 width = 8; width <= 40; width += 1)
    for (std::string_view line : break_lines(text, width, fixed_width))
      for (size_t at = 0; at < line.size();) {
        const size_t end = std::min(line.find(' ', at), line.size());
        EXPECT_TRUE(words.count(line.substr(at, end - at))) << "width " << width << ": a word split in " << line;
        at = end + 1;
      }
}

TEST(line_breaks, malformed_utf8_still_breaks) {
  const std::string text = "\xe6\x8f abc \xff\xfe 描述";
  for (f32 width = 1; width <= 12; width += 1) EXPECT_FALSE(break_lines(text, width, fixed_width).empty());
}

// Every text of every lesson, in both languages, at the widths the lesson panel has.
TEST(line_breaks, every_lesson_text_follows_the_rules) {
  size_t texts = 0;
  for (const char* id :
       {"01-what-is-d3d12", "06-command-queue-and-fences", "07-descriptor-heaps", "10-resize-and-rebuild"}) {
    std::ifstream file{std::string{XE_SOURCE_DIR} + "/lessons/" + id + ".json"};
    ASSERT_TRUE(file) << id;
    const nlohmann::json lesson = nlohmann::json::parse(file);
    for (const nlohmann::json& step : lesson["steps"])
      for (const char* lang : {"zh", "en", "pt"}) {
        const std::string text = step["text"][lang];
        for (f32 width : {20.f, 37.f, 52.f}) check_rules(text, width);
        ++texts;
      }
  }
  EXPECT_GT(texts, 20u);
}

}  // namespace
}  // namespace xe::sandbox
