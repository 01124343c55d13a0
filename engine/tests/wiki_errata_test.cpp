// The wiki's mistakes that are about C++ rather than D3D12, run or compiled as written.
// The ones that cannot compile are CTest compile checks (wiki_errata/*.cpp, see
// CMakeLists.txt); the lessons name both.
#include <gtest/gtest.h>

#include "common/check.h"

namespace xe {
namespace {

// The wiki's DXCall (3.3), with its __debugbreak() replaced by a counter.
int g_breaks = 0;
#define WIKI_FAILED(hr) (static_cast<long>(hr) < 0)
#define WIKI_DXCALL(x)  \
  if (WIKI_FAILED(x)) { \
    ++g_breaks;         \
  }

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdangling-else"
#pragma GCC diagnostic ignored "-Wparentheses"
#endif
// if (ready) DXCall(hr) else retry(); as a caller would write it without the semicolon:
// the else belongs to the macro's own if.
int retries_after(bool ready, long hr) {
  int retries = 0;
  if (ready) WIKI_DXCALL(hr) else ++retries;
  return retries;
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

TEST(wiki_errata, dxcall_dangling_else) {
  g_breaks = 0;
  EXPECT_EQ(retries_after(true, 0), 1) << "ready and the call succeeded: the else ran";
  EXPECT_EQ(retries_after(false, 0), 0) << "not ready: the else never runs";
  EXPECT_EQ(retries_after(true, -1), 0);
  EXPECT_EQ(g_breaks, 1) << "only the failed call reached the macro's body";
}

// The engine's check is one expression: an else after it belongs to the caller's if.
TEST(wiki_errata, xe_check_hr_is_one_expression) {
  int retries = 0;
  for (bool ready : {true, false}) {
    if (ready)
      (void)XE_CHECK_HR(0L);
    else
      ++retries;
  }
  EXPECT_EQ(retries, 1);
}

}  // namespace
}  // namespace xe
