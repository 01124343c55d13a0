// Facts about the vkd3d 1.2 runtime that lessons rely on (docs/platforms.md):
// if a newer vkd3d changes them, these tests say so.
#include <algorithm>

#include "gpu_test.h"
#include "engine_access.h"
#include "graphics/d3d12/d3d12_common.h"

namespace xe::test {
namespace {

using vkd3d_runtime = gpu_test;

bool supported(const std::string& name) {
  const auto& list = gfx::get_adapter_info().interfaces;
  auto it = std::find_if(list.begin(), list.end(), [&](const gfx::interface_support& i) { return i.name == name; });
  EXPECT_NE(it, list.end()) << name;
  return it != list.end() && it->supported;
}

TEST_F(vkd3d_runtime, reports_only_the_base_interfaces) {
  EXPECT_TRUE(supported("ID3D12Device"));
  for (int i = 1; i <= 9; ++i) EXPECT_FALSE(supported("ID3D12Device" + std::to_string(i)));
  EXPECT_FALSE(supported("ID3D12InfoQueue"));
  EXPECT_FALSE(supported("ID3D12DebugDevice"));
  EXPECT_TRUE(supported("ID3D12GraphicsCommandList"));
  EXPECT_TRUE(supported("ID3D12GraphicsCommandList1"));
  EXPECT_TRUE(supported("ID3D12GraphicsCommandList2"));
  for (int i = 3; i <= 6; ++i) EXPECT_FALSE(supported("ID3D12GraphicsCommandList" + std::to_string(i)));
  EXPECT_FALSE(supported("ID3D12Fence1"));
}

TEST_F(vkd3d_runtime, feature_level_11_0_shader_model_5_1_no_tiled_resources) {
  const gfx::adapter_info& a = gfx::get_adapter_info();
  EXPECT_EQ(gfx::feature_level_name(a.feature_level), "11_0");
  EXPECT_EQ(gfx::shader_model_name(a.shader_model), "5.1");
  EXPECT_EQ(a.tiled_resources_tier, 0u);
  EXPECT_NE(a.runtime.find("vkd3d"), std::string::npos);
}

// Debug names reach vkd3d as wchar_t text (UTF-32 here): CJK and astral code points whole,
// malformed or truncated bytes as U+FFFD without losing what follows.
TEST(to_wide, converts_utf8_and_replaces_malformed_bytes) {
  EXPECT_EQ(gfx::d3d12::to_wide("heap 7"), L"heap 7");
  EXPECT_EQ(gfx::d3d12::to_wide("\xE5\xA0\x86 heap"), L"\u5806 heap");
  EXPECT_EQ(gfx::d3d12::to_wide("\xF0\x9F\x99\x82"), std::wstring(1, static_cast<wchar_t>(0x1F642)));
  EXPECT_EQ(gfx::d3d12::to_wide("a\xFF"
                                "b"),
            L"a\uFFFDb");
  EXPECT_EQ(gfx::d3d12::to_wide("end\xE5\xA0"), L"end\uFFFD");
  EXPECT_EQ(gfx::d3d12::to_wide(""), L"");
}

}  // namespace
}  // namespace xe::test
