#pragma once
// Windows only, beside d3d12_runtime.h: what the DXGI path shares with the swap chains.
#include "graphics/d3d12/d3d12_common.h"

namespace xe::gfx::d3d12::runtime {

// The factory create_device made, alive until shutdown(): every swap chain is made by it.
// A factory per swap chain would cost about 200 ms each under Wine (its wined3d adapter set-up).
result<IDXGIFactory2*> dxgi_factory();

}  // namespace xe::gfx::d3d12::runtime
