// Global operator new/delete for xengine-bench only: counts live bytes and their peak so
// benchmarks can report "peak extra memory". Each block carries its size in a header.
#include "memory_counter.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> g_current{0};
std::atomic<std::size_t> g_peak{0};
constexpr std::size_t header = alignof(std::max_align_t);

void* counted_alloc(std::size_t size) {
  void* block = std::malloc(size + header);
  if (!block) throw std::bad_alloc{};
  *static_cast<std::size_t*>(block) = size;
  const std::size_t now = g_current.fetch_add(size, std::memory_order_relaxed) + size;
  std::size_t peak = g_peak.load(std::memory_order_relaxed);
  while (now > peak && !g_peak.compare_exchange_weak(peak, now, std::memory_order_relaxed)) {}
  return static_cast<char*>(block) + header;
}

void counted_free(void* p) noexcept {
  if (!p) return;
  void* block = static_cast<char*>(p) - header;
  g_current.fetch_sub(*static_cast<std::size_t*>(block), std::memory_order_relaxed);
  std::free(block);
}
}  // namespace

void* operator new(std::size_t size) { return counted_alloc(size); }
void* operator new[](std::size_t size) { return counted_alloc(size); }
void operator delete(void* p) noexcept { counted_free(p); }
void operator delete[](void* p) noexcept { counted_free(p); }
void operator delete(void* p, std::size_t) noexcept { counted_free(p); }
void operator delete[](void* p, std::size_t) noexcept { counted_free(p); }

namespace xe::bench::memory {
std::size_t current() { return g_current.load(); }
std::size_t peak() { return g_peak.load(); }
void reset_peak() { g_peak.store(g_current.load()); }
}  // namespace xe::bench::memory
