// The overlay with Dear ImGui: the inspector, the controls and the lesson panel (or
// ImGui's demo window, for benchmarks), laid out from the window's size and drawn by the
// sandbox's D3D12 renderer into the surface's own pass.
#include <optional>
#include <thread>
#include <vector>

#include <imgui.h>
#include <imgui_internal.h>
#include <spdlog/fmt/fmt.h>

#include "app/overlay.h"
#include "common/log.h"
#include "graphics/renderer.h"
#include "imgui/fonts.h"
#include "imgui/imgui_platform.h"
#include "imgui/imgui_renderer.h"
#include "inspector/frame_lanes.h"
#include "inspector/inspector.h"
#include "inspector/layout.h"
#include "inspector/ui_text.h"
#include "lessons/lesson_panel.h"
#include "io/files.h"

namespace xe::sandbox {
namespace {

constexpr const char* compact_title = "XEngine Sandbox###compact";

class imgui_overlay final : public overlay {
public:
  imgui_overlay(bool enabled, overlay_mode mode, glyph_source glyph_text) : _enabled{enabled}, _mode{mode} {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;  // layout from code: the same every run (and in tests)
    ui::apply_style(ImGui::GetStyle());
    // No baked lines: the renderer draws anti-aliased lines as geometry.
    io.Fonts->Flags |= ImFontAtlasFlags_NoBakedLines;
    if (!_enabled) return;  // draws nothing: no font
    // The font is read and its atlas (thousands of CJK glyphs rasterised) built on a thread
    // of its own while the device and the window are made. Contract: until
    // prepare_device_objects() (or the destructor) joins it, nothing calls ImGui, whose
    // allocations count into the context the build uses too.
    _atlas_build = std::thread{[fonts = io.Fonts, glyph_text = std::move(glyph_text)] {
      std::string glyphs = glyph_text ? glyph_text() : std::string{};
      for (language lang : languages())
        if (lang.cjk()) glyphs += catalogue_characters(lang);
      load_overlay_font(15.f, glyphs);
      unsigned char* pixels = nullptr;
      int width = 0, height = 0;
      fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
    }};
  }
  ~imgui_overlay() override {
    if (_atlas_build.joinable()) _atlas_build.join();
    _platform.shutdown();
    _renderer.release();
    ImGui::DestroyContext();
  }

  result<void> prepare_device_objects() override {
    if (!_enabled || _renderer_ready) return {};
    if (_atlas_build.joinable()) _atlas_build.join();
    XE_TRY(_renderer.initialize());
    _renderer_ready = true;
    return {};
  }
  result<void> attach(platform::window* window) override {
    if (!_enabled) return {};
    XE_TRY(prepare_device_objects());
    if (window == _platform.window() && _attached) return {};
    _attached = true;
    return _platform.attach(window);
  }
  bool visible() const override { return _enabled && _inspector.visible(); }
  // Hidden without the hint, a pass builds only to take input (unseen) or keep the UI map.
  bool draws() const override {
    return _enabled && (_inspector.visible() || _hint_shown || _platform.input_pending() || !_ui_map_file.empty());
  }
  void set_visible(bool visible) override { _inspector.set_visible(visible); }
  void set_hint(bool shown) override { _hint_shown = shown; }

  // Hidden, the UI is one line in the bottom-left corner saying how to bring it back (none
  // with --no-hint). It is built again only when it could look different (the display's
  // size, input, F1); in between the last build's draw data is drawn again (valid until
  // the next NewFrame).
  void build(u32 width, u32 height, f32 dt, const overlay_state& state) override {
    if (_enabled && _built && _hint_settled && !_inspector.visible() && width == _built_size.first &&
        height == _built_size.second && !_platform.input_pending()) {
      if (!_ui_map_file.empty()) write_ui_map(width, height);  // the engine's numbers move on
      return;
    }
    const bool hint_before = _built && !_built_visible;
    _built = false;
    if (!_enabled) return;
    if (width == 0 || height == 0) {  // minimised: nothing to draw into
      if (!_ui_map_file.empty()) write_ui_map(0, 0);
      return;
    }
    _built_size = {width, height};
    _platform.new_frame(width, height, dt);
    ImGui::NewFrame();
    ui::begin_names();
    _texts.clear();
    _inspector.begin_pass();
    _lesson_panel.begin_pass();
    _hint = {};
    if (!_inspector.visible()) {
      if (_hint_shown) draw_hidden_hint();
    } else if (_mode == overlay_mode::imgui_demo) {
      ImGui::ShowDemoWindow();
    } else {
      draw_panels(state);
      _inspector.draw_notices();
    }
    ImGui::Render();
    note_layout();
    // Two hidden passes in a row: ImGui has seen the panels go (the UI map lists none).
    _hint_settled = !_inspector.visible() && hint_before;
    _built = true;
    _built_visible = _inspector.visible();
    if (!_ui_map_file.empty()) write_ui_map(width, height);
  }

