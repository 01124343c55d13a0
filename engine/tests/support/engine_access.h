#pragma once
// The running engine's D3D12 parts, for the engine's own tests and benches. Production code
// never asks for them: each part is handed the core's state by its entry point.
#include "common/assert.h"
#include "graphics/d3d12/d3d12_core_state.h"

namespace xe::test {

inline gfx::d3d12::core_state& engine() {
  auto core = gfx::d3d12::running_core();
  XE_ASSERT(core);
  return **core;
}
inline ID3D12Device* engine_device() { return engine().device.get(); }

}  // namespace xe::test
