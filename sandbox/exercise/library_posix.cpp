#include <dlfcn.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "exercise/library.h"

namespace xe::grade {

bool tie_to_sandbox() {
  const rlimit output_cap{256u << 20, 256u << 20};
  setrlimit(RLIMIT_FSIZE, &output_cap);
#if defined(__linux__)  // elsewhere the sandbox's time limits end it
  const pid_t parent = getppid();
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  return getppid() == parent;
#else
  return true;
#endif
}

result<library> library::open(const std::filesystem::path& path) {
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char* why = dlerror();
    return make_error(errc::io, "cannot load " + path.string() + ": " + (why ? why : "unknown error"));
  }
  return library{handle};
}

library::~library() {
#if defined(__SANITIZE_ADDRESS__)
  // Kept mapped: LeakSanitizer reads every thread's TLS at exit, and a block of an unloaded
  // library (the glue's thread_local error text) makes it abort (google/sanitizers#318).
  (void)_handle;
#else
  if (_handle) dlclose(_handle);
#endif
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
