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

#include "app/overlay_state.h"
#include "script/actions.h"
#include "snapshot/diff.h"
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
  void record(const event_recorder* events);
  // The two panels' contents, inside a window the overlay opened (between ImGui::NewFrame
  // and ImGui::Render). state: what the controls show besides the recorded engine state.
  void draw_controls(const overlay_state& state);
  void draw_main(const gfx::adapter_info& adapter);
  // "Reset layout" was pressed since the last call.
  bool take_layout_reset() { return std::exchange(_layout_reset, false); }
  // Buttons drawn in the last pass, by label, in screen pixels (tests, the UI map).
  const std::map<std::string, ImVec4, std::less<>>& buttons() const { return _buttons; }

  bool visible() const { return _visible; }
  void set_visible(bool visible) { _visible = visible; }
  // The frame loop: paused, it runs a frame only for input or a single step.
  bool loop_paused() const { return _loop_paused; }
  bool take_step_request();
  // What the controls asked for since the last call.
  std::vector<actions::step> take_requests();

  // Views.
  void select_heap(std::string_view name) {
    _selected_heap = name;
    _heap_chosen = true;
  }
  // Brings a panel's tab to the front: "Heaps", "Deferred", "Fences", "Surfaces",
  // "Resources", "Log", "Adapter", "Diff".
  void select_panel(std::string_view name) { _panel_request = name; }
  result<void> load_snapshot_file(const std::string& path);       // read-only view
  result<void> load_diff_file(const std::string& path);           // compared against the view
  void show_live() { _loaded.reset(); _paused_view = false; }
  void clear_history() { _history.clear(); }
  void begin_pass() {
    _buttons.clear();
    _cells.clear();
  }
  // Heap cells drawn in the last pass: heap name -> (first index, one rectangle per cell).
  const std::map<std::string, std::vector<ImVec4>, std::less<>>& cells() const { return _cells; }
  u32 first_cell(std::string_view heap) const {
    auto it = _cell_base.find(heap);
    return it == _cell_base.end() ? 0 : it->second;
  }
  const std::string& message() const { return _message; }
  const history_ring& history() const { return _history; }

  // Where things were drawn in the last frame (screen pixels), for tests and lessons.
  std::optional<ImVec4> cell_rect(std::string_view heap, u32 index) const;
  std::optional<ImVec4> button_rect(std::string_view label) const;
  // What a lesson step points at: cells (heap, index), a frame slot's deferred queue, a
  // surface slot. Outlined in their panels.
  void set_focus(std::vector<std::pair<std::string, u32>> cells, u32 slot = invalid_id, u32 surface = invalid_id) {
    _focus = std::move(cells);
    _focus_slot = slot;
    _focus_surface = surface;
  }

  static constexpr ImU32 colour_free = IM_COL32(46, 125, 50, 255);
  static constexpr ImU32 colour_allocated = IM_COL32(239, 108, 0, 255);
  static constexpr ImU32 colour_deferred[gfx::frame_buffer_count] = {
      IM_COL32(21, 101, 192, 255), IM_COL32(106, 27, 154, 255), IM_COL32(0, 131, 143, 255)};

private:
  const frame_record* shown() const;
  const frame_record* shown_previous() const;
  bool button(const char* label);
  bool path_and_button(const char* id, char* path, size_t size, const char* label);
  void remember(const char* label);  // the last item's rectangle, under label
  bool section(const char* label, bool open_by_default = false);  // a collapsing header, remembered
  void request(actions::action what, const char* name);

  void draw_timeline();
  void draw_heaps(const frame_record& r, const frame_record* previous);
  void draw_free_stack(const heap_record& heap);
  void draw_deferred(const frame_record& r);
  void draw_fences();
  void draw_surfaces(const frame_record& r);
  void draw_resources(const frame_record& r);
  void draw_log(const frame_record& r);
  void draw_adapter(const gfx::adapter_info& adapter);
  void draw_diff();

  history_ring _history;
  std::optional<loaded_snapshot> _loaded;
  std::optional<loaded_snapshot> _diff_against;
  std::string _message;
  bool _visible{true};
  bool _paused_view{false};
  u32 _scrub{0};
  bool _loop_paused{false};
  bool _step_requested{false};
  std::vector<actions::step> _requests;
  u32 _request_serial{0};

  std::string _selected_heap{"rtv"};
  bool _heap_chosen{false};  // until the learner picks a heap, the newest one is shown
  std::string _panel_request;
  u32 _heap_page{0};
  std::vector<std::pair<std::string, u32>> _focus;
  u32 _focus_slot{invalid_id};
  u32 _focus_surface{invalid_id};
  bool _layout_reset{false};
  std::map<std::string, ImVec4, std::less<>> _buttons;
  std::map<std::string, std::vector<ImVec4>, std::less<>> _cells;  // per heap, this page's cells
  std::map<std::string, u32, std::less<>> _cell_base;              // per heap, first index on the page

  // Control inputs.
  char _export_path[256] = "out/inspector-snapshot.json";
  char _screenshot_path[256] = "out/inspector-frame.png";
  char _load_path[256] = "out/snapshot.json";
  char _diff_path[256] = "out/inspector-snapshot.json";
  u32 _learner_allocations{0};

  std::shared_ptr<spdlog::sinks::ringbuffer_sink_mt> _log;
  std::vector<float> _plot;  // scratch for plots
};

} // namespace xe::sandbox
