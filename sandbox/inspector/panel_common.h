#pragma once
// What the inspector's panels share: the colours that mean the same thing in every panel,
// the frame they all draw (live, paused, scrubbed or loaded), what a lesson step points at,
// and the rectangles of what was drawn (for tests and the UI map).
#include <algorithm>
#include <chrono>
#include <map>
#include <span>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <imgui.h>

#include "graphics/stats.h"
#include "snapshot/diff.h"
#include "snapshot/frame_record.h"
#include "snapshot/history.h"
#include "text/text.h"

namespace xe::sandbox::ui {

// Descriptor states and frame slots, the same in every panel.
inline constexpr ImU32 colour_free = IM_COL32(46, 125, 50, 255);
inline constexpr ImU32 colour_allocated = IM_COL32(239, 108, 0, 255);
inline constexpr ImU32 colour_deferred[gfx::frame_slot_count] = {
    IM_COL32(21, 101, 192, 255), IM_COL32(106, 27, 154, 255), IM_COL32(0, 131, 143, 255)};
// Text in a slot's colour on the panel background: lighter versions of colour_deferred
// that meet WCAG AA (contrast 4.5:1) there, as hints do (apply_style).
inline constexpr ImU32 colour_deferred_text[gfx::frame_slot_count] = {
    IM_COL32(100, 160, 240, 255), IM_COL32(186, 104, 200, 255), IM_COL32(38, 198, 218, 255)};
inline constexpr ImU32 colour_changed = IM_COL32(255, 235, 59, 255);
inline constexpr ImU32 colour_focus = IM_COL32(255, 255, 255, 255);
inline constexpr ImU32 colour_text = IM_COL32(255, 255, 255, 255);
inline constexpr ImU32 colour_slot_free = IM_COL32(97, 97, 97, 255);
inline constexpr ImU32 colour_slot_live = IM_COL32(46, 125, 50, 255);

// The frame every panel draws: the newest live one, a paused or scrubbed one, or a loaded
// snapshot. history is null for a loaded snapshot (it has no neighbours); otherwise record
// is history->at(at), and panels that look back (plots, recent rebuilds) look back from at.
struct shown_frame {
  bool newest() const { return history && at + 1 == history->size(); }  // the engine as it is now
  const frame_record* record{};
  const frame_record* previous{};  // the frame before it, when there is one
  const history_ring* history{};
  u32 at{};
  bool recorded{};  // a kept record shown while the engine replays to it (inspector::show_replay)
};

// What a lesson step points at: cells (heap, index), a frame slot's deferred queue, a
// surface slot. Outlined in their panels.
struct focus {
  std::vector<std::pair<std::string, u32>> cells;
  u32 slot{invalid_id};
  u32 surface{invalid_id};
  std::string resource;       // a Resources row, by name
  bool scroll_to_row{false};  // until the row has been scrolled into view once
};

// The history records a plot shows: up to `most`, ending with the shown one (none for a
// loaded snapshot). first: the index of the first.
struct plot_window {
  u32 first{}, count{};
};
plot_window plot_window_of(const shown_frame& shown, u32 most = 300);

// The CPU wall time of each recent frame, by frame number: measured by the app around its
// frame, kept beside the history (the frame record has no field for it).
class frame_times {
public:
  void note(u64 frame, f32 ms, u32 keep);
  void clear() { _times.clear(); }
  // The frame's time in ms, or < 0 when it was not measured (the record before any frame).
  f32 of(u64 frame) const;

private:
  std::vector<std::pair<u64, f32>> _times;  // by frame number, ascending
};

// Changes that stay highlighted for a moment after they happen, measured on the wall clock
// (drawing them never advances the engine): an index back on the free stack, a surface
// rebuilt. Noted when the history records them; shown while the newest frame is.
class highlights {
public:
  using clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds fade{1200};

