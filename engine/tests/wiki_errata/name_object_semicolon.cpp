// The wiki's 3.3 NAME_D3D12_OBJECT ends in a semicolon of its own, the same family as
// DXCall's dangling else: written as a statement in an if with an else, the extra empty
// statement ends the if. XE_WITHOUT_SEMICOLON drops the macro's semicolon, which compiles
// (CTest wiki_errata.name_object_semicolon).
using wchar = wchar_t;
struct object {
  const wchar* name{nullptr};
  void SetName(const wchar* n) { name = n; }
};
#ifdef XE_WITHOUT_SEMICOLON
#define NAME_D3D12_OBJECT(obj, name) obj->SetName(name)
#else
#define NAME_D3D12_OBJECT(obj, name) obj->SetName(name);
#endif

int main(int argc, char**) {
  object o;
  object* device = &o;
  if (argc > 0)
    NAME_D3D12_OBJECT(device, L"Main D3D12 device");
  else
    device->SetName(L"unnamed");
  return o.name ? 0 : 1;
}
