#include <spdlog/fmt/fmt.h>

#include <cstdio>

#include "inspector/notices.h"
#include "inspector/panels.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

namespace {

void set_path(char (&field)[1024], const char* relative) {
  const std::string path = absolute_path(relative);
  const std::string& chosen = path.size() < sizeof(field) ? path : std::string{relative};
  std::snprintf(field, sizeof(field), "%s", chosen.c_str());
}

}  // namespace

controls_panel::controls_panel() {
  set_path(_export_path, "out/inspector-snapshot.json");
  set_path(_trace_path, "out/inspector-trace.json");
  set_path(_screenshot_path, "out/inspector-frame.png");
  set_path(_load_path, "out/snapshot.json");
  set_path(_diff_path, "out/inspector-snapshot.json");
}

void controls_panel::request(nlohmann::json step) {
  auto parsed = actions::parse_step(step, ++_request_serial);
  XE_ASSERT(parsed);  // the panel's own steps are well formed
  if (parsed) _requests.push_back(std::move(*parsed));
}

void controls_panel::draw(const overlay_state& state, const frame_record* latest, marks& marks) {
  // One line, the keys in full on hover: the panel's height goes to the controls lessons use.
  if (marks.button("Reset layout"_t)) _layout_reset = true;
  ImGui::SameLine();
  ImGui::TextDisabled("%s", tr("F1 hides, F11 fullscreen"_t));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "%s",
        tr("Keys: F1 hides/shows the overlay, F11 or Alt+Enter fullscreen; lesson: \u2192/PgDn next, \u2190/PgUp back, Home restart, R retry"_t));
  if (marks.section("Frame loop"_t, true)) {
    // Every control shows the engine's state as it is, however it was set (flags, keys,
    // scripts, lessons); changing one asks for the change, applied between frames. Each
    // control's label is its action's (script/actions/).
    bool paused = _loop_paused || state.lesson_holds_engine;
    ImGui::BeginDisabled(state.lesson_holds_engine);
    const std::string pause = ui_label("Pause frame loop"_t);
    if (ImGui::Checkbox(pause.c_str(), &paused)) _loop_paused = paused;
    marks.remember("Pause frame loop");
    name_item("Pause frame loop"_t, pause);
    ImGui::EndDisabled();
    if (state.lesson_holds_engine && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip(
          "%s", tr("A lesson is open: the engine moves only with its steps, Step one frame, and your changes."_t));
    same_line_for(tr(actions::control_label("advance_frames")));
    if (marks.button(actions::control_label("advance_frames"))) _step_requested = true;
    // Sliders leave room for their labels, however narrow the panel.
    ImGui::PushItemWidth(std::max(4 * ImGui::GetFontSize(),
                                  ImGui::GetContentRegionAvail().x -
                                      ImGui::CalcTextSize(tr(actions::control_label("set_frames_in_flight"))).x -
                                      ImGui::GetStyle().ItemInnerSpacing.x));
    int frames_in_flight =
        latest ? static_cast<int>(latest->frame.frames_in_flight) : static_cast<int>(gfx::frame_slot_count);
    const std::string in_flight = ui_label(actions::control_label("set_frames_in_flight")),
                      load = ui_label(actions::control_label("set_gpu_load")),
                      show_triangle = ui_label(actions::control_label("show_triangle"));
    if (ImGui::SliderInt(in_flight.c_str(), &frames_in_flight, 1, static_cast<int>(gfx::frame_slot_count)))
      request({{"do", "set_frames_in_flight"}, {"count", frames_in_flight}});
    marks.remember("frames in flight");
    name_item(actions::control_label("set_frames_in_flight"), in_flight);
    int gpu_load = static_cast<int>(state.content.gpu_load_passes);
    if (ImGui::SliderInt(load.c_str(), &gpu_load, 0, std::max(100, gpu_load)))
      request({{"do", "set_gpu_load"}, {"passes", gpu_load}});
    name_item(actions::control_label("set_gpu_load"), load);
    ImGui::PopItemWidth();
    bool triangle = state.content.triangle;
    const bool toggled = ImGui::Checkbox(show_triangle.c_str(), &triangle);
    if (toggled) request({{"do", "show_triangle"}, {"visible", triangle}});
    marks.remember("triangle");
    name_item(actions::control_label("show_triangle"), show_triangle);
  }
  if (marks.section("Learner heap"_t, true)) {
    if (marks.button(actions::control_label("allocate"))) {
      if (!latest || !latest->find_heap("learner"))
        request({{"do", "create_heap"}, {"name", "learner"}, {"type", "cbv_srv_uav"}, {"capacity", 64}});
      request({{"do", "allocate"}, {"heap", "learner"}, {"as", fmt::format("ui{}", ++_learner_allocations)}});
      _learner_heap_touched = true;
    }
    ImGui::SameLine();
    if (marks.button(actions::control_label("free")) && _learner_allocations > 0) {
      request({{"do", "free"}, {"heap", "learner"}, {"label", fmt::format("ui{}", _learner_allocations--)}});
      _learner_heap_touched = true;
    }
  }
  if (marks.section("Windows"_t)) {
    if (marks.button(actions::control_label("create_surface")))
      request({{"do", "create_surface"}, {"width", 640}, {"height", 360}});
    ImGui::SameLine();
    u32 last = invalid_id;
    if (latest)
      for (const auto& slot : latest->surfaces().slots)
        if (slot.live) last = slot.slot;
    if (marks.button(actions::control_label("remove_surface")) && last != invalid_id)
      request({{"do", "remove_surface"}, {"slot", last}});
    struct size_button {
      text_key label;
      u32 width, height;
    };
    for (const size_button& b : {size_button{"960x540"_t, 960, 540}, size_button{"1280x720"_t, 1280, 720},
                                 size_button{actions::control_label("resize"), 0, 0}}) {
      if (marks.button(b.label)) request({{"do", "resize"}, {"slot", 0}, {"width", b.width}, {"height", b.height}});
      ImGui::SameLine();
    }
    if (marks.button(actions::control_label("toggle_fullscreen"))) request({{"do", "toggle_fullscreen"}, {"slot", 0}});
    ImGui::TextDisabled("%s", trf("{} window(s)"_t, state.windows).c_str());
  }
  if (marks.section("Export"_t)) {
    if (path_and_button("##export", _export_path, sizeof(_export_path), actions::control_label("snapshot"), marks))
      request({{"do", "snapshot"}, {"file", _export_path}});
    if (path_and_button("##trace", _trace_path, sizeof(_trace_path), actions::control_label("trace"), marks))
      request({{"do", "trace"}, {"file", _trace_path}});
    if (path_and_button("##screenshot", _screenshot_path, sizeof(_screenshot_path),
                        actions::control_label("screenshot"), marks))
      request({{"do", "screenshot"}, {"file", _screenshot_path}});
    // RenderDoc: one frame drawn and captured (F12 too), named after the lesson step.
    ImGui::BeginDisabled(!state.renderdoc);
    if (marks.button(actions::control_label("capture"))) request({{"do", "capture"}});
    ImGui::EndDisabled();
    if (!state.renderdoc && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s",
                        tr("RenderDoc is not loaded: start the sandbox with --renderdoc (RenderDoc installed)"_t));
    if (state.renderdoc_ui && !state.last_capture.empty()) {
      ImGui::SameLine();
      if (marks.button(actions::control_label("open_capture")))
        request({{"do", "open_capture"}, {"file", state.last_capture}});
    }
  }
  if (marks.section("Load and compare"_t)) {
    if (path_and_button("##load", _load_path, sizeof(_load_path), "Load snapshot"_t, marks))
      _file_request = {file_request::kind::load, _load_path};
    if (path_and_button("##diff", _diff_path, sizeof(_diff_path), "Diff against"_t, marks))
      _file_request = {file_request::kind::diff, _diff_path};
  }
}

// A path field and its button on one row: the field takes what the button leaves, so the
// button stays whole in a narrow panel.
bool controls_panel::path_and_button(const char* id, char* path, size_t size, text_key label, marks& marks) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const f32 button_width = ImGui::CalcTextSize(tr(label)).x + 2 * style.FramePadding.x;
  ImGui::SetNextItemWidth(
      std::max(4 * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x - button_width - style.ItemSpacing.x));
  ImGui::InputText(id, path, size);
  // The field shows the start of a long path: all of it on hover, resolved if relative.
  if (ImGui::IsItemHovered() && !ImGui::IsItemActive()) ImGui::SetTooltip("%s", absolute_path(path).c_str());
  ImGui::SameLine();
  return marks.button(label);
}

}  // namespace xe::sandbox::ui
