#pragma once
// The one include point for D3D12 and DXGI types. Windows: DirectX-Headers (vcpkg's with
// MSVC, Debian's directx-headers-dev with mingw-w64) and the platform's DXGI headers.
// Linux: vkd3d's own headers, whose COM methods use the Microsoft ABI; the build defines
// WIDL_EXPLICIT_AGGREGATE_RETURNS and NOMINMAX (see docs/platforms.md). Only
// interfaces both runtimes implement are used directly; newer ones are queried and reported.
#if defined(_WIN32)
// rpc.h and rpcndr.h first: mingw-w64's rpcndr.h (version 475) refuses the MIDL 500 stubs
// of DirectX-Headers unless it was already included without their version requirement.
#include <rpc.h>
#include <rpcndr.h>
#include <directx/d3d12.h>
#include <directx/d3d12sdklayers.h>
#include <dxgi1_6.h>
#include <dxguids/dxguids.h>
#else
#include <vkd3d.h>
#include <vkd3d_d3d12sdklayers.h>
#include <vkd3d_utils.h>
#ifndef IID_PPV_ARGS
#define IID_PPV_ARGS(pp) __uuidof(**(pp)), reinterpret_cast<void**>(pp)
#endif
#endif

#include <string>
#include <string_view>

#include "common/check.h"
#include "common/log.h"
#include "common/result.h"
#include "common/types.h"
#include "graphics/d3d12/com_ptr.h"

namespace xe::gfx::d3d12 {

// COM getters that return a struct. MSVC declares them returning it; GCC with
// DirectX-Headers, and vkd3d's headers with WIDL_EXPLICIT_AGGREGATE_RETURNS, declare the
// ABI's real form, an out pointer (vkd3d adds inline by-value wrappers). These call
// whichever form the headers declare, so shared code has one spelling.
template <typename Heap>
D3D12_CPU_DESCRIPTOR_HANDLE cpu_heap_start(Heap* heap) {
  D3D12_CPU_DESCRIPTOR_HANDLE h{};
  if constexpr (requires { heap->GetCPUDescriptorHandleForHeapStart(&h); })
    heap->GetCPUDescriptorHandleForHeapStart(&h);
  else
    h = heap->GetCPUDescriptorHandleForHeapStart();
  return h;
}
template <typename Heap>
D3D12_GPU_DESCRIPTOR_HANDLE gpu_heap_start(Heap* heap) {
  D3D12_GPU_DESCRIPTOR_HANDLE h{};
  if constexpr (requires { heap->GetGPUDescriptorHandleForHeapStart(&h); })
    heap->GetGPUDescriptorHandleForHeapStart(&h);
  else
    h = heap->GetGPUDescriptorHandleForHeapStart();
  return h;
}
template <typename Resource>
D3D12_RESOURCE_DESC resource_desc(Resource* resource) {
  D3D12_RESOURCE_DESC d{};
  if constexpr (requires { resource->GetDesc(&d); })
    resource->GetDesc(&d);
  else
    d = resource->GetDesc();
  return d;
}
template <typename Device>
D3D12_RESOURCE_ALLOCATION_INFO allocation_info(Device* device, const D3D12_RESOURCE_DESC& desc) {
  D3D12_RESOURCE_ALLOCATION_INFO info{};
  if constexpr (requires { device->GetResourceAllocationInfo(&info, 0u, 1u, &desc); })
    device->GetResourceAllocationInfo(&info, 0, 1, &desc);
  else
    info = device->GetResourceAllocationInfo(0, 1, &desc);
  return info;
}
template <typename Device>
LUID adapter_luid(Device* device) {
  LUID luid{};
  if constexpr (requires { device->GetAdapterLuid(&luid); })
    device->GetAdapterLuid(&luid);
  else
    luid = device->GetAdapterLuid();
  return luid;
}

// UTF-8 → the platform's wide string (UTF-16 on Windows, UTF-32 with vkd3d); malformed
// bytes become U+FFFD.
std::wstring to_wide(std::string_view utf8);

}  // namespace xe::gfx::d3d12
