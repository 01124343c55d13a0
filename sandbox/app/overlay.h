#pragma once
// The UI drawn over a surface: the inspector (overlay_imgui.cpp) or, in builds without Dear
// ImGui (XE_WITH_IMGUI=OFF, or mingw without its sources), nothing (overlay_none.cpp).
// CMake picks the file.
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "inspector/overlay_state.h"
#include "graphics/renderer.h"
#include "lessons/lesson_session.h"
#include "platform/window.h"
#include "script/action.h"
#include "snapshot/event_recorder.h"
#include "snapshot/frame_record.h"

namespace xe::sandbox {

class inspector;

enum class overlay_mode : u8 { inspector, imgui_demo };

class overlay {
public:
  virtual ~overlay() = default;
  // The overlay's device objects (its font atlas uploaded), after the renderer is up; attach
  // makes them when they are not. May run on another thread while the app makes no engine
  // or UI call.
  virtual result<void> prepare_device_objects() = 0;
  // After the renderer is up. window: the one the overlay draws into (null: headless).
  virtual result<void> attach(platform::window* window) = 0;
  virtual bool visible() const = 0;
  virtual bool draws() const = 0;  // builds a UI each pass: the panels, or hidden, its hint (if any)
  virtual void set_visible(bool visible) = 0;
  // false (--no-hint): hidden, not even the hint is drawn; input is still taken, unseen.
  virtual void set_hint(bool shown) = 0;
  // Builds this pass's UI for a surface of width x height; dt in seconds.
  virtual void build(u32 width, u32 height, f32 dt, const overlay_state& state) = 0;
  // Records the built UI into the surface pass (does nothing while hidden).
  virtual gfx::surface_recorder recorder() = 0;
  // After each frame (and each request between frames): the engine's state into the
  // inspector's history. stats: the engine's frame stats now; frame_ms: the CPU wall time
  // of the frame just ended; < 0: no frame.
  virtual void record(const event_recorder* events, const gfx::frame_stats& stats, f32 frame_ms = -1.f) = 0;
  // The newest record, with the whole window of frame timings, to keep (none: no inspector,
  // or nothing recorded yet).
  virtual std::optional<frame_record> latest_record() const = 0;
  // A request that replays (Back, Home, Next after a change) to step `step`: until end_replay,
  // the panels show kept (the app's), the state the engine is being replayed to; with nothing
  // kept (null), the replay's own frames, said to be such.
  virtual void show_replay(const frame_record* kept, u32 step) = 0;
  virtual void end_replay() = 0;
  // The recorded history as a trace (snapshot/trace.h); an error without an inspector.
  virtual result<std::string> trace(const gfx::adapter_info& adapter) const = 0;
  virtual std::vector<actions::step> take_requests() = 0;
  // The app ran one of take_requests()'s steps: the overlay says what it did (or why not).
  virtual void request_done(const actions::step& step, const result<void>& outcome) = 0;
  // The lesson panel draws this view (null: no lessons); its buttons become requests.
  // A new step's focus brings its panel forward and outlines its cells.
  virtual void show_lesson(const lesson_view* view) = 0;
  // A lesson step just ran: its mark goes on the history's newest frame (and into a trace).
  virtual void note_lesson_step(std::string label) = 0;
  virtual std::vector<lesson_request> take_lesson_requests() = 0;
  // The last UI pass asked for something (a control, a step, a lesson request) not yet taken.
  virtual bool requests_pending() const = 0;
  virtual bool loop_paused() const = 0;  // the learner's pause (a lesson holds the loop too)
  virtual bool take_step_request() = 0;
  // Input not yet seen by a UI pass, or a UI still changing without input (a highlight
  // fading, panels sizing to new content): build again now.
  virtual bool input_pending() const = 0;
  // Of that, mouse input the window delivered and no UI pass has taken (a pass takes one
  // button change: a click's release waits behind its press).
  virtual bool input_queued() const = 0;
  virtual bool wants_keyboard() const = 0;  // a text field has the keyboard: keys are its
  // Before the renderer shuts down: drop every D3D12 object (attach() recreates them).
  virtual void release_device_objects() = 0;
  // The inspector this overlay draws, null without ImGui: for app_test_access (the tests and
  // the panel gallery look into it), not for the app.
  virtual sandbox::inspector* get_inspector() = 0;
  // Tests that drive the window: keep path holding the panels' and buttons' rectangles.
  virtual void write_ui_map_to(std::string path) = 0;
  // The last pass moved or resized a panel, or asked for a tab not yet in front: another pass
  // is needed before it shows its final layout.
  virtual bool layout_moving() const = 0;
  // In the compact layout (one window of tabs), selects the tab with this id ("tab-lesson",
  // "tab-inspector", "tab-controls") on the next pass, as a click on it would; false in the
  // wide layout, where every panel is on screen.
  virtual bool select_view(std::string id) = 0;
};

// Characters the font must have beyond the common set (the lessons' Chinese text). Called
// once, on the thread that builds the font (it may wait for the lessons to be read); never
// by an overlay that draws nothing.
using glyph_source = std::function<std::string()>;

// An overlay for this build; with enabled == false, one that draws nothing.
std::unique_ptr<overlay> make_overlay(bool enabled, overlay_mode mode, glyph_source glyph_text = {});

}  // namespace xe::sandbox
