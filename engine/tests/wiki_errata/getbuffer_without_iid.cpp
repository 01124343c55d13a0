// The wiki's 8.7 loop takes each buffer with GetBuffer(i, &resource), and 8.3 with
// GetBuffer(current_index) alone. IDXGISwapChain::GetBuffer returns an HRESULT and takes the
// buffer's index, the interface's id and a void**: neither form compiles. XE_WITH_IID writes
// the form with IID_PPV_ARGS (CTest wiki_errata.getbuffer_without_iid). The declarations are
// stand-ins with the SDK's signatures, so the test needs no Windows headers.
#include <cstdint>
#include <type_traits>

using HRESULT = long;
using UINT = unsigned int;
struct GUID {
  std::uint32_t data1;
};
using REFIID = const GUID&;

struct ID3D12Resource {
  static constexpr GUID iid{0x696442be};
};
struct IDXGISwapChain {
  HRESULT GetBuffer(UINT Buffer, REFIID riid, void** ppSurface) {
    *ppSurface = nullptr;
    return riid.data1 == ID3D12Resource::iid.data1 && Buffer < 3 ? 0 : -1;
  }
};
template <class T>
void** ppv(T** pp) {
  return reinterpret_cast<void**>(pp);
}
#define IID_PPV_ARGS(pp) std::remove_pointer_t<std::remove_pointer_t<decltype(pp)>>::iid, ppv(pp)

int main() {
  IDXGISwapChain chain;
  IDXGISwapChain* _swap_chain = &chain;
  ID3D12Resource* resource = nullptr;
  for (UINT i = 0; i < 3; ++i) {
#ifdef XE_WITH_IID
    if (_swap_chain->GetBuffer(i, IID_PPV_ARGS(&resource)) < 0) return 1;
#else
    _swap_chain->GetBuffer(i, &resource);
#endif
  }
  return resource ? 1 : 0;
}
