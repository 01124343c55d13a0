#pragma once
// The renderer's public API: no D3D12 types. One device, one direct queue, frame slots
// rotated over frame_buffer_count; surfaces kept in a utl::free_list.
//
// A frame:  begin_frame() → render_surface(...) for each surface → end_frame().
// Everything returns xe::result; failures are also logged where they happen.
//
// Threads: one thread owns the renderer. It calls initialize, every function here and
// shutdown; no call may run concurrently with another, and hooks (stats.h) run on it. The
// engine's own locks exist for its internals: a descriptor_heap may be used from several
// threads (d3d12_descriptor_heap.h), and the tracker and deferred-release queues accept
// calls from any thread.
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
  u32 frames_in_flight{frame_buffer_count};  // 1..frame_buffer_count; changeable later
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
                             // (after errc::device_hung: releases nothing, leaks on purpose)
bool is_initialized();

result<surface_id> create_surface(const surface_desc& desc);
result<void> remove_surface(surface_id id);  // flushes first
// Flushes, releases the back buffers, RTVs, depth buffer and DSV (descriptors through the
// deferred path), reallocates and recreates them. Offscreen: at width x height (non-zero).
// Window: at the window's current size (resize the window first; width/height are ignored).
result<void> resize_surface(surface_id id, u32 width, u32 height);

// Rebuilds surfaces whose swap chain went stale, waits for this slot's fence, runs its
// deferred work, then records the texture uploads queued through the upload ring.
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
// Fence waits fail with errc::device_hung when the GPU completes nothing for a minute, or
// once they have lasted a second after this call: a hung GPU ends the app with a message
// instead of hanging it. Only sets a flag: a SIGINT/SIGTERM handler may call it.
void interrupt_fence_waits();

// Descriptor heaps. Heaps 0..3 are the engine's (rtv, dsv, srv, uav); create_heap adds
// learner heaps after them. Every heap's deferred frees are processed in begin_frame.
struct heap_desc {
  std::string name;
  heap_type type{heap_type::cbv_srv_uav};
  u32 capacity{64};
  bool shader_visible{false};
  heap_model model{heap_model::engine};  // wiki: the wiki's code, mistakes included (lessons)
};
constexpr u32 engine_heap_count{4};
result<u32> create_heap(const heap_desc& desc);  // returns the heap's index
result<u32> find_heap(std::string_view name);
// Learner heaps only. Allocates one descriptor slot and writes a null view into it
// (CBV/SRV/UAV and sampler heaps).
result<u32> allocate_descriptor(u32 heap, std::string_view owner = {});
// All or nothing: count slots (appended to out in allocation order), or none when the
// heap has fewer free.
result<void> allocate_descriptors(u32 heap, u32 count, std::string_view owner, std::vector<u32>& out);
// Frees through the deferred path: the index returns to the free stack once the
// current frame slot's fence has completed.
result<void> free_descriptor(u32 heap, u32 index);

