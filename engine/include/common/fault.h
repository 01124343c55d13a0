#pragma once
// Named engine faults: realistic wrong implementations of exactly what the lessons teach,
// so that tools/fault_matrix.py can prove each lesson check fails when the engine is wrong.
// Compiled in only where XE_ENGINE_FAULTS is 1 (Debug, the test builds); elsewhere
// XE_FAULT(name) is the constant false and the wrong code is not in the binary. Only the
// sandbox's --fault option (or a test) turns one on, one at a time, for the whole process.
#include <string_view>

#include "common/types.h"

#ifndef XE_ENGINE_FAULTS
#define XE_ENGINE_FAULTS 0
#endif

namespace xe::fault {

// X(name, what the wrong engine does)
#define XE_FAULT_LIST(X)                                                                                              \
  X(free_index_at_once,                                                                                               \
    "descriptor_heap::free puts the index back on the free stack at once, not when its slot's "                       \
    "fence has completed")                                                                                            \
  X(fence_initial_value_one,                                                                                          \
    "the frame fence is created with InitialValue 1, the value frame 0 signals, so frame 0 "                          \
    "looks complete before the GPU has run it")                                                                       \
  X(free_stack_far_end,                                                                                               \
    "descriptor_heap::allocate takes the free index at the far end of the free part of the "                          \
    "array, not the one at _size")                                                                                    \
  X(double_free_accepted, "descriptor_heap::free of an index that is not allocated returns success and does nothing") \
  X(deferred_list_not_cleared,                                                                                        \
    "process_deferred_free returns a slot's indices but never clears the slot's list "                                \
    "(the wiki's 7.6)")                                                                                               \
  X(release_at_once, "deferred_release() calls Release() at once instead of queueing the object in the frame's slot") \
  X(release_order_reversed, "a slot's deferred releases are released newest first, not in the order queued")          \
  X(frames_in_flight_ignored,                                                                                         \
    "begin_frame waits only for its own slot's last fence value, whatever the frames-in-"                             \
    "flight setting")                                                                                                 \
  X(back_buffers_follow_frames_in_flight,                                                                             \
    "set_frames_in_flight rebuilds every swap chain with that many back buffers (at least 2): "                       \
    "the wiki's one constant for both")                                                                               \
  X(wrong_slot_reclaimed, "begin_frame reclaims the next slot's deferred frees and releases instead of its own")      \
  X(slot_step_two, "frame N records into slot 2N mod 3 instead of N mod 3")                                           \
  X(flush_does_not_wait, "flush() signals the fence and returns without waiting for the GPU to reach the value")      \
  X(free_list_never_reuses, "utl::free_list::add always appends a new slot instead of reusing the newest free one")   \
  X(surface_copied_on_growth,                                                                                         \
    "when the surfaces' free_list grows, the surface left behind still holds its RTVs and DSV and "                   \
    "frees them, while the moved one renders through them (the copy of wiki 8.9)")                                    \
  X(free_list_remove_unlinked,                                                                                        \
    "utl::free_list::remove frees the slot but does not make it the head of the free "                                \
    "chain, so it is never used again")                                                                               \
  X(pso_recreated_each_draw,                                                                                          \
    "the pipeline cache is not consulted: every draw creates its pipeline state object "                              \
    "again")                                                                                                          \
  X(rebuild_without_flush,                                                                                            \
    "resize_surface and remove_surface release a surface's buffers without flushing the "                             \
    "queue first")                                                                                                    \
  X(descriptor_size_hard_coded,                                                                                       \
    "a descriptor heap's increment size is hard-coded to 64 bytes instead of asked from "                             \
    "the device (the heap is made twice as large, so the wrong stride cannot crash)")                                 \
  X(back_buffer_usage_missing,                                                                                        \
    "offscreen and Vulkan back buffers are made without ALLOW_RENDER_TARGET (the wiki's 8.7 "                         \
    "leaves BufferUsage unset)")                                                                                      \
  X(msaa_sample_count_ignored,                                                                                        \
    "the multisampled render target is made with one sample whatever is asked, and copied "                           \
    "instead of resolved")                                                                                            \
  X(viewport_depth_zero,                                                                                              \
    "a surface's viewport leaves MaxDepth at 0 (D3D12_VIEWPORT{0, 0, w, h}), so every depth "                         \
    "lands on 0")                                                                                                     \
  X(view_cast_snorm_unorm,                                                                                            \
    "the view-format rule table forgets that _SNORM and _UNORM formats never cast to each "                           \
    "other")                                                                                                          \
  X(placed_heap_ignored,                                                                                              \
    "a placed texture's heap is created but not passed on: the texture is created committed, "                        \
    "in an implicit heap of its own")                                                                                 \
  X(quad_range_cbv,                                                                                                   \
    "the textured quad's descriptor table declares its one range as CBV, not SRV, so t0 is "                          \
    "in no range")                                                                                                    \
  X(srv_freed_once_bound,                                                                                             \
    "the textured quad frees its texture's SRV once the first draw has recorded the table, "                          \
    "as if the table kept a copy, and goes on drawing through the freed index")                                       \
  X(depth_created_common,                                                                                             \
    "a surface's depth buffer is created in COMMON and never moved to DEPTH_WRITE before it "                         \
    "is bound and cleared")                                                                                           \
  X(depth_clear_value_zero,                                                                                           \
    "a surface's depth buffer is created with an optimised clear value of 0 while every "                             \
    "frame clears it to 1")                                                                                           \
  X(barrier_skipped, "the frame's PRESENT -> RENDER_TARGET barrier is not recorded")                                  \
  X(barrier_wrong_before_state,                                                                                       \
    "a texture upload's COPY_DEST -> PIXEL_SHADER_RESOURCE barrier claims COMMON as "                                 \
    "the state before")                                                                                               \
  X(heap_limits_unchecked,                                                                                            \
    "create_heap does not check the shader-visible heap limits (1,000,000 CBV/SRV/UAV, "                              \
    "2048 samplers) and leaves them to the runtime")                                                                  \
  X(wiki_model_clears_list, "the model of the wiki's heap clears its deferred lists, which the wiki's 7.6 does not")  \
  X(wiki_model_locks,                                                                                                 \
    "the model of the wiki's heap locks free() and process_deferred_release, which the wiki "                         \
    "does not")                                                                                                       \
  X(wiki_model_checks_capacity,                                                                                       \
    "the model of the wiki's heap refuses allocate() on a full heap, which the wiki "                                 \
    "does not")                                                                                                       \
  X(wiki_model_fills_handle,                                                                                          \
    "the model of the wiki's heap fills the handle's GPU address and index, which the "                               \
    "wiki's 7.6 allocate() does not")                                                                                 \
  X(wiki_model_checks_double_free, "the model of the wiki's heap refuses a double free, which the wiki does not")

enum class id : u8 {
  none,
#define XE_FAULT_ENUM(name, what) name,
  XE_FAULT_LIST(XE_FAULT_ENUM)
#undef XE_FAULT_ENUM
      count
};

// Every fault's name and description, in the list's order (none excluded).
struct info {
  id which;
  std::string_view name;
  std::string_view what;
};
const info* all(u32& count);
id from_name(std::string_view name);  // id::none when unknown
std::string_view name(id which);

// Whether faults can be turned on in this build.
constexpr bool available() { return XE_ENGINE_FAULTS != 0; }

#if XE_ENGINE_FAULTS
bool is_active(id which);
id active();
// Turns one fault on (id::none: off); false when the build has no faults.
bool set_active(id which);
#define XE_FAULT(name) ::xe::fault::is_active(::xe::fault::id::name)
#else
constexpr bool is_active(id) { return false; }
constexpr id active() { return id::none; }
inline bool set_active(id which) { return which == id::none; }
#define XE_FAULT(name) false
#endif

}  // namespace xe::fault