  gfx::surface_recorder recorder() override {
    // What was built for the state the overlay is in now (F1 since the last build: nothing).
    if (!_enabled || !_built || _built_visible != _inspector.visible()) return {};
    if (!_built_visible && !_hint_shown) return {};  // hidden, no hint: nothing to draw
    return [this](const gfx::d3d12::render_context& ctx) { return _renderer.render(ImGui::GetDrawData(), ctx); };
  }

  void record(const event_recorder* events, const gfx::frame_stats& stats, f32 frame_ms) override {
    if (_enabled && _mode == overlay_mode::inspector) _inspector.record(events, stats, frame_ms);
  }
  result<std::string> trace(const gfx::adapter_info& adapter) const override {
    if (!_enabled || _mode != overlay_mode::inspector)
      return make_error(errc::invalid_argument, "the inspector is off (--no-overlay), so nothing recorded a history");
    return _inspector.trace(adapter);
  }
  std::optional<frame_record> latest_record() const override {
    const history_ring& history = _inspector.history();
    if (!_enabled || history.empty()) return std::nullopt;
    frame_record kept = history.latest();
    kept.timings = history.timeline_of(history.size() - 1);  // on its own, it holds the whole window
    return kept;
  }
  void show_replay(const frame_record* kept, u32 step) override {
    if (_enabled) _inspector.show_replay(kept, step);
  }
  // Unguarded: a replay shown before the overlay was turned off must not outlive it.
  void end_replay() override { _inspector.end_replay(); }
  std::vector<actions::step> take_requests() override { return _inspector.take_requests(); }
  void request_done(const actions::step& step, const result<void>& outcome) override {
    if (_enabled) _inspector.request_done(step, outcome);
  }
  void show_lesson(const lesson_view* view) override {
    if (!view) {
      _lesson.reset();
      return;
    }
    _lesson = *view;
    ui::set_ui_language(view->lang);  // the inspector's labels follow the lesson's language
    // A lesson (re)started marks the history, shown or not (each step marks it as it runs:
    // note_lesson_step); a step's focus comes forward once, when the panel is shown.
    const std::pair<u32, u32> position{view->current, view->steps_done};
    if (position != _noted && !view->recorded) {  // the replay's own view marks its history
      _noted = position;
      if (view->steps_done == 0) _inspector.note_lesson_step(text(view->lang, "lesson: start"_t));
    }
    if (position == _focused || !_inspector.visible()) return;
    _focused = position;
    _inspector.show_live();  // the step's text speaks of the engine now, not of a frame scrubbed to
    std::vector<std::pair<std::string, u32>> cells;
    u32 slot = invalid_id, surface = invalid_id;
    if (const lesson_focus* f = view->focus) {
      _inspector.select_panel(f->panel);
      if (!f->heap.empty()) _inspector.select_heap(f->heap);
      for (u32 index : f->cells) cells.emplace_back(f->heap, index);
      for (u32 index : view->focus_cells) cells.emplace_back(f->heap, index);
      slot = f->slot;
      surface = f->surface;
    }
    _inspector.set_focus(std::move(cells), slot, surface, view->focus ? view->focus->resource : std::string{});
    // The sections the step shown and the one next name come open.
    const lesson& l = (*view->lessons)[view->current];
    std::vector<std::string> named;
    if (view->steps_done > 0) named = l.steps[view->steps_done - 1].names;
    if (view->steps_done < l.steps.size())
      named.insert(named.end(), l.steps[view->steps_done].names.begin(), l.steps[view->steps_done].names.end());
    _inspector.open_sections(named);
    ui::reveal_names(named);
  }
  void note_lesson_step(std::string label) override {
    if (_enabled) _inspector.note_lesson_step(std::move(label));
  }
  std::vector<lesson_request> take_lesson_requests() override { return _lesson_panel.take_requests(); }
  bool loop_paused() const override { return _inspector.loop_paused(); }
  bool take_step_request() override { return _inspector.take_step_request(); }
  bool requests_pending() const override {
    return _enabled && (_inspector.has_requests() || _lesson_panel.has_requests());
  }
  // Input not yet seen by a UI pass, a highlight still fading, or panels still sizing to
  // new content: keep building.
  bool input_pending() const override {
    return _enabled && (_platform.input_pending() || _inspector.animating() || layout_moving());
  }
  bool input_queued() const override { return _enabled && _platform.input_pending(); }
  bool wants_keyboard() const override { return _enabled && _inspector.visible() && ImGui::GetIO().WantTextInput; }
  sandbox::inspector* get_inspector() override { return _enabled ? &_inspector : nullptr; }
  void release_device_objects() override {
    _renderer.release();
    _renderer_ready = false;
    _built = false;
    _inspector.clear_history();
    _noted = {~0u, ~0u};  // a fresh engine's history: the lesson's position is marked again
  }
  void write_ui_map_to(std::string path) override {
    _ui_map_file = std::move(path);
    _ui_map_written.clear();  // a new file gets the map even when it has not changed
  }
  bool layout_moving() const override { return _enabled && (_layout_moving || _inspector.panel_switch_pending()); }
  bool select_view(std::string id) override {
    if (!_enabled || !_compact) return false;
    _view_request = std::move(id);
    return true;
  }

private:
  // The panels from compute_layout: placed when the display's size or the layout's shape
  // changes and on Reset layout; in between the learner may move them. Wide, each panel is
  // as tall as its content, up to its rectangle: the less of the frame the overlay covers,
  // the less a CPU rasteriser spends drawing it.
  void draw_panels(const overlay_state& state) {
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const bool with_lesson = _lesson.has_value();
    const bool at_exercise = with_lesson && _lesson->steps_done < (*_lesson->lessons)[_lesson->current].steps.size() &&
                             (*_lesson->lessons)[_lesson->current].steps[_lesson->steps_done].exercise;
    const panel_layout layout = compute_layout(display.x, display.y, with_lesson, at_exercise);
    _compact = layout.compact;
    const bool place = _inspector.take_layout_reset() || display.x != _placed_for.x || display.y != _placed_for.y ||
                       with_lesson != _placed_with_lesson;
    _placed_for = display;
    _placed_with_lesson = with_lesson;
    const ImGuiCond cond = place ? ImGuiCond_Always : ImGuiCond_Appearing;
    const auto fixed = [&](const panel_rect& r) {
      ImGui::SetNextWindowPos(ImVec2{r.x, r.y}, cond);
      ImGui::SetNextWindowSize(ImVec2{r.w, r.h}, cond);
    };
    const auto to_content = [&](const panel_rect& r) {
      ImGui::SetNextWindowPos(ImVec2{r.x, r.y}, cond);
      ImGui::SetNextWindowSizeConstraints(ImVec2{r.w, 0.f}, ImVec2{r.w, r.h});
    };
    constexpr ImGuiWindowFlags sized_to_content = ImGuiWindowFlags_AlwaysAutoResize;

    if (layout.compact) {
      fixed(layout.inspector);
      // No title bar: in a small window every line goes to the lesson and the panels.
      const bool shown =
          ImGui::Begin(compact_title, nullptr, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar);
      capture_text();
      if (shown && ImGui::BeginTabBar("compact")) {
        const auto tab = [&](text_key key, const char* id) {
          const std::string drawn = ui::ui_label(ui::ui_language(), key, id);
          const bool open =
              ImGui::BeginTabItem(drawn.c_str(), nullptr, _view_request == id ? ImGuiTabItemFlags_SetSelected : 0);
          ui::name_item(key, drawn);
          return open;
        };
        if (_lesson && tab("Lesson"_t, "tab-lesson")) {
          _lesson_panel.set_height_limit(0.f);
          _lesson_panel.draw(*_lesson);
          ImGui::EndTabItem();
        }
        if (tab("Inspector"_t, "tab-inspector")) {
          _inspector.draw_main(gfx::get_adapter_info());
          ImGui::EndTabItem();
        }
        if (tab("Controls"_t, "tab-controls")) {
          _inspector.draw_controls(state);
          ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
        _view_request.clear();
      }
      end_panel();
      return;
    }
    // The controls sit right under the lesson panel as it grows and shrinks with its step,
    // unless the learner has moved them, or their pointer is on them: a click there must not
    // see its button move away (Step one frame's own note grows the lesson), so the lesson
    // scrolls instead until the pointer leaves.
    // The lesson may also take what the controls leave unused (their height last pass).
    panel_rect controls = layout.controls;
    const std::string controls_title = ui::ui_label("Controls"_t), inspector_title = ui::ui_label("Inspector"_t);
    const ImGuiWindow* previous = ImGui::FindWindowByName(controls_title.c_str());
    const bool followed = previous && previous->Pos.x == _controls_at.x && previous->Pos.y == _controls_at.y;
    const ImVec2 pointer = ImGui::GetIO().MousePos;
    const bool held = !place && followed && previous->WasActive && pointer.x >= previous->Pos.x &&
                      pointer.y >= previous->Pos.y && pointer.x < previous->Pos.x + previous->Size.x &&
                      pointer.y < previous->Pos.y + previous->Size.y;
    if (_lesson) {
      panel_rect lesson = layout.lesson;
      if (previous) {
        const f32 needed = previous->ContentSize.y + 2 * previous->WindowPadding.y + previous->TitleBarHeight();
        lesson.h = std::max(lesson.h, controls.bottom() - needed - 8.f - lesson.y);
      }
      if (held) lesson.h = std::min(lesson.h, previous->Pos.y - 8.f - lesson.y);
      to_content(lesson);
      if (ImGui::Begin(lesson_panel::title(*_lesson).c_str(), nullptr, sized_to_content)) {
        capture_text();
        _lesson_panel.set_height_limit(lesson.h);
        _lesson_panel.draw(*_lesson);
      }
      const f32 bottom = held ? previous->Pos.y - 8.f : ImGui::GetWindowPos().y + ImGui::GetWindowSize().y;
      end_panel();
      controls.h += controls.y - (bottom + 8.f);
      controls.y = bottom + 8.f;
    }
    ImGui::SetNextWindowPos(ImVec2{controls.x, controls.y}, place || followed ? ImGuiCond_Always : ImGuiCond_Appearing);
    ImGui::SetNextWindowSizeConstraints(ImVec2{controls.w, 0.f}, ImVec2{controls.w, std::max(controls.h, 60.f)});
    if (ImGui::Begin(controls_title.c_str(), nullptr, sized_to_content)) {
      capture_text();
      _inspector.draw_controls(state);
    }
    _controls_at = (place || followed) ? ImVec2{controls.x, controls.y} : ImVec2{-1.f, -1.f};
    end_panel();
    to_content(layout.inspector);
    if (ImGui::Begin(inspector_title.c_str(), nullptr, sized_to_content)) {
      capture_text();
      _inspector.draw_main(gfx::get_adapter_info());
    }
    end_panel();
  }

  // For the UI map, every text a panel draws: ImGui's log of rendered text, which a
  // top-level window's End stops (0: no tree opens for it).
  void capture_text() {
    if (!_ui_map_file.empty()) ImGui::LogToBuffer(0);
  }
  void end_panel() {
    if (ImGuiContext& g = *ImGui::GetCurrentContext(); g.LogEnabled) {
      _texts += g.LogBuffer.c_str();
      _texts += '\n';
      ImGui::LogFinish();
    }
    ImGui::End();
  }

  void draw_hidden_hint() {
    const char* text = ui::tr("F1 shows the inspector"_t);
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 min{8.f, ImGui::GetIO().DisplaySize.y - size.y - 18.f};
    const ImVec2 max{min.x + size.x + 12.f, min.y + size.y + 8.f};
    ImDrawList* dl = ImGui::GetForegroundDrawList();
    dl->AddRectFilled(min, max, IM_COL32(20, 20, 24, 200), 4.f);
    dl->AddText(ImVec2{min.x + 6.f, min.y + 4.f}, IM_COL32(235, 235, 235, 255), text);
    _hint = ImVec4{min.x, min.y, max.x, max.y};
  }

  // Panels size to their content a pass or two after it changes (ImGui fits a window to the
  // last pass's content, and a panel placed below another follows it a pass later). Until
  // their rectangles and content sizes stop changing, another pass is due now: not at the
  // idle redraw's pace, with the panels drawn (and buttons mapped) half-way.
  void note_layout() {
    _layout_next.clear();
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows)
      if (is_panel(w))
        _layout_next.insert(_layout_next.end(),
                            {w->Pos.x, w->Pos.y, w->Size.x, w->Size.y, w->ContentSize.x, w->ContentSize.y});
    _layout_moving = _layout_next != _layout;
    _layout.swap(_layout_next);
  }
  // A top-level window shown this pass: not a child, tooltip or popup.
  static bool is_panel(const ImGuiWindow* w) {
    return w->WasActive && !w->Hidden &&
           !(w->Flags & (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup));
  }

