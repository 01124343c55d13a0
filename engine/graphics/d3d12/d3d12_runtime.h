#pragma once
// The D3D12 runtime of this OS, behind one interface: adapter choice and device creation,
// fence events, and the runtime's diagnostics. One implementation per platform, in whole
// files CMake selects: d3d12_runtime_vkd3d.cpp (Linux) and d3d12_runtime_win32.cpp.
#include <string>
#include <vector>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/renderer.h"

namespace xe::gfx::d3d12::runtime {

struct created_device {
  com_ptr<ID3D12Device> device;
  std::string adapter_name;
  std::string runtime;
  u32 vendor_id{};
  u32 device_id{};
  bool software{};
};

// Picks the adapter and creates an ID3D12Device at feature level 11_0 (the highest
// both runtimes here accept). Also starts the runtime's message capture.
result<created_device> create_device(adapter_preference preference);
// Ends what create_device started. Call after the engine's last device reference is gone.
void shutdown();

// Whether ID3D12CommandQueue::GetClockCalibration is worth calling: vkd3d 1.2's is a stub
// (E_NOTIMPL, and a fixme on stderr, which the tests treat as an error).
bool has_clock_calibration();
// Whether BeginEvent / EndEvent record anything: vkd3d 1.2's are stubs (a fixme per call).
bool records_debug_regions();

// Vulkan validation / runtime error messages seen since create_device.
u32 validation_error_count();

// A hazard provoked on purpose (lesson 12): between begin and end, warnings and errors
// are collected for the caller instead of counted. Between frames, one capture at a time.
// can_capture: this runtime hands its messages to the engine (vkd3d with debug utils);
// layer_requested: the Vulkan validation layer was asked for in the environment.
bool can_capture_messages();
bool validation_layer_requested();
// Asks for the validation layer (before initialisation) when it is installed and the
// environment names no layers; true when it will then check this run.
bool request_validation_layer();
bool validation_layer_installed();  // the loader lists VK_LAYER_KHRONOS_validation
void begin_expected_messages();
std::vector<std::string> end_expected_messages();

// An OS event for ID3D12Fence::SetEventOnCompletion. Never pass nullptr to that call
// (vkd3d crashes later). Events are auto-reset; a wait may also wake for a signal meant
// for an earlier wait, so callers re-check the fence after every wake.
using fence_event = void*;
fence_event create_fence_event();
// Waits until the event is signalled (true) or timeout_ms have passed (false). vkd3d 1.2
// implements only infinite waits; its runtime signals the event itself at the deadline.
result<bool> wait_fence_event_for(fence_event event, u32 timeout_ms);
void destroy_fence_event(fence_event event);

}  // namespace xe::gfx::d3d12::runtime
