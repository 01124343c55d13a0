#pragma once
// The live inspector: Dear ImGui panels that show the running engine (from the history
// ring), a paused or scrubbed frame, or a loaded snapshot, and a diff of two. Every value
// shown comes from a frame_record; controls turn into steps of the shared action
// vocabulary, which the app runs between frames.
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <imgui.h>
#include <spdlog/sinks/ringbuffer_sink.h>

#include "inspector/overlay_state.h"
#include "inspector/notices.h"
#include "inspector/panels.h"
#include "script/action.h"
#include "snapshot/frame_record.h"
#include "snapshot/history.h"

namespace xe::sandbox {

class inspector {
public:
  inspector();
  ~inspector();
  inspector(const inspector&) = delete;
  inspector& operator=(const inspector&) = delete;

  // After each frame (and each request between frames): the engine's state joins the
  // history, even while hidden or paused.
  // frame_ms: the CPU wall time of the frame just ended (< 0: a record between frames).
  void record(const event_recorder* events, const gfx::frame_stats& stats, f32 frame_ms = -1.f);
  // The two panels' contents, inside a window the overlay opened (between ImGui::NewFrame
  // and ImGui::Render). state: what the controls show besides the recorded engine state.
  void draw_controls(const overlay_state& state);
  void draw_main(const gfx::adapter_info& adapter);
  // "Reset layout" was pressed since the last call.
  bool take_layout_reset() { return _controls.take_layout_reset(); }
  // Buttons drawn in the last pass, by label, in screen pixels (tests, the UI map).
  const std::map<std::string, ImVec4, std::less<>>& buttons() const { return _marks.buttons(); }
  const std::string& hovered_button() const { return _marks.hovered(); }

  bool visible() const { return _visible; }
  void set_visible(bool visible) { _visible = visible; }
  // The frame loop: paused, it runs a frame only for input or a single step.
  bool loop_paused() const { return _controls.loop_paused(); }
  bool take_step_request() { return _controls.take_step_request(); }
  // What the controls asked for since the last call.
  std::vector<actions::step> take_requests() { return _controls.take_requests(); }
  bool has_requests() const { return _controls.has_requests(); }  // a step or other request not taken yet
  // The app ran one of those steps: says what it did ("Wrote /abs/file (88 KB)") or why not.
  void request_done(const actions::step& step, const result<void>& outcome);
  // The newest notice while it is on screen, "" after (tests, the UI map).
  const std::string& notice() const { return _notices.current(); }
  // Over everything, after the panels: the newest notice.
  void draw_notices() { _notices.draw(); }

  // Views.
  void select_heap(std::string_view name) { _heaps.select(name); }
  void open_sections(const std::vector<std::string>& keys) { _marks.open_sections(keys); }
  // Brings a panel's tab to the front: "Heaps", "Deferred", "Fences", "Surfaces",
  // "Resources", "Log", "Adapter", "Diff".
  void select_panel(std::string_view name) { _panel_request = name; }
  result<void> load_snapshot_file(const std::string& path);  // read-only view
  result<void> load_diff_file(const std::string& path);      // compared against the view
  void show_live() {
    _loaded.reset();
    _timeline.go_live();
  }
  // A request that replays (Back, Home, Next after a change) to step `step`: until
  // end_replay, the panels show kept, the state the engine is being replayed to as recorded
  // when the learner was last there; with nothing kept (null), the replay's own frames, and
  // the Inspector says they are its frames on the way.
  void show_replay(const frame_record* kept, u32 step) { _replay = replay_shown{kept, step}; }
  void end_replay() { _replay.reset(); }
  std::optional<u32> replaying_to() const { return _replay ? std::optional{_replay->step} : std::nullopt; }
  void clear_history() {
    _history.clear();
    _frame_times.clear();
    _timeline.clear();
    _highlights.clear();
  }
  // A lesson step ran (or was undone): its marker goes on the history's newest frame.
  void note_lesson_step(std::string label) {
    _failure.clear();  // a later action: the last failure no longer describes the screen
    _timeline.note_lesson_step(_history, std::move(label));
  }
  // A highlight is fading: the overlay keeps redrawing until it has.
  bool animating() const { return _highlights.fading(); }
  // The frame the panels show (null before the first) and the history's markers, for tests.
  const frame_record* shown_record() const { return shown().record; }
  u32 shown_at() const { return shown().at; }
  std::vector<ui::timeline::marker> markers() const { return _timeline.markers(_history); }
  void begin_pass() { _marks.clear(); }
  // Heap cells drawn in the last pass: heap name -> (first index, one rectangle per cell).
  const std::map<std::string, std::vector<ImVec4>, std::less<>>& cells() const { return _marks.cells(); }
  u32 first_cell(std::string_view heap) const { return _marks.first_cell(heap); }
  // The panel's status line: what is shown (a loaded snapshot, a comparison) in the language
  // shown, else the last failure until the next action.
  std::string message() const;
  std::vector<std::string> log_lines() const { return _log->last_formatted(); }  // what the Log tab lists
  const std::string& shown_panel() const { return _shown_panel; }                // the tab in front, last pass
  // A panel asked for in the last pass is not in front yet: ImGui selects it the pass after.
  bool panel_switch_pending() const { return _visible && _panel_switch_pending; }
  const history_ring& history() const { return _history; }
  // The history as a trace (snapshot/trace.h), with the lesson steps noted.
  std::string trace(const gfx::adapter_info& adapter) const {
    return to_trace_json({.history = _history, .marks = _timeline.lesson_steps(), .adapter = adapter});
  }

  // Where things were drawn in the last frame (screen pixels), for tests and lessons.
  std::optional<ImVec4> cell_rect(std::string_view heap, u32 index) const { return _marks.cell_rect(heap, index); }
  std::optional<ImVec4> button_rect(std::string_view label) const { return _marks.button_rect(label); }
  // What a lesson step points at: cells (heap, index), a frame slot's deferred queue, a
  // surface slot, a resource. Outlined in their panels.
  void set_focus(std::vector<std::pair<std::string, u32>> cells, u32 slot = invalid_id, u32 surface = invalid_id,
                 std::string resource = {}) {
    const bool row = !resource.empty();
    _focus = {std::move(cells), slot, surface, std::move(resource), row};
  }

  static constexpr ImU32 colour_free = ui::colour_free;
  static constexpr ImU32 colour_allocated = ui::colour_allocated;
  static constexpr const ImU32 (&colour_deferred)[gfx::frame_slot_count] = ui::colour_deferred;

private:
  // The frame every panel draws: a loaded snapshot, or the timeline's live or held frame.
  ui::shown_frame shown() const;

  history_ring _history;
  std::optional<loaded_snapshot> _loaded;
  std::optional<loaded_snapshot> _diff_against;
  struct replay_shown {
    const frame_record* kept;  // the app's; null: nothing kept
    u32 step;
  };
  std::optional<replay_shown> _replay;
  std::string _diff_path;    // where _diff_against came from
  std::string _loaded_path;  // where _loaded came from
  std::string _failure;      // the last load or compare that failed; cleared by the next action
  bool _visible{true};
  std::string _panel_request;
  std::string _shown_panel;
  bool _panel_switch_pending{false};
  ui::focus _focus;
  ui::marks _marks;
  ui::timeline _timeline;
  ui::heaps_panel _heaps;
  ui::controls_panel _controls;
  ui::notices _notices;
  ui::highlights _highlights;
  ui::frame_times _frame_times;
  std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> _log;
};

}  // namespace xe::sandbox
