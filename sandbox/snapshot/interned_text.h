#pragma once
// interned_text: a string stored once for the life of the process, held by pointer. An
// event's names repeat frame after frame (the same heaps, back buffers, barrier texts), so
// the recorder and the history ring copy a pointer each, not the characters; texts equal in
// content are the same pointer. The pool only grows: what it holds is reported by
// interned_text::pool_bytes() (a session's distinct names, a few KB).
// Thread-safe: the pool is locked; a per-thread cache of recent sources skips the lock and
// the hash for a name seen before at the same address.
#include <iosfwd>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace xe::sandbox {

class interned_text {
public:
  interned_text() = default;
  interned_text(std::string_view text) : _text{intern(text)} {}  // NOLINT: a text converts
  interned_text(const std::string& text) : interned_text{std::string_view{text}} {}  // NOLINT
  interned_text(const char* text) : interned_text{std::string_view{text}} {}         // NOLINT

  const std::string& str() const { return _text ? *_text : empty_string(); }
  operator const std::string&() const { return str(); }  // NOLINT: reads as the string it is
  operator std::string_view() const { return str(); }    // NOLINT
  bool empty() const { return !_text || _text->empty(); }
  size_t size() const { return _text ? _text->size() : 0; }

  // One pointer per distinct content: comparing is comparing pointers.
  friend bool operator==(const interned_text& a, const interned_text& b) { return a.str().data() == b.str().data(); }
  friend bool operator==(const interned_text& a, std::string_view b) { return a.str() == b; }
  friend bool operator==(const interned_text& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const interned_text& a, const char* b) { return a.str() == b; }
  friend auto operator<=>(const interned_text& a, const interned_text& b) { return a.str() <=> b.str(); }
  friend std::ostream& operator<<(std::ostream& out, const interned_text& t);

  static size_t pool_bytes();  // every distinct text so far, with the pool's own nodes

private:
  static const std::string* intern(std::string_view text);  // null for the empty text
  static const std::string& empty_string();

  const std::string* _text{nullptr};
};

} // namespace xe::sandbox

template <>
struct fmt::formatter<xe::sandbox::interned_text> : fmt::formatter<std::string_view> {
  template <typename Context>
  auto format(const xe::sandbox::interned_text& t, Context& ctx) const {
    return fmt::formatter<std::string_view>::format(std::string_view{t.str()}, ctx);
  }
};
