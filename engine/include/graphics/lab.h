#pragma once
// The lab: the experiments the lessons run on the engine, apart from the engine's own API
// (renderer.h). Each shows one idea of the wiki on the live engine: heaps of the learner's
// (the engine's code or the wiki's, mistakes included), two threads racing on a heap,
// textures committed, placed or reserved, the hazards deferred release and barriers
// prevent (provoked so that they harm nothing), a texture through a descriptor table, and
// D3D12's view-format casting rules.
//
// Index
//   learner heaps      create_heap, find_heap, allocate_descriptor(s), free_descriptor,
//                      wiki_allocate_and_free
//   thread safety      race_heap
//   textures           create_texture, release_texture, has_texture, texture_pattern
//   hazards            release_texture_immediately (lesson 12), upload_texture_pattern,
//                      record_wrong_barrier (lesson 13)
//   descriptor tables  create_quad_root_signature, queue_texture_upload, measure_textured_quad
//                      (lesson 14; frame_content::quad_texture draws the quad in frames)
//   view formats       check_view_format (wiki 7.9)
//
// Threads: as renderer.h. Every function here runs between frames, on the thread that owns
// the renderer, and fails with errc::not_initialized outside initialize()..shutdown()
// (has_texture answers false there; the texture_pattern names need no engine).
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "common/result.h"
#include "graphics/stats.h"

struct xe_deferred_free_api;     // lessons/exercises/07-deferred-free/deferred_free.h
struct xe_deferred_release_api;  // lessons/exercises/12-deferred-release/deferred_release.h
struct xe_free_list_api;         // lessons/exercises/09-free-list/free_list.h
struct xe_frame_ring_api;        // lessons/exercises/06-frame-ring/frame_ring.h

namespace xe::gfx::lab {

// ---------------------------------------------------------------------------------
// Learner heaps (wiki 7.4-7.8): heaps a lesson or the inspector creates after the engine's
// four (rtv, dsv, srv, uav), listed and processed with them (gfx::get_heap_info, begin_frame
// returns their deferred frees). A heap of heap_model::wiki runs the wiki's code as written.
struct heap_desc {
  std::string name;
  heap_type type{heap_type::cbv_srv_uav};
  u32 capacity{64};
  bool shader_visible{false};
  heap_model model{heap_model::engine};  // wiki: the wiki's code, mistakes included (lessons)
};
result<u32> create_heap(const heap_desc& desc);  // returns the heap's index
// Build it yourself: heaps of heap_model::engine created from now on run the learner's
// 07-deferred-free code (its table, from a library the sandbox loaded and graded) instead of
// the engine's, as heap_model::learner. Null: the engine's code again. The table must
// outlive every heap made with it.
void set_learner_heap_code(const xe_deferred_free_api* code);
// Build it yourself: from the next initialize on, the engine's deferred release of COM
// objects (lesson 12) runs the learner's 12-deferred-release code. The engine keeps its record
// of what waits in each slot (what the inspector shows) and refuses, as release_refused
// events, any release(object) of theirs before the object's slot came round, or twice; an
// object they keep past a flush, the engine releases. Null: the engine's code again. The table
// must outlive the engine that took it (until shutdown).
void set_learner_release_code(const xe_deferred_release_api* code);
bool learner_release_code_running();  // this engine's queues run the learner's code
u32 learner_release_refusals();       // release_refused events since this engine started
// Build it yourself: from the next initialize on, the learner's 09-free-list code chooses the
// surfaces' slots (the engine keeps the surfaces where it says, and refuses a slot past the end
// or one holding a live surface; surfaces_info::learner, faults). Null: the engine's own.
void set_learner_surface_code(const xe_free_list_api* code);
// Build it yourself: from the next initialize on, the command queue's frame slots and fence
// values are the learner's 06-frame-ring code's: their begin_frame, end_frame and flush choose
// the waits and signals, which the engine checks (frame_stats::learner, faults; a wrong slot, a
// missing wait or signal is a fault, and the engine does that part). Null: the engine's own.
void set_learner_ring_code(const xe_frame_ring_api* code);
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

// Wiki 7.6's allocate() and free(handle) as written, on a heap of heap_model::wiki:
// allocate() sets only the handle's CPU address (from a u32 offset), never its GPU address
// nor its index, so free() reads the index's default, 4294967295. The model stops that free
// before it queues the index, and counts it as the heap's fault; the descriptor taken stays
// allocated (7.6 leaks it).
struct wiki_handle_report {
  u32 taken{};               // the index allocate() popped from the stack (the handle does not say)
  u32 handle_index{};        // handle.index as free() reads it
  u64 cpu_offset{};          // handle.cpu - the heap's CPU start
  u64 gpu{};                 // handle.gpu.ptr
  bool shader_visible{};     // the heap has a GPU address the handle could have had
  u64 wrapped_offset{};      // 7.6's u32 offset for handle_index, were it queued and handed out again
  std::string free_stopped;  // what the model stopped, as the heap's last fault says
};
result<wiki_handle_report> wiki_allocate_and_free(u32 heap);

// Wiki 7.8: two threads on one private heap of `model`, as a renderer and a loading thread would share
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

// ---------------------------------------------------------------------------------
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
bool has_texture(std::string_view name);  // a live learner texture of that name

// The pixels a learner texture is filled with. checker: 8x8 grey squares (40 and 230).
// tiles: four quadrants, red (230, 60, 50) top left, green (60, 200, 80) top right, blue
// (50, 110, 230) bottom left, yellow (240, 200, 40) bottom right, each an 8x8 checker of its
// colour (where (x / 8 + y / 8) is odd) and half of it; alpha 255.
enum class texture_pattern : u8 { checker, tiles };
const char* to_string(texture_pattern pattern);
std::optional<texture_pattern> texture_pattern_from(std::string_view name);

// ---------------------------------------------------------------------------------
// Hazards, provoked so that they harm nothing, with the runtime's messages captured.

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

// ---------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------
// Lesson 08: a swap chain is never multisampled; MSAA renders into a multisampled texture and
// resolves it into a single-sample one (as into a back buffer). The first triangle drawn into
// a 64x64 R8G8B8A8_UNORM target with `samples` samples per pixel, cleared to transparent black,
// resolved (ResolveSubresource) when samples > 1, read back: a pixel the triangle covers only
// in part has an alpha between 0 and 255.
struct msaa_measurement {
  u32 samples{};         // the target's SampleDesc.Count, read from the resource
  u32 quality_levels{};  // CheckFeatureSupport's NumQualityLevels for that count
  bool resolved{};       // ResolveSubresource ran (else the single-sample target was copied)
  u32 width{};
  u32 height{};
  u32 covered_pixels{};  // alpha 255
  u32 partial_pixels{};  // alpha 1..254: some samples covered, resolved to their mean
  u32 empty_pixels{};    // alpha 0
};
result<msaa_measurement> measure_msaa_triangle(u32 samples);

// ---------------------------------------------------------------------------------
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

}  // namespace xe::gfx::lab
