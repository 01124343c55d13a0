#include "snapshot/png.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <cstring>

#include "io/files.h"

namespace xe::sandbox {

result<std::string> encode_png(const gfx::image_rgba8& image) {
  if (image.width == 0 || image.height == 0 || image.pixels.size() != size_t{image.width} * image.height * 4)
    return make_error(errc::invalid_argument, "cannot encode an empty or inconsistent image");
  std::string out;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<size_t>(size));
  };
  const int ok = stbi_write_png_to_func(append, &out, static_cast<int>(image.width), static_cast<int>(image.height), 4,
                                        image.pixels.data(), static_cast<int>(image.width * 4));
  if (!ok) return make_error(errc::io, "PNG encoding failed");
  return out;
}

result<gfx::image_rgba8> decode_png(const std::string& bytes) {
  int w = 0, h = 0, channels = 0;
  stbi_uc* data = stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()), static_cast<int>(bytes.size()),
                                        &w, &h, &channels, 4);
  if (!data) return make_error(errc::parse, std::string{"not a PNG image: "} + stbi_failure_reason());
  gfx::image_rgba8 image{static_cast<u32>(w), static_cast<u32>(h), {}};
  image.pixels.resize(size_t{image.width} * image.height * 4);
  std::memcpy(image.pixels.data(), data, image.pixels.size());
  stbi_image_free(data);
  return image;
}

result<void> write_png(const std::filesystem::path& path, const gfx::image_rgba8& image) {
  XE_TRY_ASSIGN(auto png, encode_png(image));
  return write_file_atomic(path, png);
}

}  // namespace xe::sandbox
