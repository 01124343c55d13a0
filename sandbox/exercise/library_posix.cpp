#include <dlfcn.h>

#include "exercise/library.h"

namespace xe::grade {

result<library> library::open(const std::filesystem::path& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    return make_error(errc::io, "cannot load " + path.string() + ": " + (why ? why : "unknown error"));
  }
  return library{handle};
}

library::~library() {
  if (_handle) dlclose(_handle);
}

result<const void*> library::table(const std::string& symbol) const {
  using table_fn = const void* (*)();
  dlerror();
  void* fn = dlsym(_handle, symbol.c_str());
  if (!fn)
    return make_error(errc::invalid_argument,
                      "the library exports no " + symbol + "(): keep the XE_ line at the end of the exercise's file");
  return reinterpret_cast<table_fn>(fn)();
}

}  // namespace xe::grade
