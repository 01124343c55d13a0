// The runtime's diagnostics themselves. This binary is excluded from the output check
// that fails other tests on validation and vkd3d messages, because these tests make them.
#include <cstdlib>

#include "gpu_test.h"
#include "engine_access.h"
#include "graphics/d3d12/d3d12_common.h"

namespace xe::test {
namespace {

// A deliberate Vulkan usage error on the device vkd3d created must be counted. Needs the
// validation layer (VK_LOADER_LAYERS_ENABLE=*validation).
TEST(validation_capture, counts_a_deliberate_usage_error) {
  const char* layers = std::getenv("VK_LOADER_LAYERS_ENABLE");
  if (!layers || std::string{layers}.find("validation") == std::string::npos)
    GTEST_SKIP() << "validation layer not enabled";
  ASSERT_TRUE(gfx::initialize());
  VkDevice device = vkd3d_get_vk_device(test::engine_device());
  VkBufferCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  info.size = 0;  // VUID-VkBufferCreateInfo-size-00912
  info.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  if (vkCreateBuffer(device, &info, nullptr, &buffer) == VK_SUCCESS && buffer) vkDestroyBuffer(device, buffer, nullptr);
  EXPECT_GE(gfx::get_validation_error_count(), 1u);
  const gfx::shutdown_report report = gfx::shutdown();
  EXPECT_EQ(report.device_references_left, 0u);
}

// Why the engine captures Vulkan validation instead: vkd3d 1.2 has no D3D12 debug layer
// (it also prints a fixme, which is why this test lives here).
TEST(validation_capture, d3d12_debug_layer_is_not_implemented_by_vkd3d) {
  ID3D12Debug* debug = nullptr;
  EXPECT_EQ(D3D12GetDebugInterface(IID_PPV_ARGS(&debug)), E_NOTIMPL);
  EXPECT_EQ(debug, nullptr);
}

}  // namespace
}  // namespace xe::test
