// The wiki's 8.3 flow binds its render target with OMSetRenderTargets(1, &rtv_handle,
// nullptr): three arguments where the method takes four (the count, the RTV handles,
// whether they are one contiguous range, the DSV handle or null). XE_WITH_FOUR passes
// FALSE for the range flag (CTest wiki_errata.om_set_render_targets_three_arguments).
// The declarations are stand-ins with the SDK's signature.
#include <cstddef>

using UINT = unsigned int;
using BOOL = int;
constexpr BOOL FALSE = 0;
struct D3D12_CPU_DESCRIPTOR_HANDLE {
  std::size_t ptr;
};
struct ID3D12GraphicsCommandList {
  UINT bound{0};
  void OMSetRenderTargets(UINT NumRenderTargetDescriptors, const D3D12_CPU_DESCRIPTOR_HANDLE* pRenderTargetDescriptors,
                          BOOL RTsSingleHandleToDescriptorRange,
                          const D3D12_CPU_DESCRIPTOR_HANDLE* pDepthStencilDescriptor) {
    bound = pRenderTargetDescriptors && !RTsSingleHandleToDescriptorRange && !pDepthStencilDescriptor
                ? NumRenderTargetDescriptors
                : 0;
  }
};

int main() {
  ID3D12GraphicsCommandList list;
  ID3D12GraphicsCommandList* cmd_list = &list;
  D3D12_CPU_DESCRIPTOR_HANDLE rtv_handle{64};
#ifdef XE_WITH_FOUR
  cmd_list->OMSetRenderTargets(1, &rtv_handle, FALSE, nullptr);
#else
  cmd_list->OMSetRenderTargets(1, &rtv_handle, nullptr);
#endif
  return list.bound == 1 ? 0 : 1;
}
