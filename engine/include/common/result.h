#pragma once
// Errors are values: result<T> holds a T or an error{code, native code, reason}.
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "common/assert.h"
#include "common/types.h"

namespace xe {

enum class errc : u8 {
  api_call_failed,   // a D3D12/DXGI/Vulkan call returned failure; native holds the HRESULT/VkResult
  not_initialized,   // the renderer is not initialised
  invalid_argument,  // a parameter is out of its documented range
  invalid_handle,    // a handle or id that is stale, unknown or never valid
  wrong_heap,        // a descriptor handle freed into a heap that did not allocate it
  double_free,       // freeing something already free or already waiting to be freed
  heap_full,         // allocation from a heap with no free slot left
  unsupported,       // the device or platform does not support the request
  io,                // a file could not be read or written
  parse,             // malformed input text
  device_hung,       // a fence wait gave up (no GPU progress for a minute): no more GPU work
  stopped,           // a fence wait given up because the app stops on request: no more GPU work
};

const char* to_string(errc code);

struct error {
  errc code{errc::invalid_argument};
  s64 native{0};
  std::string reason;
};

// make_error: an error with a formatted reason (no logging; callers decide).
inline error make_error(errc code, std::string reason, s64 native = 0) {
  return error{code, native, std::move(reason)};
}

template <typename T>
class [[nodiscard]] result {
public:
  result(T value) : _v{std::in_place_index<0>, std::move(value)} {}
  result(error e) : _v{std::in_place_index<1>, std::move(e)} {}
  // From anything T can be built from (e.g. one alternative of a variant T).
  template <typename U>
  requires(std::is_constructible_v<T, U&&> && !std::is_same_v<std::remove_cvref_t<U>, T> &&
           !std::is_same_v<std::remove_cvref_t<U>, error> && !std::is_same_v<std::remove_cvref_t<U>, result>)
      result(U&& value)
      : _v{std::in_place_index<0>, std::forward<U>(value)} {}

  bool has_value() const { return _v.index() == 0; }
  explicit operator bool() const { return has_value(); }

  T& value() & {
    XE_ASSERT(has_value());
    return std::get<0>(_v);
  }
  const T& value() const& {
    XE_ASSERT(has_value());
    return std::get<0>(_v);
  }
  T&& value() && {
    XE_ASSERT(has_value());
    return std::get<0>(std::move(_v));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const error& error_value() const& {
    XE_ASSERT(!has_value());
    return std::get<1>(_v);
  }
  error&& error_value() && {
    XE_ASSERT(!has_value());
    return std::get<1>(std::move(_v));
  }

private:
  std::variant<T, error> _v;
};

template <>
class [[nodiscard]] result<void> {
public:
  result() = default;
  result(error e) : _e{std::move(e)}, _ok{false} {}

  bool has_value() const { return _ok; }
  explicit operator bool() const { return _ok; }
  const error& error_value() const& {
    XE_ASSERT(!_ok);
    return _e;
  }
  error&& error_value() && {
    XE_ASSERT(!_ok);
    return std::move(_e);
  }

private:
  error _e{};
  bool _ok{true};
};

inline result<void> ok() { return {}; }

}  // namespace xe

// XE_TRY(expr): evaluate a result-returning expression; on failure return its error
// from the enclosing function (which must return some result<U>).
#define XE_TRY(expr)                                                     \
  do {                                                                   \
    auto&& xe_try_result_ = (expr);                                      \
    if (!xe_try_result_) return std::move(xe_try_result_).error_value(); \
  } while (0)

// XE_TRY_ASSIGN(decl, expr): evaluate a result-returning expression; on failure return its
// error from the enclosing function, else declare decl from its value:
//   XE_TRY_ASSIGN(const u32 heap, gfx::lab::find_heap(name));
#define XE_TRY_ASSIGN(decl, expr) XE_TRY_ASSIGN_IMPL_(XE_TRY_CAT_(xe_try_assign_, __LINE__), decl, expr)
#define XE_TRY_CAT_(a, b) XE_TRY_CAT2_(a, b)
#define XE_TRY_CAT2_(a, b) a##b
#define XE_TRY_ASSIGN_IMPL_(tmp, decl, expr)     \
  auto tmp = (expr);                             \
  if (!tmp) return std::move(tmp).error_value(); \
  decl = std::move(tmp).value()
