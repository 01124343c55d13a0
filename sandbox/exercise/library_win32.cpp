#include <windows.h>

#include "exercise/library.h"

namespace xe::grade {

bool tie_to_sandbox() { return true; }

result<library> library::open(const std::filesystem::path& path) {
  // The altered search path (the DLL's own folder for its dependencies) needs a full path.
  std::error_code ec;
  const std::filesystem::path full = std::filesystem::absolute(path, ec);
  HMODULE module = LoadLibraryExW(full.c_str(), nullptr, LOAD_WITH_ALTERED_SEARCH_PATH);
  if (!module)
    return make_error(errc::io, "cannot load " + path.string() + ": error " + std::to_string(GetLastError()));
  return library{reinterpret_cast<void*>(module)};
}

library::~library() {
  if (_handle) FreeLibrary(static_cast<HMODULE>(_handle));
}

result<const void*> library::table(const std::string& symbol) const {
  using table_fn = const void* (*)();
  FARPROC fn = GetProcAddress(static_cast<HMODULE>(_handle), symbol.c_str());
  if (!fn)
    return make_error(errc::invalid_argument,
                      "the library exports no " + symbol + "(): keep the XE_ line at the end of the exercise's file");
  return reinterpret_cast<table_fn>(reinterpret_cast<void*>(fn))();
}

}  // namespace xe::grade
