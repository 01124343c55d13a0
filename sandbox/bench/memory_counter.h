#pragma once
// Heap bytes in use and their peak, counted by the bench's replacement operator new.
#include <cstddef>

namespace xe::bench::memory {
std::size_t current();
std::size_t peak();
void reset_peak();  // peak := current
}  // namespace xe::bench::memory