  // Whether note() has work: something still fading, or events (the record's, a superset of
  // its new ones) of a kind that highlights. Inline: most frames have neither.
  bool noting(std::span<const recorded_event> events) const {
    return !_returned.empty() || !_rebuilt.empty() || std::any_of(events.begin(), events.end(), highlights_on);
  }
  void note(const frame_record& record, std::span<const recorded_event> events);  // the new events
  void clear() {
    _returned.clear();
    _rebuilt.clear();
  }
  // 1 when it has just happened, falling to 0 over `fade`; 0 when it did not.
  f32 returned(std::string_view heap, u32 index) const;
  f32 rebuilt(u32 surface) const;
  bool fading() const;  // something is still highlighted: keep redrawing
  // Returned indices still highlighted, with their strength.
  std::vector<std::pair<std::pair<std::string, u32>, f32>> returned_now() const;

private:
  static bool highlights_on(const recorded_event& e) {
    return e.type == gfx::event_type::descriptor_returned || e.type == gfx::event_type::surface_created ||
           e.type == gfx::event_type::surface_resized;
  }
  static f32 strength(clock::time_point since);
  std::map<std::pair<std::string, u32>, clock::time_point> _returned;
  std::map<u32, clock::time_point> _rebuilt;
};

// Rectangles of what the last pass drew, in screen pixels: buttons and sections by label,
// heap cells per heap (this page's, from its first index).
class marks {
public:
  void clear() {
    _buttons.clear();
    _cells.clear();
    _hovered.clear();
  }
  // A button or collapsing header whose text is label in the inspector's language; its id
  // and its name in the UI map are label's English form.
  bool button(text_key label);
  bool section(text_key label, bool open_by_default = false);
  // The sections among keys open on their next pass (a lesson step names them or what they hold).
  void open_sections(const std::vector<std::string>& keys) { _open_once.assign(keys.begin(), keys.end()); }
  bool button_named(const std::string& label);           // a label that is data, not a text ("960x540")
  void remember(const char* name);                       // the last item's rectangle, under name
  void remember(const std::string& label, ImVec4 rect);  // an area drawn in the current window
  std::vector<ImVec4>& cells_of(const std::string& heap, u32 first) {
    _cell_base[heap] = first;
    return _cells[heap];
  }

  const std::map<std::string, ImVec4, std::less<>>& buttons() const { return _buttons; }
  // The remembered item under the mouse, as ImGui judged it this pass (empty: none): where a
  // click now would land, for the UI map.
  const std::string& hovered() const { return _hovered; }
  const std::map<std::string, std::vector<ImVec4>, std::less<>>& cells() const { return _cells; }
  u32 first_cell(std::string_view heap) const;
  std::optional<ImVec4> button_rect(std::string_view label) const;
  std::optional<ImVec4> cell_rect(std::string_view heap, u32 index) const;

private:
  std::map<std::string, ImVec4, std::less<>> _buttons;
  std::string _hovered;
  std::map<std::string, std::vector<ImVec4>, std::less<>> _cells;  // per heap, this page's cells
  std::map<std::string, u32, std::less<>> _cell_base;              // per heap, first index on the page
  std::vector<std::string> _open_once;
  // Each section's open state as last drawn: the compact and the wide layout draw the
  // sections in different windows, and a resize between them keeps what was open.
  std::map<std::string, bool, std::less<>> _open;
};

// The names a learner reads on screen this pass (tabs, buttons, sections, table columns,
// labelled fields), by catalogue key: the UI map lists them, so a test can check that what a
// lesson's text names ({ui:KEY}) is on screen, whole and in the language shown.
struct shown_name {
  std::string shown;  // the key's text as drawn
  ImVec4 rect;        // the item, in screen pixels (x0, y0, x1, y1)
  ImVec4 visible;     // the part of the screen it can be seen in: its windows' clip, the display
  bool fits{};        // the text is not cut (a tab or column narrower than its text is)
};
void begin_names();  // at the start of a pass
// Names a lesson step points at: each, when next drawn out of its panel's view, is scrolled
// into it (once).
void reveal_names(const std::vector<std::string>& keys);
// The last item, or an area drawn in the current window, shows key: drawn is the label as
// passed to ImGui (what precedes "##" is what the learner reads).
void name_item(text_key key, std::string_view drawn);
void name_item(text_key key, std::string_view drawn, ImVec4 rect);
const std::map<std::string, shown_name, std::less<>>& shown_names();

// The inspector's style: ImGui's dark one with hints (TextDisabled) light enough for WCAG AA.
void apply_style(ImGuiStyle& style);
// WCAG 2 contrast ratio of two opaque sRGB colours (1 to 21).
f32 contrast_ratio(ImVec4 a, ImVec4 b);
// colour over background with colour's alpha, as the GPU blends it.
ImVec4 blend(ImVec4 colour, ImVec4 background);

ImU32 colour_of(descriptor_state s);
const char* describe(descriptor_state s);  // in the inspector's language
// How many begin_frames from now until the slot is processed (0: the next one).
u32 frames_until(const gfx::frame_stats& f, u32 slot);
void legend(ImU32 colour, const char* text);  // a swatch and its label, on the current line
// SameLine when a button labelled `label` fits beside the last item, else a new line: the
// labels of the longer languages wrap instead of running out of the panel.
void same_line_for(const char* label);
// A grey line wrapped to the panel: a hint or an aside, however long the language's text.
void hint(const std::string& text);
void arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 colour);

template <typename T>
const T* lookup(const std::vector<std::pair<u32, T>>& pairs, u32 index) {
  auto it = std::lower_bound(pairs.begin(), pairs.end(), index, [](const auto& p, u32 i) { return p.first < i; });
  return it != pairs.end() && it->first == index ? &it->second : nullptr;
}

}  // namespace xe::sandbox::ui
