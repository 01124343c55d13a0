// The wiki's 9.1 render_surface declares a member surface of type surface. Inside the
// class the name then means the member, not the type it was declared with, and C++ makes
// such a program ill-formed ([basic.scope.class]); GCC refuses it ("changes meaning"),
// clang accepts it. XE_QUALIFIED names the type as graphics::surface, which compiles
// (CTest wiki_errata.surface_changes_meaning).
namespace platform {
struct window {
  unsigned id{0};
};
}  // namespace platform
namespace graphics {
struct surface {
  unsigned id{0};
};
}  // namespace graphics
using graphics::surface;

struct render_surface {
  platform::window window{};  // qualified: the member named window changes nothing
#ifdef XE_QUALIFIED
  graphics::surface surface{};
#else
  surface surface{};
#endif
};

int main() {
  render_surface s;
  return static_cast<int>(s.window.id + s.surface.id);
}
