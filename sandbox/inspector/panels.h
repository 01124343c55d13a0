#pragma once
// The inspector's panels, one file each. Every panel draws the shown frame (panel_common.h)
// and reads nothing else of the engine: drawing never advances what it shows.
#include <memory>
#include <string>
#include <vector>

#include <spdlog/sinks/ringbuffer_sink.h>

#include "inspector/overlay_state.h"
#include "inspector/panel_common.h"
#include "script/action.h"
#include "snapshot/trace.h"

namespace xe::sandbox::ui {

// Heaps: the chosen heap's cells coloured by state (changed since the previous frame
// outlined), and its free stack as the wiki draws it (heaps_panel.cpp).
class heaps_panel {
public:
  void select(std::string_view name) {
    _selected = name;
    _chosen = true;
  }
  // glow: returned indices fade out around their cells (live frames only).
  void draw(const shown_frame& shown, const focus& focus, const highlights& glow, marks& marks);

private:
  void draw_free_stack(const heap_record& heap, const focus& focus);
  void draw_occupancy(const shown_frame& shown, marks& marks);

  std::string _selected{"rtv"};
  bool _chosen{false};  // until the learner picks a heap, the newest one is shown
  u32 _page{0};
};

// Each slot's fence value and queue (indices with owners, COM objects), what just returned,
// and the queue lengths over the history (deferred_panel.cpp).
void draw_deferred(const shown_frame& shown, const focus& focus, const highlights& glow, marks& marks);
// Fence values, then plots of the values, the CPU - GPU distance, the CPU's wait and the
// CPU frame time (fences_panel.cpp).
void draw_fences(const shown_frame& shown, const frame_times& times, const gfx::gpu_clock_info& clock, marks& marks);
// The last frames on a CPU lane and a GPU lane with the fence arrows between them
// (frame_timeline_panel.cpp); the frames' timings as of the shown frame.
void draw_frame_timeline(const shown_frame& shown, const gfx::gpu_clock_info& clock, marks& marks);
std::vector<gfx::frame_timing> timeline_timings(const shown_frame& shown);
// The surfaces' free list as cards, the free chain as arrows (surfaces_panel.cpp).
void draw_surfaces(const shown_frame& shown, const focus& focus, const highlights& glow);
// Every resource with its kind, size, format and release state (resources_panel.cpp).
// marks: each column's extent; the focused row is highlighted and, once, scrolled into view.
void draw_resources(const shown_frame& shown, focus& focus, marks& marks);
// The shown frame's events, then the process log (log_panel.cpp).
void draw_log(const shown_frame& shown, spdlog::sinks::ringbuffer_sink_mt& log);
// The adapter, runtime, feature level and interfaces (adapter_panel.cpp).
void draw_adapter(const gfx::adapter_info& adapter);
// Which of the two is older, in a sentence: the diff reads from the older to the newer.
std::string describe_order(u64 snapshot_frame, u64 shown_frame);
// The changes from `against` (read from against_path) to the shown frame (diff_panel.cpp).
void draw_diff(const shown_frame& shown, const loaded_snapshot* against, std::string_view against_path);

// The history slider above the panels: which live frame is shown, by frame number, with a
// marker where something happened (an index allocated, freed or returned; a surface
// created, removed or resized; a lesson step) and jumps to the previous or next one
// (buttons, or the [ and ] keys) (timeline.cpp).
class timeline {
public:
  enum class marker_kind : u8 { descriptor, surface, lesson };
  struct marker {
    u32 at{};  // history index
    marker_kind kind{};
    std::string what;  // "freed demo[0]", "lesson step 4"
  };

  // Live (following the newest frame) or held at one frame of the history.
  shown_frame shown(const history_ring& history) const;
  void draw(const history_ring& history, marks& marks);
  void go_live() { _paused = false; }
  // A lesson step just ran; its marker goes on the newest frame of the history.
  void note_lesson_step(const history_ring& history, std::string label);
  void clear() { _lesson_steps.clear(); }
  // The lesson steps noted, oldest first, when they ran: for a trace.
  std::span<const trace_mark> lesson_steps() const { return _lesson_steps; }
  // Every marker in the history, oldest first (at most one per frame and kind).
  std::vector<marker> markers(const history_ring& history) const;

private:
  void jump(const std::vector<marker>& markers, const history_ring& history, int direction);

  bool _paused{false};
  u32 _scrub{0};                          // history index shown while paused
  std::vector<trace_mark> _lesson_steps;  // newest last
};

// The controls panel: the frame loop, the learner heap, windows, export, load and compare
// (controls_panel.cpp). What it asks of the engine becomes steps, run between frames.
class controls_panel {
public:
  struct file_request {
    enum class kind : u8 { none, load, diff } what{kind::none};
    std::string path;
  };
  controls_panel();  // default paths: absolute, under the working directory's out/
  // latest: the newest live frame (the controls show and change the engine as it is now).
  void draw(const overlay_state& state, const frame_record* latest, marks& marks);
  bool loop_paused() const { return _loop_paused; }
  bool take_step_request() { return std::exchange(_step_requested, false); }
  bool take_layout_reset() { return std::exchange(_layout_reset, false); }
  std::vector<actions::step> take_requests() { return std::exchange(_requests, {}); }
  bool has_requests() const { return _step_requested || !_requests.empty(); }  // take_step_request, take_requests
  file_request take_file_request() { return std::exchange(_file_request, {}); }
  // The learner heap was just allocated from or freed into: the Heaps panel shows it.
  bool take_learner_heap_shown() { return std::exchange(_learner_heap_touched, false); }

private:
  // A step in the scripts' vocabulary ({"do": ..., params}), parsed by the action table.
  void request(nlohmann::json step);
  bool path_and_button(const char* id, char* path, size_t size, text_key label, marks& marks);

  bool _loop_paused{false};
  bool _step_requested{false};
  bool _layout_reset{false};
  std::vector<actions::step> _requests;
  u32 _request_serial{0};
  file_request _file_request;
  u32 _learner_allocations{0};
  bool _learner_heap_touched{false};
  char _export_path[1024] = {};
  char _trace_path[1024] = {};
  char _screenshot_path[1024] = {};
  char _load_path[1024] = {};
  char _diff_path[1024] = {};
};

}  // namespace xe::sandbox::ui
