#pragma once
// interned_text: a string stored once for the life of the process, held by pointer. An
// event's names repeat frame after frame (the same heaps, back buffers, barrier texts), so
// the recorder and the history ring copy a pointer each, not the characters; texts equal in
// content are the same pointer. The pool only grows: what it holds is reported by
// interned_text::pool_bytes() (a session's distinct names, a few KB).
// Thread-safe: the pool is locked; a per-thread cache of recent sources (inline here: an
// event's names are interned on the renderer's hot path) skips the lock and the pool's hash.
#include <cstring>
#include <iosfwd>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "common/types.h"

namespace xe::sandbox {

namespace detail {
// Recent sources on this thread: (address, length, characters) → the pooled text. A source
// is often one buffer reused for each name (the engine copies a barrier's resource name into
// one), so the characters pick the entry too. The memory may hold other characters by now,
// so a hit compares them all.
struct text_source {
  const char* data{};
  size_t size{};
  const std::string* text{};
};
inline constexpr u32 text_cache_bits{6};
inline constinit thread_local text_source t_text_cache[1u << text_cache_bits]{};
// The last text seen at each recent (address, length): a stable source (a heap's name, a
// barrier's state text) is found there without reading its characters twice. The two
// caches index differently, so two sources that share a slot in one (addresses move from
// run to run) rarely share one in the other: with the first cache alone, some runs missed
// on one barrier text a frame and paid the pool's lock and hash for it.
inline constinit thread_local text_source t_source_cache[1u << text_cache_bits]{};

inline bool same_text(const char* a, const char* b, size_t n);
inline bool holds(const text_source& c, std::string_view text) {
  return c.data == text.data() && c.size == text.size() && same_text(c.text->data(), text.data(), text.size());
}

inline text_source& source_cache_slot(std::string_view text) {
  const u64 h = (reinterpret_cast<uintptr_t>(text.data()) ^ text.size() << 48) * 0x9E3779B97F4A7C15ull;
  return t_source_cache[h >> (64 - text_cache_bits)];
}

// The slot of a source: every character, eight at a time, with its address, mixed so the
// top bits depend on all of them (names from one buffer may differ in a single digit).
inline text_source& text_cache_slot(std::string_view text) {
  constexpr u64 mix = 0x9E3779B97F4A7C15ull;
  const char* p = text.data();
  const size_t n = text.size();
  u64 h = n, word = 0;
  if (n < sizeof(u64)) {
    for (size_t i = 0; i < n; ++i) word = word << 8 | static_cast<unsigned char>(p[i]);
  } else {
    for (size_t i = 0; i + sizeof(u64) < n; i += sizeof(u64)) {
      std::memcpy(&word, p + i, sizeof(word));
      h = (h ^ word) * mix;
    }
    std::memcpy(&word, p + n - sizeof(word), sizeof(word));  // the last eight (may overlap)
  }
  h = ((h ^ word) * mix ^ reinterpret_cast<uintptr_t>(p)) * mix;
  return t_text_cache[h >> (64 - text_cache_bits)];
}

// memcmp(a, b, n) == 0, inline: a name is a few words.
inline bool same_text(const char* a, const char* b, size_t n) {
  if (n < sizeof(u64)) return std::memcmp(a, b, n) == 0;
  u64 x, y, diff = 0;
  for (size_t i = 0; i + sizeof(u64) < n; i += sizeof(u64)) {
    std::memcpy(&x, a + i, sizeof(x));
    std::memcpy(&y, b + i, sizeof(y));
    diff |= x ^ y;
  }
  std::memcpy(&x, a + n - sizeof(x), sizeof(x));
  std::memcpy(&y, b + n - sizeof(y), sizeof(y));
  return (diff | (x ^ y)) == 0;
}
} // namespace detail

class interned_text {
public:
  interned_text() = default;
  interned_text(std::string_view text) : _text{text.empty() ? nullptr : find(text)} {}  // NOLINT: a text converts
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
  // text is not empty. What its source gave last time, else the cache's answer by its
  // characters, else the pool's (which fills the cache's slot).
  static const std::string* find(std::string_view text) {
    detail::text_source& source = detail::source_cache_slot(text);
    if (detail::holds(source, text)) return source.text;
    detail::text_source& c = detail::text_cache_slot(text);
    const std::string* found = detail::holds(c, text) ? c.text : intern(text, c);
    source = {text.data(), text.size(), found};
    return found;
  }
  static const std::string* intern(std::string_view text, detail::text_source& slot);
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
