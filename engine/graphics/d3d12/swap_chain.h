#pragma once
// swap_chain: what a surface presents through. Three implementations in whole files:
// offscreen (committed render targets; headless runs, tests, screenshots), and later the
// DXGI one (Windows) and the Vulkan WSI one through vkd3d interop (Linux).
//
// Buffer states: every buffer is in D3D12_RESOURCE_STATE_PRESENT between frames; the
// surface moves the current buffer to RENDER_TARGET while recording and back.
#include <memory>
#include <string>

#include "graphics/d3d12/d3d12_common.h"

namespace xe::gfx::d3d12 {

class swap_chain {
public:
  static constexpr u32 min_buffers{2};
  static constexpr u32 max_buffers{4};

  virtual ~swap_chain() = default;
  virtual const char* kind() const = 0;
  virtual u32 width() const = 0;
  virtual u32 height() const = 0;
  virtual DXGI_FORMAT format() const = 0;
  virtual u32 buffer_count() const = 0;
  virtual u32 current_buffer() const = 0;  // the buffer the next frame renders into
  virtual bool fullscreen() const { return false; }

  // A new reference to buffer i (DXGI GetBuffer semantics).
  virtual result<com_ptr<ID3D12Resource>> buffer(u32 index) = 0;
  // Makes current_buffer() ready to be rendered (window swap chains acquire an image).
  virtual result<void> acquire() { return {}; }
  // Presents current_buffer() after the frame's command list was submitted.
  virtual result<void> present() = 0;
  // Reallocates the buffers. The caller has flushed the queue and dropped every buffer
  // reference it held (DXGI ResizeBuffers fails otherwise).
  virtual result<void> resize(u32 width, u32 height) = 0;
};

// Offscreen: buffer_count committed R8G8B8A8_UNORM render targets; present() rotates.
// label prefixes the buffers' debug names ("surface 2").
result<std::unique_ptr<swap_chain>> create_offscreen_swap_chain(std::string label, u32 width, u32 height,
                                                                u32 buffer_count);

} // namespace xe::gfx::d3d12
