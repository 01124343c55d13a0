#pragma once
// What every exercise shares: the engine's integer types, the invalid index, the frame
// slots, and the glue that hands the learner's class to the sandbox through a C table (so
// the grader and the engine call it the same way from any compiler). Read it; do not edit it.
#include <cstdint>
#include <exception>
#include <string>

using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr u32 invalid_index{0xffff'ffffu};  // the engine's invalid_id
constexpr u32 frame_buffer_count{3};        // frame slots, as in the wiki (6.2)

#if defined(_WIN32)
#define XE_EXERCISE_EXPORT extern "C" __declspec(dllexport)
#else
#define XE_EXERCISE_EXPORT extern "C" __attribute__((visibility("default")))
#endif

// Bumped whenever a table below changes shape; the sandbox refuses a library built against
// another version.
constexpr u32 xe_exercise_abi{1};

namespace xe_exercise_glue {
// An exception must not cross into the sandbox: the glue keeps its message here, and the
// table's error() hands it over (empty when the thread's last call threw nothing).
inline std::string& last_error() {
  static thread_local std::string text;  // per thread: the heap's calls come from several
  return text;
}
template <typename F>
auto guarded(F&& f, decltype(f()) fallback) noexcept -> decltype(f()) {
  try {
    last_error().clear();
    return f();
  } catch (const std::exception& e) {
    last_error() = std::string{"threw "} + e.what();
  } catch (...) {
    last_error() = "threw an exception that is not a std::exception";
  }
  return fallback;
}
template <typename F>
void guarded_void(F&& f) noexcept {
  guarded(
      [&] {
        f();
        return 0;
      },
      0);
}
inline const char* error() noexcept { return last_error().c_str(); }
}  // namespace xe_exercise_glue
