#pragma once
// utl::interned_text: a string stored once for the life of the process, held by pointer.
// An event's texts repeat frame after frame (the same heaps, back buffers, barrier states),
// so the engine interns each where it is named (a heap, a tracked resource, a transition)
// and every event, recorder and history record after it copies a pointer, not characters.
// Texts equal in content are the same pointer.
//
// Making one from characters locks the pool and hashes them: do it where a name is made,
// not per frame. The pool only grows (pool_bytes() reports it: a session's distinct names).
// Thread-safe.
#include <iosfwd>
#include <string>
#include <string_view>

#include <spdlog/fmt/fmt.h>

namespace xe::utl {

class interned_text {
public:
  interned_text() = default;
  interned_text(std::string_view text) : _text{text.empty() ? nullptr : intern(text)} {}  // NOLINT: a text converts
  interned_text(const std::string& text) : interned_text{std::string_view{text}} {}       // NOLINT
  interned_text(const char* text) : interned_text{std::string_view{text}} {}              // NOLINT

  const std::string& str() const { return _text ? *_text : empty_string(); }
  operator const std::string&() const { return str(); }  // NOLINT: reads as the string it is
  operator std::string_view() const { return str(); }    // NOLINT
  bool empty() const { return !_text || _text->empty(); }
  size_t size() const { return _text ? _text->size() : 0; }

  // One pointer per distinct content: comparing is comparing pointers.
  friend bool operator==(const interned_text& a, const interned_text& b) { return a._text == b._text; }
  friend bool operator==(const interned_text& a, std::string_view b) { return a.str() == b; }
  friend bool operator==(const interned_text& a, const std::string& b) { return a.str() == b; }
  friend bool operator==(const interned_text& a, const char* b) { return a.str() == b; }
  friend auto operator<=>(const interned_text& a, const interned_text& b) { return a.str() <=> b.str(); }
  friend std::ostream& operator<<(std::ostream& out, const interned_text& t);

  static size_t pool_bytes();  // every distinct text so far, with the pool's own nodes

private:
  static const std::string* intern(std::string_view text);  // text is not empty
  static const std::string& empty_string();

  const std::string* _text{nullptr};  // null: the empty text
};

}  // namespace xe::utl

template <>
struct fmt::formatter<xe::utl::interned_text> : fmt::formatter<fmt::string_view> {
  template <typename Context>
  auto format(const xe::utl::interned_text& t, Context& ctx) const {
    return fmt::formatter<fmt::string_view>::format(fmt::string_view{t.str().data(), t.size()}, ctx);
  }
};
