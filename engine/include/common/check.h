#pragma once
// XE_CHECK_HR / XE_TRY_HR: the HRESULT check. In every build type a failed call is
// logged with its expression, file and line and turned into an xe::error; nothing
// compiles down to the bare call.
#include "common/result.h"

namespace xe::detail {
// Logs and returns the error for a failed HRESULT (any negative value).
error hr_failed(long hr, const char* expr, const char* file, int line);
inline result<void> check_hr(long hr, const char* expr, const char* file, int line) {
  if (hr < 0) return hr_failed(hr, expr, file, line);
  return {};
}
}  // namespace xe::detail

namespace xe {
// Symbolic name of a well-known HRESULT ("E_INVALIDARG"), or nullptr.
const char* hresult_name(long hr);
}  // namespace xe

#define XE_CHECK_HR(expr) ::xe::detail::check_hr(static_cast<long>(expr), #expr, __FILE__, __LINE__)
#define XE_TRY_HR(expr) XE_TRY(XE_CHECK_HR(expr))