// Two threads on one private heap of `model`, as a renderer and a loading thread would share
// it (wiki 7.8). First a few rounds with a chosen timing: the renderer, in the middle of
// returning a deferred index (between reading and writing _size), lets the loader call
// allocate(), waiting up to 25 ms for it. Then both run free: the loader allocates and frees
// `iterations` times while the renderer processes slot after slot. Finally every index is
// freed and every slot drained: a sound heap ends with _size 0 and each index once on its
// free stack. The wiki model runs with 7.6's missing clear() added, so only its locking
// differs from the engine's. Between frames only.
struct heap_race_desc {
  heap_model model{heap_model::engine};
  u32 iterations{10'000};  // 1..1,000,000
};
struct heap_race_report {
  u32 rounds{};
  u32 landed_inside{};  // rounds whose allocate() completed inside the renderer's update
  u32 iterations{};
  u32 capacity{};
  u32 final_size{};  // 0 when sound
  u32 duplicates{};  // indices on the free stack more than once
  u32 faults{};      // wiki model: out-of-bounds accesses it stopped
  u32 damage{};      // final_size + duplicates + faults
  f64 ms{};          // wall time of the two threads
};
result<heap_race_report> race_heap(const heap_race_desc& desc);

// Learner textures (wiki 7.10/7.11): R8G8B8A8 2D textures with an SRV in the srv heap,
// created committed, placed (in their own ID3D12Heap) or reserved. Names are unique.
struct texture_create_desc {
  std::string name;
  resource_kind kind{resource_kind::committed};
  u32 width{256};
  u32 height{256};
};
// unsupported: reserved on a device with tiled resources tier 0 (vkd3d on lavapipe).
result<void> create_texture(const texture_create_desc& desc);
// Deferred release: the resource stays in deferred_releases until its slot comes round.
result<void> release_texture(std::string_view name);

// The pixels a learner texture is filled with. checker: 8x8 grey squares (40 and 230).
// tiles: four quadrants, red (230, 60, 50) top left, green (60, 200, 80) top right, blue
// (50, 110, 230) bottom left, yellow (240, 200, 40) bottom right, each an 8x8 checker of its
// colour (where (x / 8 + y / 8) is odd) and half of it; alpha 255.
enum class texture_pattern : u8 { checker, tiles };
const char* to_string(texture_pattern pattern);
std::optional<texture_pattern> texture_pattern_from(std::string_view name);

// Lesson 12: the hazard deferred release prevents, run so that it harms nothing. The GPU
// copies the texture in a submission no fence covers; once a marker copied by a later
// submission shows the GPU has physically passed the copy, the texture's last reference is
// released at once (no deferred queue), with the runtime's messages about it captured
// instead of counted as validation errors. Then a fence covers both submissions.
struct immediate_release_report {
  bool released{};                   // the last reference went before any fence covered the copy
  u64 fence_completed_at_release{};  // the engine's fence, completed and signalled, at that moment
  u64 fence_signalled_at_release{};
  f64 marker_wait_ms{};               // until the GPU had passed the copy
  bool capture_available{};           // the runtime hands its messages to the engine
  bool validation_layer{};            // the Vulkan validation layer was asked for
  std::vector<std::string> messages;  // what the runtime said while the reference went
};
// Between frames. Fails (and releases nothing) when the texture does not exist or the GPU
// has not passed the copy within 5 s.
result<immediate_release_report> release_texture_immediately(std::string_view name);

// Lesson 13: a learner texture filled with a pattern through a staging buffer on the
// immediate list, with the barriers a copy needs: its state -> COPY_DEST, the copy,
// COPY_DEST -> PIXEL_SHADER_RESOURCE. Waits for it.
result<void> upload_texture_pattern(std::string_view name, texture_pattern pattern = texture_pattern::checker);

// Lesson 13: a transition barrier whose before state is wrong on purpose (it names COPY_DEST
// while the texture is in the state the engine tracked), executed and waited for between
// frames, with what the runtime says captured instead of counted. Harmless to the data: no
// copy or draw uses the texture meanwhile.
struct wrong_barrier_report {
  std::string tracked_before;  // the state the engine tracked
  std::string claimed_before;  // the state the barrier names
  std::string after;
  bool capture_available{};
  bool validation_layer{};
  std::vector<std::string> messages;  // from the barrier's recording to the wait's end
};
result<wrong_barrier_report> record_wrong_barrier(std::string_view name);

// Lesson 14: textures through descriptor tables. The textured quad's root signature: one
// descriptor table holding one SRV range (t0) for the pixel shader, one static sampler (s0)
// and the input assembler (the quad's vertices come from a vertex buffer). Created by the
// pipeline library on first use (here, or at the quad's first draw) and kept; this returns
// the description it was created from.
struct quad_root_signature_info {
  std::string name;            // as tracked: "root signature: textured quad"
  u32 parameters{};            // root parameters: the one descriptor table
  std::string parameter_type;  // "DESCRIPTOR_TABLE"
  std::string range_type;      // the table's one range: "SRV"
  u32 range_descriptors{};
  u32 range_register{};    // t0
  std::string visibility;  // "PIXEL"
  u32 static_samplers{};
  std::string sampler_filter;   // "MIN_MAG_MIP_POINT"
  std::string sampler_address;  // "CLAMP"
  u32 sampler_register{};       // s0
  bool input_assembler{};       // ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT
};
result<quad_root_signature_info> create_quad_root_signature();

bool has_texture(std::string_view name);  // a live learner texture of that name

// Lesson 14: the texture filled through the upload ring. Queued now; the next begin_frame
// records it first in the frame's list: the rows go into that frame slot's part of the ring
// (reused once the slot's fence has completed), then a barrier from the tracked state to
// COPY_DEST, CopyTextureRegion, COPY_DEST -> PIXEL_SHADER_RESOURCE. Between frames. Fails
// for a reserved texture or one larger than a slot's part of the ring.
result<void> queue_texture_upload(std::string_view name, texture_pattern pattern);

// Lesson 14: whether descriptor-table sampling works on this device, measured. The quad is
// drawn with the texture, through the same root signature, descriptor and sampler, into a
// 128x128 target of the engine's own (cleared to magenta, 255 0 255, a colour neither pattern
// has; the quad the middle 64x64) on the immediate list, and read back; each pixel is
// compared with the texel it samples. Between frames; the texture's pixels must be in (no
// upload still queued).
struct quad_measurement {
  u32 width{};  // the target
  u32 height{};
  u32 quad_pixels{};                // inside the quad
  u32 texel_pixels{};               // ...showing the texel they sample (or a neighbour, at a texel's edge)
  u32 clear_pixels{};               // ...still the clear colour: nothing was drawn there
  u32 other_pixels{};               // ...something else: drawn, but not from the texture
  std::array<u8, 3> first_other{};  // the first of those, RGB
  u32 outside_pixels{};             // around the quad
  u32 outside_clear{};              // ...the clear colour, as cleared
};
result<quad_measurement> measure_textured_quad(std::string_view texture);

// Wiki 7.9 asks whether a texture of one format can take an SRV of another. The answer
// comes from D3D12's casting rules and this device's CheckFeatureSupport; a pair the rules
// allow is then created for real (a 4x4 texture and its SRV, released at once).
struct view_format_check {
  bool allowed{};
  bool created{};
  bool casting_fully_typed_supported{};  // D3D12_FEATURE_D3D12_OPTIONS3
  std::string rule;                      // the rule that decided, in one sentence
};
// Formats by DXGI name without the prefix ("R32_FLOAT"); unknown names are errors. The
// verdict comes from the engine's table of D3D12's casting rules, not from the device.
// resource_format "null": a null descriptor (no resource, a full view description).
result<view_format_check> check_view_format(std::string_view resource_format, std::string_view view_format);

// Screenshots. The next frame that renders the surface copies its back buffer before
// presenting it (presented images belong to the window system). After that frame has
// ended, take_capture waits for it and returns the image (RGBA, whatever the format).
result<void> request_capture(surface_id id);
result<image_rgba8> take_capture(surface_id id);

// Stats. get_* are cheap; calculate_* and copy_* walk data.
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
u32 get_back_buffer_index(u32 slot);  // the buffer the slot's last frame drew into; 0 for a free slot
void copy_resources(std::vector<resource_info>& out);
u64 get_objects_version();  // changes when an object is created, queued or released, or a resource state changed net
void copy_objects(std::vector<object_info>& out);
void copy_deferred_releases(std::array<std::vector<object_info>, frame_buffer_count>& out);
upload_stats get_upload_stats();
u32 get_validation_error_count();  // Vulkan validation / runtime errors seen
// The last frame_timing_capacity frames, oldest first (the newest may still record): only
// those whose stamp is above since, so a caller holding the previous copy reads a delta.
// Returns the highest stamp so far.
u64 copy_frame_timings(std::vector<frame_timing>& out, u64 since = 0);
const gpu_clock_info& get_gpu_clock_info();

}  // namespace xe::gfx
