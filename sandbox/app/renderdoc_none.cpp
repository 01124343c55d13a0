// Builds without RenderDoc's header (renderdoc_app.h, from librenderdoc-dev): --renderdoc
// and captures say so; nothing else changes.
#include "app/renderdoc.h"

namespace xe::sandbox {

result<std::unique_ptr<renderdoc>> renderdoc::attach(bool load) {
  if (!load) return std::unique_ptr<renderdoc>{};
  return make_error(errc::unsupported,
                    "--renderdoc: this build has no RenderDoc support (renderdoc_app.h was not found when it was "
                    "built: install librenderdoc-dev and build again)");
}

}  // namespace xe::sandbox
