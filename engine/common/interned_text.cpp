#include "utilities/interned_text.h"

#include <mutex>
#include <ostream>
#include <unordered_set>

namespace xe::utl {

namespace {

struct text_hash {
  using is_transparent = void;
  size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

struct pool {
  std::mutex lock;
  std::unordered_set<std::string, text_hash, std::equal_to<>> texts;  // nodes: stable addresses
  size_t bytes{};
};

pool& the_pool() {
  static pool* p = new pool;  // never destroyed: texts outlive every static that holds one
  return *p;
}

}  // namespace

const std::string* interned_text::intern(std::string_view text) {
  pool& p = the_pool();
  std::lock_guard guard{p.lock};
  auto it = p.texts.find(text);
  if (it == p.texts.end()) {
    it = p.texts.emplace(text).first;
    p.bytes += sizeof(std::string) + 2 * sizeof(void*) + (it->capacity() > 15 ? it->capacity() + 1 : 0);
  }
  return &*it;
}

const std::string& interned_text::empty_string() {
  static const std::string none;
  return none;
}

size_t interned_text::pool_bytes() {
  pool& p = the_pool();
  std::lock_guard guard{p.lock};
  return p.bytes + p.texts.bucket_count() * sizeof(void*);
}

std::ostream& operator<<(std::ostream& out, const interned_text& t) { return out << t.str(); }

}  // namespace xe::utl
