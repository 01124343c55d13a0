#pragma once
// Writes a whole file or nothing: the bytes go to a temporary file in the same folder,
// which is then renamed over the target. An unwritable path is an error with a reason;
// no partial file is ever left behind.
#include <filesystem>
#include <functional>
#include <ostream>
#include <string_view>

#include "common/result.h"

namespace xe::sandbox {

result<void> write_file_atomic(const std::filesystem::path& path, std::string_view bytes);
// Streams the content through write(out); for large outputs that should not be built in
// memory first.
result<void> write_file_atomic(const std::filesystem::path& path, const std::function<void(std::ostream&)>& write);

} // namespace xe::sandbox
