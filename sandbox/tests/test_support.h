#pragma once
// What the sandbox's unit tests share: a message check and a scratch folder per test.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "text/text.h"

#define EXPECT_MENTIONS(haystack, needle) \
  EXPECT_NE((haystack).find(needle), std::string::npos) << "'" << (haystack) << "' should mention '" << (needle) << "'"

namespace xe::sandbox {

// The catalogue's Chinese and English, for tests that hold one against the other.
inline language zh() { return language::from_code("zh").value(); }
inline language en() { return language::english(); }

// <temp>/<prefix>-<test name>, emptied and created for the running test (CTest runs the
// cases as parallel processes); removed at the end unless the test failed, for a look.
class scratch_dir {
public:
  explicit scratch_dir(const std::string& prefix)
      : _path{std::filesystem::temp_directory_path() /
              (prefix + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name())} {
    std::filesystem::remove_all(_path);
    std::filesystem::create_directories(_path);
  }
  ~scratch_dir() {
    if (!::testing::Test::HasFailure()) std::filesystem::remove_all(_path);
  }
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;

  const std::filesystem::path& path() const { return _path; }
  operator const std::filesystem::path&() const { return _path; }
  std::filesystem::path operator/(const std::filesystem::path& name) const { return _path / name; }

private:
  std::filesystem::path _path;
};

}  // namespace xe::sandbox
