#pragma once
// swap_chain: what a surface presents through. Three implementations in whole files:
// offscreen (committed render targets; headless runs, tests), DXGI (swap_chain_dxgi.cpp,
// Windows) and Vulkan WSI through vkd3d interop (swap_chain_vk.cpp, Linux).
//
// Buffer states: every buffer is in D3D12_RESOURCE_STATE_PRESENT between frames; the
// surface moves the current buffer to RENDER_TARGET while recording and back.
#include <memory>
#include <string>

#include "graphics/d3d12/d3d12_common.h"

namespace xe::platform {
class window;
}

namespace xe::gfx::d3d12 {

class swap_chain {
public:
  static constexpr u32 min_buffers{2};
  static constexpr u32 max_buffers{4};
  // Acquire sync objects: 0..frame_slot_count-1 for the engine's frame slots, the rest
  // for an observer's redraws (observer_pass). Each is reused only after its owner's fence
  // has passed the submission that waited on it.
  static constexpr u32 sync_slots{2 * frame_slot_count};

  enum class acquire_status : u8 {
    ready,  // current_buffer() may be rendered and presented this frame
    skip,   // nothing to draw into (minimised, zero extent): skip this surface this frame
    stale,  // the buffers no longer match the window: rebuild before rendering
  };

  virtual ~swap_chain() = default;
  virtual const char* kind() const = 0;
  virtual u32 width() const = 0;
  virtual u32 height() const = 0;
  virtual DXGI_FORMAT format() const = 0;
  virtual u32 buffer_count() const = 0;
  virtual u32 current_buffer() const = 0;  // the buffer the frame renders into
  virtual bool fullscreen() const { return false; }
  // How the buffers reach the screen, as the platform's API names it ("DXGI_SWAP_EFFECT_
  // FLIP_DISCARD, DXGI_USAGE_RENDER_TARGET_OUTPUT", "VK_PRESENT_MODE_MAILBOX_KHR").
  virtual std::string presentation() const = 0;
  // True once the chain knows its buffers are out of date (resize, OUT_OF_DATE/SUBOPTIMAL).
  virtual bool stale() const { return false; }

  // A new reference to buffer i (DXGI GetBuffer semantics).
  virtual result<com_ptr<ID3D12Resource>> buffer(u32 index) = 0;
  // Called while recording, before current_buffer() is used; sync_index < sync_slots.
  virtual result<acquire_status> acquire(u32 /*sync_index*/) { return acquire_status::ready; }
  // Presents current_buffer() after the frame's command list was submitted.
  virtual result<void> present() = 0;
  // Reallocates the buffers: offscreen at width x height, window chains at the window's
  // current size; buffer_count 0 keeps the count (as DXGI's ResizeBuffers). The caller has
  // flushed the queue and dropped every buffer reference.
  virtual result<void> resize(u32 width, u32 height, u32 buffer_count) = 0;
};

// Offscreen: buffer_count committed R8G8B8A8_UNORM render targets; present() rotates.
// label prefixes the buffers' debug names ("surface 2").
result<std::unique_ptr<swap_chain>> create_offscreen_swap_chain(ID3D12Device* device, std::string label, u32 width,
                                                                u32 height, u32 buffer_count);
// A swap chain for a window (Vulkan WSI on Linux, DXGI on Windows). The window must
// outlive the chain; queue is the one that presents (the engine's direct queue).
result<std::unique_ptr<swap_chain>> create_window_swap_chain(ID3D12Device* device, ID3D12CommandQueue* queue,
                                                             std::string label, platform::window& window,
                                                             u32 buffer_count);

}  // namespace xe::gfx::d3d12
