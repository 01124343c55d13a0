// stb's implementations, for builds whose stb comes as headers only (Windows). Debian
// ships them compiled in libstb, which the Linux build links instead.
#define STB_IMAGE_IMPLEMENTATION
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_ONLY_PNG
#include <stb_image.h>
#include <stb_image_write.h>