  // For tests that drive the window: the display size, each visible panel's rectangle and
  // every button's, in window pixels. Rewritten (atomically) only when it changes.
  void write_ui_map(u32 width, u32 height) {
    nlohmann::json map;
    map["display"] = {width, height};
    nlohmann::json windows = nlohmann::json::object();
    for (ImGuiWindow* w : ImGui::GetCurrentContext()->Windows) {
      if (!is_panel(w)) continue;
      std::string name = w->Name;
      if (const size_t id = name.find("###"); id != std::string::npos) name = name.substr(id + 3);
      windows[name] = {w->Pos.x, w->Pos.y, w->Size.x, w->Size.y};
    }
    map["windows"] = std::move(windows);
    nlohmann::json buttons = nlohmann::json::object();
    for (const auto& [label, r] : _inspector.buttons()) buttons[label] = {r.x, r.y, r.z, r.w};
    for (const auto& [id, r] : _lesson_panel.buttons()) buttons["lesson:" + id] = {r.x, r.y, r.z, r.w};
    map["buttons"] = std::move(buttons);
    // Where a press now would land: the window tests press only once it names their button.
    const std::string& in_lesson = _lesson_panel.hovered_button();
    map["hovered"] = in_lesson.empty() ? _inspector.hovered_button() : "lesson:" + in_lesson;
    map["pointer"] = {ImGui::GetIO().MousePos.x, ImGui::GetIO().MousePos.y};
    nlohmann::json cells = nlohmann::json::object();
    for (const auto& [heap, rects] : _inspector.cells()) {
      nlohmann::json list = nlohmann::json::array();
      for (const ImVec4& r : rects) list.push_back({r.x, r.y, r.z, r.w});
      cells[heap] = {{"first", _inspector.first_cell(heap)}, {"rects", std::move(list)}};
    }
    map["cells"] = std::move(cells);
    nlohmann::json names = nlohmann::json::object();
    for (const auto& [key, n] : ui::shown_names())
      names[key] = {{"shown", n.shown},
                    {"rect", {n.rect.x, n.rect.y, n.rect.z, n.rect.w}},
                    {"visible", {n.visible.x, n.visible.y, n.visible.z, n.visible.w}},
                    {"fits", n.fits}};
    map["names"] = std::move(names);
    nlohmann::json texts = nlohmann::json::array();
    for (size_t at = 0; at < _texts.size();) {
      size_t end = _texts.find('\n', at);
      if (end == std::string::npos) end = _texts.size();
      if (end > at) texts.push_back(_texts.substr(at, end - at));
      at = end + 1;
    }
    map["texts"] = std::move(texts);
    const imgui_platform::input_count& seen = _platform.input_seen();
    map["input"] = {{"presses", seen.presses},
                    {"presses_applied", seen.presses_applied},
                    {"last_press", {seen.x, seen.y}},
                    {"keys", seen.keys}};
    map["visible"] = _inspector.visible();
    map["panel"] = _inspector.shown_panel();
    if (!_inspector.visible() && _hint_shown) map["hint"] = {_hint.x, _hint.y, _hint.z, _hint.w};
    if (const std::string& notice = _inspector.notice(); !notice.empty()) map["notice"] = notice;
    // "engine" is the live engine's newest record: a replay has not reached that step yet.
    if (const std::optional<u32> step = _inspector.replaying_to()) map["replaying"] = *step;
    if (const frame_record* shown = _inspector.shown_record()) {
      map["shown_frame"] = shown->frame.frame_number;
      map["shown_at"] = _inspector.shown_at();  // history index: several records may share a frame
    }
    nlohmann::json markers = nlohmann::json::array();
    for (const auto& m : _inspector.markers())
      markers.push_back({{"at", m.at}, {"frame", _inspector.history().at(m.at).frame.frame_number}, {"what", m.what}});
    map["markers"] = std::move(markers);
    if (!_inspector.history().empty()) {
      const gfx::frame_stats& f = _inspector.history().latest().frame;
      map["engine"] = {
          {"frame", f.frame_number}, {"cpu_fence", f.cpu_fence_value}, {"frames_in_flight", f.frames_in_flight}};
      const ui::frame_lanes lanes =
          ui::build_frame_lanes(_inspector.history().timeline_of(_inspector.history().size() - 1));
      map["timeline"] = {{"cpu", lanes.cpu.size()},
                         {"gpu", lanes.gpu.size()},
                         {"arrows", lanes.arrows.size()},
                         {"ahead", lanes.ahead},
                         {"present_ms", lanes.longest_present_ms},
                         {"source", gfx::to_string(lanes.source)}};
    }
    if (_lesson)
      map["lesson"] = {{"current", _lesson->current},
                       {"steps_done", _lesson->steps_done},
                       {"failed", _lesson->failure != nullptr},
                       {"language", _lesson->lang.code()},
                       {"glossary", _lesson_panel.shown_term()},
                       {"feedback", _lesson->feedback != nullptr},
                       {"touched", _lesson->exercise_touched}};
    if (_lesson && _lesson->code) {
      const learner_code_view& c = *_lesson->code;
      map["code"] = {{"exercise", c.exercise}, {"working", c.now != learner_code_view::work::watching},
                     {"passed", c.passed},     {"in_engine", c.in_engine},
                     {"headline", c.headline}, {"details", c.details},
                     {"reloads", c.reloads},   {"timing", c.timing}};
    }
    std::string text = map.dump();
    if (text == _ui_map_written) return;
    if (auto r = write_file_atomic(_ui_map_file, text); !r) {
      XE_LOG_WARN("ui map: {}", r.error_value().reason);
      _ui_map_file.clear();
      return;
    }
    _ui_map_written = std::move(text);
  }

