// Dear ImGui's shaders (built by the sandbox with the engine's DXBC builder) pass the same
// outside tools as the engine's: vkd3d-compiler, spirv-val, an independent checksum.
#include <gtest/gtest.h>

#include "dxbc_check.h"
#include "imgui/imgui_pipeline.h"

namespace xe::test {
namespace {

TEST(imgui_shaders, translate_to_valid_spirv_without_messages) {
  for (const auto& shader : {sandbox::ui_vertex_shader(), sandbox::ui_pixel_shader()}) {
    ASSERT_FALSE(shader.code.empty()) << shader.name;
    EXPECT_EQ(dxbc_problems(std::string{shader.name}, shader.code), std::vector<std::string>{});
  }
}

}  // namespace
}  // namespace xe::test
