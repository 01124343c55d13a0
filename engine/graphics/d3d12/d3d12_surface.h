#pragma once
// d3d12_surface: a swap chain plus what the engine needs to render into it: a
// reference to each buffer with an RTV from the engine's RTV heap, the viewport and
// the scissor rectangle. Surfaces live in a utl::free_list, which moves them when it
// grows: the move constructor hands every reference and descriptor to the new object
// and leaves the old one empty, so nothing is released twice (wiki 8.9).
#include <array>
#include <memory>

#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/d3d12/swap_chain.h"
#include "graphics/renderer.h"

namespace xe::gfx::d3d12 {

class d3d12_surface {
public:
  explicit d3d12_surface(std::unique_ptr<swap_chain> chain);
  d3d12_surface(d3d12_surface&& other) noexcept;
  d3d12_surface& operator=(d3d12_surface&&) = delete;
  XE_DISABLE_COPY(d3d12_surface);
  ~d3d12_surface();  // render targets go through the deferred path

  // Takes a reference to every buffer and allocates an RTV for it.
  result<void> create_render_targets();
  // Drops the buffer references and frees the RTVs (deferred).
  void release_render_targets();
  // The caller has flushed: release, resize the swap chain, recreate.
  result<void> resize(u32 width, u32 height);

  // Acquires the current buffer, moves it to RENDER_TARGET, binds it with the viewport
  // and scissor, and clears it.
  result<void> begin_render(ID3D12GraphicsCommandList* list, const color& clear);
  // Moves the buffer back to PRESENT.
  void end_render(ID3D12GraphicsCommandList* list);
  // After the frame's list was executed: presents and remembers the presented buffer.
  result<void> present();

  bool rendered() const { return _rendered; }
  u32 width() const { return _chain->width(); }
  u32 height() const { return _chain->height(); }
  swap_chain& chain() const { return *_chain; }
  // The buffer shown by the last present (what a screenshot captures), PRESENT state.
  ID3D12Resource* presented_buffer() const;
  void fill_info(surface_info& info) const;

private:
  struct render_target_data {
    com_ptr<ID3D12Resource> resource;
    descriptor_handle rtv;
  };

  std::unique_ptr<swap_chain> _chain;
  std::array<render_target_data, swap_chain::max_buffers> _render_targets{};
  D3D12_VIEWPORT _viewport{};
  D3D12_RECT _scissor{};
  u32 _presented{invalid_id};
  bool _rendered{false};
};

} // namespace xe::gfx::d3d12