  bool _enabled;
  overlay_mode _mode;
  std::thread _atlas_build;  // the font atlas, built beside start-up (joined before any use)
  bool _renderer_ready{false};
  bool _attached{false};
  bool _built{false};
  bool _built_visible{false};  // _built holds the hidden hint (false) or the panels (true)
  std::pair<u32, u32> _built_size{0, 0};
  bool _hint_settled{false};  // the last two passes built the hint: it may be drawn again as is
  ImVec4 _hint{};             // the hidden hint's rectangle, when drawn
  bool _hint_shown{true};     // false: --no-hint
  imgui_platform _platform;
  imgui_renderer _renderer;
  inspector _inspector;
  lesson_panel _lesson_panel;
  std::optional<lesson_view> _lesson;
  std::pair<u32, u32> _focused{~0u, ~0u};  // (lesson, steps done) whose focus is shown
  std::pair<u32, u32> _noted{~0u, ~0u};    // ... whose step the history's timeline marks
  ImVec2 _placed_for{-1.f, -1.f};
  ImVec2 _controls_at{-1.f, -1.f};  // where the controls were put last pass (-1: the learner moved them)
  bool _placed_with_lesson{false};
  std::string _ui_map_file;
  std::string _ui_map_written;
  bool _compact{false};           // the last pass had the compact layout
  std::string _view_request;      // select_view(): the compact tab to select on the next pass
  std::string _texts;             // what the last pass drew as text, line by line (for the UI map)
  std::vector<f32> _layout;       // note_layout(): the last pass's panels, rectangles and content sizes
  std::vector<f32> _layout_next;  // (the pass being noted: its storage is reused)
  bool _layout_moving{false};     // ...which differed from the pass before
};

}  // namespace

std::unique_ptr<overlay> make_overlay(bool enabled, overlay_mode mode, glyph_source glyph_text) {
  return std::make_unique<imgui_overlay>(enabled, mode, std::move(glyph_text));
}

}  // namespace xe::sandbox
