// The DXBC builder's output checked by outside tools (dxbc_check.h): every engine shader,
// and the container checksum against an independent implementation in both padding cases.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <random>

#include "graphics/d3d12/shaders/dxbc_builder.h"
#include "graphics/d3d12/shaders/shader_set.h"
#include "dxbc_check.h"
#include "process.h"

namespace xe::test {
namespace {

namespace fs = std::filesystem;
using gfx::shaders::id;

class shader_blobs : public ::testing::Test {
protected:
  void SetUp() override {
    _dir = fs::temp_directory_path() / "xe-shader-test";
    fs::create_directories(_dir);
  }
  fs::path write(const std::string& name, std::span<const u8> bytes) const {
    const fs::path p = _dir / name;
    std::ofstream{p, std::ios::binary}.write(reinterpret_cast<const char*>(bytes.data()),
                                             static_cast<std::streamsize>(bytes.size()));
    return p;
  }
  fs::path _dir;
};

TEST_F(shader_blobs, every_shader_translates_to_valid_spirv_without_messages) {
  for (u32 i = 0; i < static_cast<u32>(id::count); ++i) {
    const auto shader = static_cast<id>(i);
    EXPECT_EQ(dxbc_problems(gfx::shaders::name(shader), gfx::shaders::blob(shader)), std::vector<std::string>{});
  }
}

// Container sizes whose hashed part (size - 20) leaves 0, 7, 55 (last block holds the
// bit count and the tail), 56, 60, 63 (an extra block is needed) bytes past 64-byte blocks.
TEST_F(shader_blobs, checksum_matches_an_independent_implementation_in_both_padding_cases) {
  std::mt19937 rng{7};
  for (u32 leftover : {0u, 7u, 55u, 56u, 60u, 63u}) {
    for (u32 blocks : {0u, 1u, 3u}) {
      std::vector<u8> data(20 + blocks * 64 + leftover);
      for (u8& b : data) b = static_cast<u8>(rng());
      const auto sum = gfx::dxbc::checksum(data.data() + 20, data.size() - 20);
      for (u32 w = 0; w < 4; ++w)
        for (u32 k = 0; k < 4; ++k) data[4 + 4 * w + k] = static_cast<u8>(sum[w] >> (8 * k));
      const std::string out = python_dxbc_checksum(write("random.bin", data).string());
      EXPECT_NE(out.find(" match"), std::string::npos)
          << "leftover " << leftover << ", blocks " << blocks << ": python says " << out;
    }
  }
}

TEST_F(shader_blobs, one_flipped_byte_is_rejected_by_vkd3d) {
  auto bytes = std::vector<u8>(gfx::shaders::blob(id::triangle_ps).begin(), gfx::shaders::blob(id::triangle_ps).end());
  bytes[bytes.size() - 9] ^= 0x01;  // inside the program tokens
  const fs::path blob = write("flipped.dxbc", bytes);
  auto r = run_process("vkd3d-compiler -x dxbc-tpf -b spirv-binary -o /dev/null " + shell_quote(blob.string()));
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("checksum"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace xe::test
