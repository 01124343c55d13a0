// Proves the validation capture works: a deliberate Vulkan usage error on the device
// vkd3d created must be counted. Runs only with the validation layer enabled
// (VK_LOADER_LAYERS_ENABLE=*validation); this binary is excluded from the output check
// that fails other tests on validation messages.
#include <cstdlib>

#include "gpu_test.h"
#include "graphics/d3d12/d3d12_core.h"
#include "graphics/d3d12/d3d12_common.h"

namespace xe::test {
namespace {

TEST(validation_capture, counts_a_deliberate_usage_error) {
  const char* layers = std::getenv("VK_LOADER_LAYERS_ENABLE");
  if (!layers || std::string{layers}.find("validation") == std::string::npos)
    GTEST_SKIP() << "validation layer not enabled";
  ASSERT_TRUE(gfx::initialize());
  VkDevice device = vkd3d_get_vk_device(gfx::d3d12::core::device());
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

} // namespace
} // namespace xe::test
