#include "inspector/inspector.h"

#include <filesystem>

#include <spdlog/fmt/fmt.h>

#include "common/log.h"
#include "inspector/ui_text.h"

namespace xe::sandbox {

inspector::inspector() : _log{std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(400)} {
  _log->set_pattern("[%H:%M:%S.%e] [%l] %v");
  log::add_sink(_log);
}

inspector::~inspector() { log::remove_sink(_log); }

void inspector::record(const event_recorder* events, const gfx::frame_stats& stats, f32 frame_ms) {
  _history.capture(events, stats);
  const frame_record& latest = _history.latest();
  if (frame_ms >= 0.f) _frame_times.note(latest.frame.frame_number, frame_ms, _history.capacity());
  if (_highlights.noting(latest.events)) _highlights.note(latest, _history.new_events(_history.size() - 1));
}

result<void> inspector::load_snapshot_file(const std::string& path) {
  _failure.clear();
  auto loaded = load_snapshot(path);
  if (!loaded) {
    _failure = ui::trf("Could not load: {}"_t, loaded.error_value().reason);
    _notices.add(_failure, true);
    return std::move(loaded).error_value();
  }
  _loaded = std::move(*loaded);
  _loaded_path = ui::absolute_path(path);
  _notices.add(
      ui::trf("Showing {} (frame {}, read-only)"_t, ui::absolute_path(path), _loaded->record.frame.frame_number),
      false);
  return {};
}

// The comparison opens in the Diff tab.
result<void> inspector::load_diff_file(const std::string& path) {
  _failure.clear();
  auto loaded = load_snapshot(path);
  if (!loaded) {
    _failure = ui::trf("Could not compare: {}"_t, loaded.error_value().reason);
    _notices.add(_failure, true);
    return std::move(loaded).error_value();
  }
  _diff_against = std::move(*loaded);
  _diff_path = ui::absolute_path(path);
  _notices.add(ui::trf("Comparing against {} (frame {}): see the Diff tab"_t, _diff_path,
                       _diff_against->record.frame.frame_number),
               false);
  select_panel("Diff");
  return {};
}

std::string inspector::message() const {
  if (!_failure.empty()) return _failure;
  if (_loaded) return ui::trf("showing {} (read-only)"_t, _loaded_path);
  if (_diff_against) return ui::trf("comparing against {}"_t, _diff_path);
  return {};
}

void inspector::request_done(const actions::step& step, const result<void>& outcome) {
  _failure.clear();  // a later action
  const bool export_file = step.name == "snapshot" || step.name == "trace" || step.name == "capture",
             screenshot = step.name == "screenshot";
  if (!outcome) {  // the app has logged it
    const std::string what = export_file ? ui::tr("Export"_t) : screenshot ? ui::tr("Screenshot"_t) : step.name;
    _notices.add(ui::trf("{} failed: {}"_t, what, outcome.error_value().reason), true, false);
    return;
  }
  if (!export_file && !screenshot) return;  // the panels show the change itself
  const std::string path = ui::absolute_path(step.params.value("file", std::string{}));
  std::error_code ec;
  const auto bytes = std::filesystem::file_size(path, ec);
  _notices.add(ec ? ui::trf("Wrote {}"_t, path) : ui::trf("Wrote {} ({})"_t, path, ui::describe_size(bytes)), false);
}

ui::shown_frame inspector::shown() const {
  if (_loaded) return {&_loaded->record, nullptr, nullptr, 0};
  if (_replay && _replay->kept) return {_replay->kept, nullptr, nullptr, 0, true};
  return _timeline.shown(_history);
}

void inspector::draw_main(const gfx::adapter_info& adapter) {
  if (_loaded) {
    ImGui::TextColored(ImVec4{1, 0.8f, 0.3f, 1}, "%s",
                       ui::trf("Snapshot (read-only), frame {}"_t, _loaded->record.frame.frame_number).c_str());
    ImGui::SameLine();
    if (_marks.button("Back to live"_t)) show_live();
  } else if (_replay) {
    const u32 step = _replay->step;
    const std::string what =
        _replay->kept
            ? (step == 0 ? ui::tr("As recorded at the lesson's start: a fresh engine is being made"_t)
                         : ui::trf("As recorded after step {}: the engine is being replayed to it"_t, step))
            : (step == 0 ? ui::tr("A fresh engine is being made for the lesson's start"_t)
                         : ui::trf("The engine is being replayed to step {}: these are its frames on the way"_t, step));
    ImGui::TextColored(ImVec4{1, 0.8f, 0.3f, 1}, "%s", what.c_str());
  } else {
    _timeline.draw(_history, _marks);
  }
  if (const std::string status = message(); !status.empty()) {
    if (!_failure.empty()) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{1.f, 0.45f, 0.4f, 1.f});
    ImGui::TextWrapped("%s", status.c_str());
    if (!_failure.empty()) ImGui::PopStyleColor();
  }
  ImGui::Separator();

  const ui::shown_frame shown = this->shown();
  const auto tab_flags = [this](std::string_view tab) {
    return _panel_request == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
  };
  _panel_switch_pending = false;  // without a tab bar, no tab is on its way
  if (!shown.record || !ImGui::BeginTabBar("panels")) return;
  const auto tab = [&](text_key name, auto&& draw) {
    const std::string_view id = name.english;
    const std::string drawn = ui::ui_label(name);
    const bool open = ImGui::BeginTabItem(drawn.c_str(), nullptr, tab_flags(id));
    _marks.remember(("tab:" + std::string{id}).c_str());  // the tab's own button
    ui::name_item(name, drawn);
    if (open) {
      _shown_panel = id;
      draw();
      ImGui::EndTabItem();
    }
  };
  tab("Heaps"_t, [&] { _heaps.draw(shown, _focus, _highlights, _marks); });
  tab("Deferred"_t, [&] { ui::draw_deferred(shown, _focus, _highlights, _marks); });
  tab("Fences"_t,
      [&] { ui::draw_fences(shown, _frame_times, (_loaded ? _loaded->adapter : adapter).gpu_clock, _marks); });
  tab("Surfaces"_t, [&] { ui::draw_surfaces(shown, _focus, _highlights); });
  tab("Resources"_t, [&] { ui::draw_resources(shown, _focus, _marks); });
  tab("Log"_t, [&] { ui::draw_log(shown, *_log); });
  tab("Adapter"_t, [&] { ui::draw_adapter(_loaded ? _loaded->adapter : adapter); });
  tab("Diff"_t, [&] { ui::draw_diff(shown, _diff_against ? &*_diff_against : nullptr, _diff_path); });
  ImGui::EndTabBar();
  _panel_switch_pending = !_panel_request.empty() && _panel_request != _shown_panel;
  _panel_request.clear();
}

// The controls act on the engine as it is now: they read the newest live frame, whatever
// the other panels show.
void inspector::draw_controls(const overlay_state& state) {
  _controls.draw(state, _history.empty() ? nullptr : &_history.latest(), _marks);
  if (_controls.take_learner_heap_shown()) select_heap("learner");
  const ui::controls_panel::file_request file = _controls.take_file_request();
  if (file.what == ui::controls_panel::file_request::kind::load) (void)load_snapshot_file(file.path);
  if (file.what == ui::controls_panel::file_request::kind::diff) (void)load_diff_file(file.path);
}

}  // namespace xe::sandbox
