// Windows: the system's d3d12.dll and dxgi.dll. Adapter choice through DXGI: the
// high-performance hardware adapter when there is one, else WARP.
#include <atomic>

#include "graphics/d3d12/d3d12_runtime.h"
#include "graphics/d3d12/d3d12_runtime_win32.h"

namespace xe::gfx::d3d12::runtime {
namespace {

std::atomic<u32> g_validation_errors{0};
// Kept for the device's lifetime: under Wine with WINE_D3D_CONFIG=renderer=vulkan,
// releasing the last factory unloads winevulkan.dll while the d3d12 device still calls
// into it (seen here). Released in shutdown(), after the device.
com_ptr<IDXGIFactory2> g_factory;  // 1.2: the swap chains need CreateSwapChainForHwnd

// UTF-16 → UTF-8 by the system (unpaired surrogates become U+FFFD).
std::string narrow(const wchar_t* wide) {
  const int n = WideCharToMultiByte(CP_UTF8, 0, wide, -1, nullptr, 0, nullptr, nullptr);
  if (n <= 1) return {};
  std::string out(static_cast<size_t>(n), '\0');
  WideCharToMultiByte(CP_UTF8, 0, wide, -1, out.data(), n, nullptr, nullptr);
  out.pop_back();  // the terminator counted in n
  return out;
}

// The first adapter that makes a feature level 11_0 device, by GPU preference when the
// factory supports it. That device is the one kept: asking first with a null device and
// then making it would make two (about 30 ms each under Wine).
bool pick_hardware_adapter(IDXGIFactory1* factory, com_ptr<IDXGIAdapter1>& adapter, com_ptr<ID3D12Device>& device) {
  com_ptr<IDXGIFactory6> factory6;
  factory->QueryInterface(IID_PPV_ARGS(factory6.put()));
  for (UINT i = 0;; ++i) {
    HRESULT hr = factory6 ? factory6->EnumAdapterByGpuPreference(i, DXGI_GPU_PREFERENCE_HIGH_PERFORMANCE,
                                                                 IID_PPV_ARGS(adapter.put()))
                          : factory->EnumAdapters1(i, adapter.put());
    if (hr == DXGI_ERROR_NOT_FOUND) return false;  // put() left adapter empty
    if (FAILED(hr)) continue;
    DXGI_ADAPTER_DESC1 desc{};
    adapter->GetDesc1(&desc);
    if (desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) continue;
    if (SUCCEEDED(D3D12CreateDevice(adapter.get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(device.put())))) return true;
  }
}

}  // namespace

result<created_device> create_device(adapter_preference preference) {
  g_validation_errors = 0;
  com_ptr<ID3D12Debug> debug;
  if (SUCCEEDED(D3D12GetDebugInterface(IID_PPV_ARGS(debug.put()))))
    debug->EnableDebugLayer();
  else
    XE_LOG_INFO("D3D12 debug layer not available (Graphics Tools not installed)");

  XE_TRY_HR(CreateDXGIFactory1(IID_PPV_ARGS(g_factory.put())));
  IDXGIFactory1* factory = g_factory.get();

  com_ptr<IDXGIAdapter1> adapter;
  created_device out;
  if (preference != adapter_preference::automatic || !pick_hardware_adapter(factory, adapter, out.device)) {
    com_ptr<IDXGIFactory4> factory4;
    XE_TRY_HR(factory->QueryInterface(IID_PPV_ARGS(factory4.put())));
    if (auto r = XE_CHECK_HR(factory4->EnumWarpAdapter(IID_PPV_ARGS(adapter.put()))); !r)
      return make_error(errc::unsupported,
                        std::string{preference == adapter_preference::software
                                        ? "the WARP software adapter is unavailable: "
                                        : "no hardware adapter supports feature level 11_0 and WARP is unavailable: "} +
                            r.error_value().reason,
                        r.error_value().native);
  }

  DXGI_ADAPTER_DESC1 desc{};
  XE_TRY_HR(adapter->GetDesc1(&desc));
  if (!out.device) XE_TRY_HR(D3D12CreateDevice(adapter.get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(out.device.put())));
  out.adapter_name = narrow(desc.Description);
  out.vendor_id = desc.VendorId;
  out.device_id = desc.DeviceId;
  out.software = (desc.Flags & DXGI_ADAPTER_FLAG_SOFTWARE) != 0;
  out.runtime = "d3d12.dll";
  return out;
}

void shutdown() { g_factory.reset(); }

result<IDXGIFactory2*> dxgi_factory() {
  if (!g_factory) return make_error(errc::not_initialized, "no DXGI factory: the device has not been made");
  return g_factory.get();
}

bool has_clock_calibration() { return true; }

bool records_debug_regions() { return true; }

u32 validation_error_count() { return g_validation_errors.load(std::memory_order_relaxed); }

// The debug layer writes to the debugger's output; nothing here reads it back.
bool can_capture_messages() { return false; }
bool validation_layer_requested() { return false; }
bool request_validation_layer() { return false; }
bool validation_layer_installed() { return false; }  // no message capture here: hazards stay unchecked
void begin_expected_messages() {}
std::vector<std::string> end_expected_messages() { return {}; }

fence_event create_fence_event() { return CreateEventW(nullptr, FALSE, FALSE, nullptr); }

result<bool> wait_fence_event_for(fence_event event, u32 timeout_ms) {
  const DWORD r = WaitForSingleObject(static_cast<HANDLE>(event), timeout_ms);
  if (r == WAIT_OBJECT_0) return true;
  if (r == WAIT_TIMEOUT) return false;
  return make_error(errc::api_call_failed, "WaitForSingleObject on the fence event failed",
                    static_cast<s64>(GetLastError()));
}

void destroy_fence_event(fence_event event) {
  if (event) CloseHandle(static_cast<HANDLE>(event));
}

}  // namespace xe::gfx::d3d12::runtime
