#pragma once
// The engine's public API, without D3D12 types: one device, one direct queue, frame slots
// rotated over frame_slot_count, surfaces kept in a utl::free_list. The lessons'
// experiments (learner heaps, textures, hazards) are in lab.h; plain-data stats and the
// hook table in stats.h; recording into a surface's pass in d3d12/d3d12_frame.h.
//
// Index
//   lifecycle    initialize, shutdown, is_initialized
//   surfaces     create_surface, remove_surface, resize_surface, rebuild_stale_surfaces
//   the frame    begin_frame -> render_surface (for each surface) -> end_frame;
//                flush, set_frames_in_flight, interrupt_fence_waits
//   observing    observer (redraws between frames without moving the engine)
//   screenshots  request_capture, take_capture
//   stats        get_* (cheap, every frame), calculate_* and copy_* (walk data): adapter,
//                frame, heaps, descriptors, surfaces, resources and objects, deferred
//                releases, upload ring, frame timings, validation errors
//
// Everything that can fail returns xe::result; failures are also logged where they happen.
//
// Threads: one thread owns the renderer. It calls initialize, every function here and in
// lab.h, and shutdown; no call may run concurrently with another, and hooks (stats.h) run
// on it. The engine's own locks exist for its internals: a descriptor_heap may be used from
// several threads (d3d12_descriptor_heap.h), and the tracker and deferred-release queues
// accept calls from any thread. interrupt_fence_waits alone may be called from anywhere
// (a signal handler included).
#include <array>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/id.h"
#include "common/result.h"
#include "graphics/stats.h"
#include "platform/window.h"

namespace xe::gfx {

struct surface_tag;
using surface_id = typed_id<surface_tag>;

// Which adapter the device is created on.
enum class adapter_preference : u8 {
  automatic,  // Windows: the high-performance hardware adapter, else WARP. Linux: vkd3d's choice.
  software,   // a CPU rasteriser: WARP on Windows, a CPU Vulkan device (lavapipe) on Linux
};

struct renderer_desc {
  adapter_preference adapter{adapter_preference::automatic};
  u32 frames_in_flight{frame_slot_count};  // 1..frame_slot_count; changeable later
  u32 rtv_heap_capacity{512};
  u32 dsv_heap_capacity{512};
  u32 srv_heap_capacity{4096};  // shader-visible CBV/SRV/UAV
  u32 uav_heap_capacity{512};
  u64 upload_bytes_per_slot{4u << 20};  // vertex/index/constant data per frame slot
};

struct surface_desc {
  u32 width{1280};  // offscreen size; window surfaces take the window's
  u32 height{720};
  u32 back_buffer_count{3};    // 2..4, independent of frames in flight
  platform::window* window{};  // null: offscreen. Must outlive the surface.
};

struct color {
  f32 r{}, g{}, b{}, a{1.f};
};

// What render_surface draws after clearing.
struct frame_content {
  color clear{};
  bool triangle{false};        // the wiki's first triangle, vertices through the upload ring
  u32 gpu_load_passes{0};      // blended full-screen passes that leave the image as it was:
                               // real GPU work, to make frames GPU-bound (at most 10,000)
  std::string quad_texture{};  // lesson 14: a learner texture on a square in the middle, read
                               // through a descriptor table (empty: no quad). Not drawn until
                               // its pixels are in (a queued upload lands in the next frame).
};

struct image_rgba8 {
  u32 width{};
  u32 height{};
  std::vector<u8> pixels;  // width * height * 4, rows top to bottom
};

// What shutdown() found; all zero after a clean run.
struct shutdown_report {
  u32 device_references_left{};  // device refcount after the engine's last Release
  u32 objects_still_tracked{};   // tracked D3D12 objects not released
  bool gpu_hung{};               // a fence wait gave up: nothing was released (it may be in use)
};

result<void> initialize(const renderer_desc& desc = {});
shutdown_report shutdown();  // flushes, releases everything; safe if not initialised
                             // (after errc::device_hung or stopped: releases nothing, leaks on purpose)
bool is_initialized();

result<surface_id> create_surface(const surface_desc& desc);
result<void> remove_surface(surface_id id);  // flushes first
// Flushes, releases the back buffers, RTVs, depth buffer and DSV (descriptors through the
// deferred path), reallocates and recreates them. Offscreen: at width x height (non-zero).
// Window: at the window's current size (resize the window first; width/height are ignored).
result<void> resize_surface(surface_id id, u32 width, u32 height);

// Rebuilds surfaces whose swap chain went stale, waits until frame N - frames_in_flight has
// completed (which covers this slot's last use), runs the slot's deferred work, then records the texture uploads queued through the upload ring.
result<void> begin_frame();
// What begin_frame does first, on its own (between frames): rebuilds window surfaces whose
// swap chain went stale (a size change, OUT_OF_DATE, SUBOPTIMAL). True when one was.
result<bool> rebuild_stale_surfaces();
// Records the surface's frame: clears colour and depth, then the content; a minimised
// window is skipped.
result<void> render_surface(surface_id id, const frame_content& content);
inline result<void> render_surface(surface_id id, const color& clear) {
  return render_surface(id, frame_content{clear});
}

// Extra drawing in a surface's pass, after its clear and content: the sandbox's UI. What it
// receives (the command list, the target's formats, the upload ring) is D3D12 and lives in
// the extension header graphics/d3d12/d3d12_frame.h; callers that only pass one along (the
// app) need nothing from it.
namespace d3d12 {
struct render_context;
class observer_pass;
}
using surface_recorder = std::function<result<void>(const d3d12::render_context&)>;
result<void> render_surface(surface_id id, const frame_content& content, const surface_recorder& extra);

// Redraws window surfaces between the engine's frames without touching the engine's frame
// state (fences, slots, deferred queues, upload ring): the overlay while the engine is held.
// See graphics/d3d12/d3d12_observer.h for how.
class observer {
public:
  observer();
  observer(const observer&) = delete;
  observer& operator=(const observer&) = delete;
  ~observer();

