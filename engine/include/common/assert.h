#pragma once
// XE_ASSERT: programmer errors. On in Debug and RelWithDebInfo (XE_ENABLE_ASSERTS),
// compiled out in Release. Runtime failures never use it: they return xe::error.

namespace xe::detail {
[[noreturn]] void assert_failed(const char* expr, const char* file, int line);
}

#if defined(XE_ENABLE_ASSERTS)
#define XE_ASSERT(cond) ((cond) ? static_cast<void>(0) : ::xe::detail::assert_failed(#cond, __FILE__, __LINE__))
#else
#define XE_ASSERT(cond) static_cast<void>(sizeof(static_cast<bool>(cond)))
#endif
