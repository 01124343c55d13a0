#pragma once
// d3d12_surface: a swap chain plus what the engine needs to render into it: a reference
// to each buffer with an RTV from the engine's RTV heap, a depth buffer with a DSV from
// the DSV heap, the viewport and the scissor rectangle. All of it is rebuilt on resize.
//
// Surfaces live in a utl::free_list, which moves them when it grows: the move constructor
// hands every reference and descriptor to the new object and leaves the old one empty, so
// nothing is released twice (wiki 8.9).
#include <array>
#include <memory>
#include <string>

#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/swap_chain.h"
#include "graphics/renderer.h"

namespace xe::gfx::d3d12 {

// What a surface creates its views and depth buffer with: the engine's device and heaps.
struct surface_context {
  ID3D12Device* device{nullptr};
  descriptor_heap* rtv_heap{nullptr};
  descriptor_heap* dsv_heap{nullptr};
};

class d3d12_surface {
public:
  static constexpr DXGI_FORMAT depth_format{DXGI_FORMAT_D32_FLOAT};
  static constexpr DXGI_FORMAT depth_resource_format{DXGI_FORMAT_R32_TYPELESS};
  static constexpr f32 depth_clear{1.f};  // what begin_render clears depth to: the far plane

  d3d12_surface(const surface_context& context, std::unique_ptr<swap_chain> chain, std::string label,
                platform::window* window);
  d3d12_surface(d3d12_surface&& other) noexcept;
  d3d12_surface& operator=(d3d12_surface&&) = delete;
  XE_DISABLE_COPY(d3d12_surface);
  ~d3d12_surface();  // render targets and depth go through the deferred path

  // Takes a reference to every buffer with an RTV, creates the depth buffer and its DSV.
  result<void> create_render_targets();
  // Drops the buffer references and the depth buffer; frees the RTVs and the DSV (deferred).
  void release_render_targets();
  // The caller has flushed: release, resize the swap chain (buffer_count 0 keeps the
  // count), recreate. Returns what was released and created (descriptor indices
  // included), for the rebuild event.
  result<std::string> resize(u32 width, u32 height, u32 buffer_count);

  // Acquires the current buffer (with the swap chain's acquire sync object sync_index);
  // when ready, moves it to RENDER_TARGET, binds it with the depth buffer, viewport and
  // scissor, and clears both. Returns whether it is rendering.
  result<bool> begin_render(ID3D12GraphicsCommandList* list, const color& clear, u32 sync_index);
  // Moves the buffer back to PRESENT, copying it to the capture buffer first if asked.
  void end_render(ID3D12GraphicsCommandList* list);
  // After the frame's list was executed.
  result<void> present();
  // The engine's frames (not an observer's redraws) remember the buffer they drew into:
  // it is the back-buffer index the stats report.
  void note_back_buffer_index() { _back_buffer_index = _chain->current_buffer(); }
  u32 back_buffer_index() const { return _back_buffer_index; }
  // The buffer being rendered, between begin_render and end_render (RENDER_TARGET state).
  ID3D12Resource* current_target() const { return _render_targets[_chain->current_buffer()].resource.get(); }

  // Screenshots: the next rendered frame copies its back buffer before presenting it.
  result<void> request_capture();
  // After that frame's fence has completed (the caller flushed): the captured image.
  result<image_rgba8> take_capture();

  bool rendered() const { return _rendered; }
  bool is_window() const { return _window != nullptr; }
  platform::window* window() const { return _window; }
  u32 width() const { return _chain->width(); }
  u32 height() const { return _chain->height(); }
  swap_chain& chain() const { return *_chain; }
  void fill_info(surface_info& info) const;

private:
  struct render_target_data {
    com_ptr<ID3D12Resource> resource;
    descriptor_handle rtv;
  };
  struct capture_data {
    texture_readback readback;
    bool requested{false};
    bool recorded{false};
  };

  surface_context _context;
  std::unique_ptr<swap_chain> _chain;
  std::string _label;
  platform::window* _window{nullptr};
  std::array<render_target_data, swap_chain::max_buffers> _render_targets{};
  com_ptr<ID3D12Resource> _depth;
  f32 _depth_optimized_clear{};  // the clear value the depth buffer was created with
  descriptor_handle _dsv;
  D3D12_VIEWPORT _viewport{};
  D3D12_RECT _scissor{};
  capture_data _capture;
  u32 _back_buffer_index{0};
  bool _rendered{false};
};

}  // namespace xe::gfx::d3d12