  result<void> initialize();  // after gfx::initialize
  void release();             // before gfx::shutdown
  // False when the surface was skipped (minimised, zero size, stale).
  result<bool> redraw(surface_id id, const frame_content& content, const surface_recorder& extra);
  // The same redraw, copied back: the image the window shows.
  result<image_rgba8> capture(surface_id id, const frame_content& content, const surface_recorder& extra);

private:
  std::unique_ptr<d3d12::observer_pass> _pass;
};
result<void> end_frame();  // executes, presents, signals ++fence value
// Waits until the GPU has finished all submitted work. Then nothing queued so far can be
// in use: every deferred index returns and every deferred object is released (events say
// "after flush"). Resizes and surface removals flush first, so their own frees still wait.
result<void> flush();
result<void> set_frames_in_flight(u32 count);
// Fence waits fail with errc::device_hung when the GPU completes nothing for a minute (a hung
// GPU ends the app with a message instead of hanging it), and with errc::stopped once they
// have run for a second after this was called. Only sets a flag: a SIGINT/SIGTERM handler
// may call it.
void interrupt_fence_waits();
// Every CPU wait on a fence that blocked, since the process started (frames, flushes, the
// lessons' own waits; one given up counts too): how many, the longest, how many took over 100 ms, and how often one
// found no progress and signalled again (a lost signal on vkd3d 1.2). For benchmarks.
struct fence_wait_stats {
  u64 waits{};
  f32 longest_ms{};
  u64 over_100ms{};
  u64 resignals{};
};
fence_wait_stats get_fence_wait_stats();

// Debug regions for capture tools (RenderDoc, PIX): ID3D12GraphicsCommandList::BeginEvent /
// EndEvent in PIX's UTF-16 form around each frame (named by the label, when one is set) and
// each surface's pass ("surface 0 (1280x720)"). Off by default, and never on vkd3d 1.2, whose
// BeginEvent and EndEvent are stubs that record nothing and print a fixme for every call.
void set_debug_regions(bool on);
void set_frame_label(std::string_view label);  // from the next begin_frame; "" for none

// Screenshots. The next frame that renders the surface copies its back buffer before
// presenting it (presented images belong to the window system). After that frame has
// ended, take_capture waits for it and returns the image (RGBA, whatever the format).
result<void> request_capture(surface_id id);
result<image_rgba8> take_capture(surface_id id);

// Stats. get_* are cheap; calculate_* and copy_* walk data.
// Heaps 0..3 are the engine's (rtv, dsv, srv, uav); learner heaps (lab.h) follow them.
constexpr u32 engine_heap_count{4};
const adapter_info& get_adapter_info();
frame_stats get_frame_stats();
u32 get_heap_count();  // engine heaps, then learner heaps
heap_info get_heap_info(u32 heap);
// Grows with every change to any heap's state and with every heap created: a test that costs
// a lock per heap, where get_heap_info copies each heap's name.
u64 get_heaps_version();
void copy_heap_state(u32 heap, heap_state& out, u32 parts = heap_state_all);  // heap_state_part bits
descriptor_info get_descriptor_info(u32 heap, u32 index);                     // an index outside the heap: all defaults
surfaces_info calculate_surfaces_info();
void calculate_surfaces_info(surfaces_info& out);  // in place: out's vectors keep their capacity
// Changes when a surface is created, removed or rebuilt: calculate_surfaces_info returns the
// same while it holds, except each slot's back_buffer_index (get_back_buffer_index).
u64 get_surfaces_version();
// The back buffer the surface slot's last frame drew into (its swap chain's index, never
// the frame slot); 0 for a free surface slot.
u32 get_back_buffer_index(u32 surface_slot);
void copy_resources(std::vector<resource_info>& out);
u64 get_objects_version();  // changes when an object is created, queued or released, or a resource state changed net
void copy_objects(std::vector<object_info>& out);
void copy_deferred_releases(std::array<std::vector<object_info>, frame_slot_count>& out);
upload_stats get_upload_stats();
u32 get_validation_error_count();  // Vulkan validation / runtime errors seen
// Before initialize: turn the validation layer on when it is installed and the environment
// chose no layers. validation_layer_on(): whether it checks this run's calls.
bool request_validation_layer();
bool validation_layer_on();
// The last frame_timing_capacity frames, oldest first (the newest may still record): only
// those whose stamp is above since, so a caller holding the previous copy reads a delta.
// Returns the highest stamp so far.
u64 copy_frame_timings(std::vector<frame_timing>& out, u64 since = 0);
const gpu_clock_info& get_gpu_clock_info();

}  // namespace xe::gfx
