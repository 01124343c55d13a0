#pragma once
// observer_pass: how an observer (the sandbox's inspector overlay) redraws surfaces between
// the engine's frames, e.g. while a lesson holds the engine still. It has its own command
// allocators, command list, fence, upload ring and swap-chain acquire sync objects, and
// submits to the engine's queue behind the frames already there. It never signals the
// frame fence, never advances the frame slot, runs no deferred work and takes nothing from
// the engine's upload ring or descriptor heaps, so what an observer shows stays what the
// engine left. (It binds the engine's shader-visible heap only to read a learner quad's
// existing SRV; the UI's font is a root SRV.)
#include <array>

#include "graphics/d3d12/d3d12_frame.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_runtime.h"
#include "graphics/d3d12/d3d12_upload.h"

namespace xe::gfx::d3d12 {

class d3d12_surface;
struct core_state;

class observer_pass {
public:
  static constexpr u32 depth{frame_slot_count};  // redraws in flight before one waits

  observer_pass() = default;
  XE_DISABLE_COPY_AND_MOVE(observer_pass);
  ~observer_pass() { release(); }

  result<void> initialize(core_state& core);  // after gfx::initialize; core must outlive release()
  void release();                             // waits for its own submissions, then releases at once
  bool ready() const { return _list.get() != nullptr; }

  // Redraws the surface: clear, content without its GPU-load passes (they leave the image
  // as it was), extra; then presents. False when the surface was skipped: minimised, zero
  // size, or stale (the window changed: the engine must rebuild it first).
  result<bool> redraw(surface_id id, const frame_content& content, const record_fn& extra);
  // The same redraw, also copied back: the image the window shows.
  result<image_rgba8> capture(surface_id id, const frame_content& content, const record_fn& extra);
  // Waits until every redraw submitted so far has completed.
  result<void> wait_idle();

  u64 submissions() const { return _value; }

private:
  struct slot {
    com_ptr<ID3D12CommandAllocator> allocator;
    u64 fence_value{0};
  };
  result<bool> submit(d3d12_surface& s, const frame_content& content, const record_fn& extra,
                      const texture_readback* copy_to);

  core_state* _core{nullptr};
  std::array<slot, depth> _slots{};
  com_ptr<ID3D12GraphicsCommandList> _list;
  com_ptr<ID3D12Fence> _fence;
  runtime::fence_event _event{nullptr};
  u64 _value{0};
  u32 _next{0};
  frame_clock _clock;  // the redraw slot its upload ring allocates in
  upload_ring _upload;
};

}  // namespace xe::gfx::d3d12
