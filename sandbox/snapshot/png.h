#pragma once
// PNG encoding/decoding of RGBA8 images through stb (Debian libstb).
#include <filesystem>
#include <string>

#include "common/result.h"
#include "graphics/renderer.h"

namespace xe::sandbox {

result<std::string> encode_png(const gfx::image_rgba8& image);
result<gfx::image_rgba8> decode_png(const std::string& bytes);
// Encodes and writes atomically.
result<void> write_png(const std::filesystem::path& path, const gfx::image_rgba8& image);

}  // namespace xe::sandbox
