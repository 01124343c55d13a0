#pragma once
// Plain-data stats the engine fills, and the installable hook table that reports engine
// events as they happen. No D3D12 types, no UI, no JSON: the sandbox reads these.
// Naming: get_* is cheap enough for every frame; calculate_* / copy_* walk data.
#include <array>
#include <string>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "common/types.h"
#include "utilities/interned_text.h"

namespace xe::gfx {

// The vocabulary every name, snapshot field, lesson and doc uses (docs/glossary.md):
//   frame number        N, counting frames from 0 (frame_stats::frame_number: frames ended)
//   frame slot          N % frame_slot_count: one command allocator, one fence value and one
//                       deferred queue each (the wiki's frame_buffer_count / frame_index)
//   back-buffer index   which of a swap chain's buffers a frame drew into; the swap chain's
//                       own count (2..4), never the frame slot
//   surface slot / id   a surface's place in the surfaces' free_list; a surface_id is that
//                       slot with a generation
constexpr u32 frame_slot_count{3};

enum class heap_type : u8 { rtv, dsv, cbv_srv_uav, sampler };
enum class resource_kind : u8 { committed, placed, reserved, none };

// Each enum's names live in its to_string; the *_from functions are their inverse (what
// scripts, lessons and snapshots read), empty for an unknown name.
const char* to_string(heap_type type);
const char* to_string(resource_kind kind);
std::optional<heap_type> heap_type_from(std::string_view name);
std::optional<resource_kind> resource_kind_from(std::string_view name);  // not "none"

// When each frame ran on the CPU and on the GPU: the Fences tab's timeline. Times are
// nanoseconds on the engine's clock (steady_clock, counted from initialize); 0 = not yet.
enum class gpu_time_source : u8 {
  none,            // not known yet (the frame has not completed)
  timestamps,      // timestamp queries at the start and end of the frame's command list
  fence_observed,  // no usable timestamps: the end is when the CPU saw the fence complete
};
const char* to_string(gpu_time_source source);
std::optional<gpu_time_source> gpu_time_source_from(std::string_view name);

struct frame_timing {
  u64 frame{};           // N, recorded into slot N % frame_slot_count
  u64 waited_value{};    // fence value its begin_frame waited for (0: none)
  u64 signal_value{};    // value its Signal set; 0 while it records
  u64 cpu_wait_begin{};  // begin_frame started waiting for waited_value...
  u64 cpu_wait_end{};    // ...and returned: recording starts
  u64 cpu_submit{};      // ExecuteCommandLists
  u64 cpu_signal{};      // Signal(fence, signal_value) returned
  u64 gpu_begin{};       // the command list started on the GPU
  u64 gpu_end{};         // ...and ended; fence_observed: when the CPU saw signal_value complete
  u64 stamp{};           // changes with any field above (delta recording)
  u32 slot{};
  gpu_time_source gpu_source{};
};
constexpr u32 frame_timing_capacity{8};

// How GPU times become engine-clock times on this runtime, measured at initialize.
struct gpu_clock_info {
  bool timestamps{};           // timestamp queries on the direct queue work
  u64 frequency{};             // GetTimestampFrequency, ticks per second
  s32 calibration_hr{};        // GetClockCalibration's HRESULT (vkd3d 1.2: E_NOTIMPL)
  f64 calibration_error_us{};  // the offset lies within this many us either way
  std::string method;          // how the times were aligned, in words
};

struct interface_support {
  std::string name;  // "ID3D12Device5"
  bool supported{};  // QueryInterface succeeded on this device
};

struct adapter_info {
  std::string name;     // the adapter's description, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)"
  std::string runtime;  // "vkd3d (D3D12 over Vulkan)" or "d3d12.dll"
  u64 luid{};
  u32 vendor_id{};
  u32 device_id{};
  bool software{};             // a CPU rasteriser (lavapipe, WARP)
  u32 feature_level{};         // D3D_FEATURE_LEVEL value, e.g. 0xb000 for 11_0
  u32 shader_model{};          // D3D_SHADER_MODEL value, e.g. 0x51 for 5.1
  u32 tiled_resources_tier{};  // 0 = reserved resources unsupported
  u32 resource_binding_tier{};
  std::array<u32, 4> descriptor_sizes{};  // increment size per heap_type
  std::vector<interface_support> interfaces;
  gpu_clock_info gpu_clock;  // measured when the queue is created
};
std::string feature_level_name(u32 level);  // "11_0"
std::string shader_model_name(u32 model);   // "5.1"

struct frame_stats {
  u64 frame_number{};                                     // frames ended so far
  u32 frame_slot{};                                       // slot of the frame being recorded or, between frames, of the
                                                          // last one: frees and releases made now wait in this slot
  u32 next_frame_slot{};                                  // slot the next begin_frame records into
  u64 cpu_fence_value{};                                  // last value the CPU asked the queue to signal
  u64 gpu_completed{};                                    // fence->GetCompletedValue() when the stats were taken
  std::array<u64, frame_slot_count> slot_fence_values{};  // value each slot waits for
  f32 last_wait_ms{};                                     // CPU time blocked on the fence in the last begin_frame
  f32 cpu_frame_ms{};                                     // from the previous begin_frame's start to the last one's
  f32 gpu_frame_ms{};          // the newest completed frame's span on the GPU (see gpu_source)
  u64 gpu_frame{};             // which frame gpu_frame_ms is of
  f64 wait_ms_total{};         // every begin_frame's wait, summed
  u64 blocked_waits{};         // begin_frames that found the GPU behind and blocked
  u64 pending_at_begin{};      // cpu_fence_value - gpu_completed when the last begin_frame
                               // returned: submitted frames the GPU had not finished
  u64 max_pending_at_begin{};  // the most since frames in flight was last set
  u32 frames_in_flight{};      // 1..frame_slot_count
  bool in_frame{};             // between begin_frame and end_frame
  // The learner's 06-frame-ring code keeps the ring (lab::set_learner_ring_code): then
  // cpu_fence_value and slot_fence_values are what their object keeps, learner_frame_index
  // its _frame_index, and ring_faults the answers the engine refused.
  bool learner{};
  u32 learner_frame_index{};
  u32 ring_faults{};
};

// Fill level of the per-slot upload buffers (vertex, index and constant data).
struct upload_stats {
  u64 capacity_per_slot{};
  std::array<u64, frame_slot_count> used{};  // bytes used in each slot's current or last frame
  u64 high_water{};                          // most bytes any slot has used
  u32 current_slot{};
};

// Whose free-stack code a heap runs: the engine's, the learning wiki's as written (7.4-7.8,
// for the lessons that show its mistakes; see d3d12_wiki_heap.h), or the learner's own
// (the 07-deferred-free exercise; see d3d12_learner_heap.h).
enum class heap_model : u8 { engine, wiki, learner };
const char* to_string(heap_model model);
std::optional<heap_model> heap_model_from(std::string_view name);

struct heap_info {
  std::string name;
  heap_type type{};
  heap_model model{};
  u32 capacity{};
  u32 size{};  // allocated count, the wiki's _size (top of the free stack)
  u32 descriptor_size{};
  bool shader_visible{};
  std::array<u32, frame_slot_count> deferred_counts{};
  u64 version{};  // changes whenever the state above or heap_state changes
  u32 faults{};   // wiki model: how often the wiki's code would have gone out of bounds; learner:
                  // answers of the learner's code the engine refused
};

// Full state of one heap; copy_* walks capacity entries.
enum heap_state_part : u32 {
  heap_state_free_stack = 1,
  heap_state_deferred = 2,
  heap_state_owners = 4,
  heap_state_freed_frames = 8,
  heap_state_all = 15,
};
struct heap_state {
  std::vector<u32> free_stack;                                // the whole _free_handles array
  std::array<std::vector<u32>, frame_slot_count> deferred{};  // indices queued per slot
  std::vector<std::pair<u32, std::string>> owners;            // named allocations, by index
  std::vector<std::pair<u32, u64>> freed_frames;              // deferred indices: frame of the free
  std::string last_fault;                                     // wiki model: what it stopped, in words
};

// One index of one heap (get_descriptor_info: cheap, no walk).
struct descriptor_info {
  bool allocated{};               // allocated or waiting in a deferred queue (counted in size)
  u32 deferred_slot{invalid_id};  // the slot it waits in, when it waits
  u64 freed_frame{};              // when it waits: the frame of its free
  std::string owner;              // the owner named at allocation, "" when none
};

// The viewport and scissor rectangle a surface sets on every command list (D3D12_VIEWPORT,
// D3D12_RECT).
struct viewport_info {
  f32 x{}, y{}, width{}, height{}, min_depth{}, max_depth{};
};
struct scissor_info {
  s32 left{}, top{}, right{}, bottom{};
};

// A surface's depth buffer: how it was created and what each frame clears it to.
struct depth_buffer_info {
  std::string format;       // the resource's ("R32_TYPELESS"); "" when there is none (minimised)
  std::string view_format;  // the DSV's ("D32_FLOAT")
  std::string state;        // as the last recorded barrier left it ("DEPTH_WRITE")
  f32 optimized_clear{};    // the D3D12_CLEAR_VALUE depth given at creation
  f32 clears_to{};          // what ClearDepthStencilView writes every frame
};

// What the back buffers are, read from buffer 0's D3D12_RESOURCE_DESC.
struct back_buffer_desc_info {
  std::string format;        // "R8G8B8A8_UNORM"; "" when there are none (minimised)
  u32 samples{};             // SampleDesc.Count: 1, swap chains are never multisampled
  u32 sample_quality{};      // SampleDesc.Quality
  bool render_target{};      // D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET (DXGI: BufferUsage's render-target output)
  std::string presentation;  // the swap effect (DXGI) or present mode (Vulkan); offscreen: none
};

struct surface_info {
  u32 slot{};
  bool live{};
  u32 next_free{invalid_id};  // free slots: next link of the free chain
  u32 generation{};
  std::string kind;  // "offscreen" or "window"
  u32 width{};
  u32 height{};
  bool fullscreen{};
  u32 back_buffers{};
  u32 back_buffer_index{};
  std::vector<u32> rtv_indices;
  u32 dsv_index{invalid_id};
  viewport_info viewport;
  scissor_info scissor;
  depth_buffer_info depth;
  back_buffer_desc_info buffer;
  u64 address{};  // live slots: where the d3d12_surface object is in memory now
};

struct surfaces_info {
  u32 capacity{};             // slots ever used
  u32 size{};                 // live surfaces (the free list's size())
  u32 storage_capacity{};     // slots the free list's vector holds before it grows again
  u32 relocations{};          // growths that moved every live surface to new storage
  u32 next_free{invalid_id};  // head of the free chain
  std::vector<surface_info> slots;
  // Build it yourself: the learner's 09-free-list chose the slots (next_free and the free
  // slots' links are read from it); faults: its answers the engine refused, the last one said.
  bool learner{};
  u32 faults{};
  std::string last_fault;
};

struct resource_info {
  std::string name;
  std::string type;  // "texture2d", "buffer", "heap", ...
  resource_kind kind{resource_kind::none};
  u32 width{};
  u32 height{};
  std::string format;  // DXGI format name without the prefix, e.g. "R8G8B8A8_UNORM"
  u64 bytes{};
  bool pending_release{};  // queued for deferred release
  u32 release_slot{invalid_id};
  u64 queued_frame{};
  std::string state;  // D3D12 state after the last barrier recorded on it ("PRESENT", "COPY_DEST")
};

// Any D3D12 object the engine created (queue, list, fence, heaps, resources...).
struct object_info {
  std::string name;
  std::string type;  // the interface, e.g. "ID3D12CommandAllocator"
};

// ---------------------------------------------------------------------------------
// Hooks. Null by default. When installed, events reach them on the thread that caused
// them, in the order they happened there, never under an engine lock; a hook must not call
// the renderer. renderer.h calls run on one thread at a time (the app hands the renderer to
// a start-up thread and joins it before calling again), so its events never overlap; only
// heaps driven from other threads (tests, the race demonstration: built not to emit) could
// emit concurrently. String views in an event are valid only during the call.
//
// Descriptor allocations, frees and returns (a heap's hot path) are queued per thread as
// compact descriptor_events and delivered in batches: when the queue fills, before the
// thread's next other event, when a frame begins, when a heap is initialised or released,
// when hooks change, and on flush_events(). A consumer that reads what it has received
// calls flush_events() first, and a thread that used an emitting heap calls it before it
// ends. Without on_descriptor_events, they arrive through on_event.
enum class event_type : u8 {
  descriptor_allocated,  // heap, index
  descriptor_freed,      // heap, index, slot: queued in the slot's deferred list
  descriptor_returned,   // heap, index, slot: pushed back on the free stack
  fence_signaled,        // value, slot
  fence_waited,          // value, wait_ms, slot
  release_queued,        // name, detail (type), slot
  release_done,          // name, detail (type), slot
  surface_created,       // surface, width, height
  surface_removed,       // surface
  surface_resized,       // surface, old_width, old_height, width, height, detail
  resource_created,      // name, detail (type), value (bytes)
  resource_released,     // name, detail (type)
  validation_message,    // detail (the message), value (severity: 0 info .. 3 error)
  resource_barrier,      // name, detail ("BEFORE -> AFTER"): a transition recorded on a list
  release_refused,       // name, slot, detail (why): the learner's release queue released wrongly
};
const char* to_string(event_type type);
std::optional<event_type> event_type_from(std::string_view name);

struct event {
  event_type type{};
  u64 frame{};                  // engine frame number when it happened
  u32 slot{invalid_id};         // frame slot, where one applies
  utl::interned_text heap{};    // descriptor events
  u32 index{invalid_id};        // descriptor index
  u32 surface{invalid_id};      // surface slot
  utl::interned_text name{};    // object name
  utl::interned_text detail{};  // type name, rebuild summary or message
  u64 value{};                  // fence value, bytes or severity
  f32 wait_ms{};
  u32 width{}, height{}, old_width{}, old_height{};
  u64 time{};  // engine clock (get_engine_time_ns); a descriptor event: its batch's first event's
};

// One descriptor_allocated, descriptor_freed or descriptor_returned event, as a heap queues
// it: 16 bytes, two stores on the heap's hot path.
struct descriptor_event {
  utl::interned_text heap{};  // the heap's name
  u32 index{invalid_id};
  u16 slot{};
  event_type type{};
};
event to_event(const descriptor_event& e, u64 frame, u64 time);

// The engine's clock: nanoseconds since the frame queue was created (initialize). Frame
// timings, events and the sandbox's own marks (lesson steps, captures) all read it.
u64 get_engine_time_ns();

struct hook_table {
  void (*on_event)(const event& e, void* user){nullptr};
  // A batch: events of one frame (frame), in order; time: when its first event was queued.
  void (*on_descriptor_events)(u64 frame, u64 time, std::span<const descriptor_event> events, void* user){nullptr};
  void* user{nullptr};
};

// Installs (or, with a default table, removes) the hooks, after delivering the calling
// thread's queued events to the hooks installed before. Call between frames.
void install_hooks(const hook_table& hooks);
void uninstall_hooks();
// Delivers the calling thread's queued descriptor events now.
void flush_events();

}  // namespace xe::gfx
