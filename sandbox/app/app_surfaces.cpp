// The app's surface set: windows and surfaces by slot, their titles, resizes and fullscreen,
// screenshots and snapshots of what they show.
#include "app/app.h"

#include <filesystem>

#include <spdlog/fmt/fmt.h>

#include "common/log.h"
#include "io/files.h"
#include "snapshot/frame_record.h"
#include "snapshot/frame_state.h"
#include "snapshot/png.h"

namespace xe::sandbox {

// Rebuilds a window's surface when the window's size no longer matches it, and tells whether
// the size is new to the app: rebuilt here, or earlier by the engine's stale path
// (begin_frame, rebuild_stale_surfaces), which recorded it then.
result<app::size_check> app::rebuild_if_resized(u32 slot) {
  XE_TRY_ASSIGN(auto entry, entry_at(slot));
  const platform::window& w = *entry->window;
  if (w.is_minimized()) return size_check{};  // skipped while minimised; the restore decides
  size_check checked;
  gfx::surface_info s = gfx::calculate_surfaces_info().slots[slot];
  if (s.width != w.width() || s.height != w.height()) {
    XE_TRY(gfx::resize_surface(entry->id, w.width(), w.height()));
    s = gfx::calculate_surfaces_info().slots[slot];
    checked.rebuilt = true;
  }
  checked.resized = s.width != entry->width || s.height != entry->height;
  entry->width = s.width;
  entry->height = s.height;
  return checked;
}

void app::note_surface_size(surface_entry& entry) {
  const gfx::surface_info s = gfx::calculate_surfaces_info().slots[entry.id.index()];
  entry.width = s.width;
  entry.height = s.height;
}

result<app::surface_entry*> app::entry_at(u32 slot) {
  auto it = _surfaces.find(slot);
  if (it == _surfaces.end())
    return make_error(errc::invalid_handle, fmt::format("there is no surface in slot {}", slot));
  return &it->second;
}

u32 app::slot_of_window(u32 window_id) const {
  for (const auto& [slot, entry] : _surfaces)
    if (entry.window && entry.window->id() == window_id) return slot;
  return invalid_id;
}

result<u32> app::create_surface(u32 width, u32 height) {
  XE_TRY_ASSIGN(auto window, open_window(width, height, static_cast<u32>(_surfaces.size())));
  return add_surface(width, height, std::move(window));
}

result<std::unique_ptr<platform::window>> app::open_window(u32 width, u32 height, u32 open) {
  if (!windowed()) return std::unique_ptr<platform::window>{};
  if (open >= max_windows)
    return make_error(errc::invalid_argument, fmt::format("at most {} windows can be open", max_windows));
  // Windows cascade from the first, so none hides another.
  return platform::create_window({.title = "XEngine Sandbox", .width = width, .height = height, .cascade = open});
}

result<u32> app::add_surface(u32 width, u32 height, std::unique_ptr<platform::window> window) {
  XE_TRY_ASSIGN(auto id, gfx::create_surface({.width = width, .height = height, .window = window.get()}));
  const u32 slot = id.index();
  _surfaces[slot] = {id, std::move(window)};
  note_surface_size(_surfaces[slot]);
  update_titles();
  XE_TRY(attach_overlay());
  return slot;
}

// Each title names its surface; with the inspector on, the one that hosts it says so and
// the others say where it is.
void app::update_titles() {
  for (const auto& [slot, entry] : _surfaces) {
    if (!entry.window) continue;
    std::string title = fmt::format("XEngine Sandbox - surface {}", slot);
    if (_opts.overlay && _overlay_slot != invalid_id)
      title += slot == _overlay_slot ? " (inspector here, F1 hides it)"
                                     : fmt::format(" (inspector in surface {})", _overlay_slot);
    entry.window->set_title(title);
  }
}

result<void> app::remove_surface(u32 slot) {
  XE_TRY_ASSIGN(auto entry, entry_at(slot));
  XE_TRY(gfx::remove_surface(entry->id));
  // The overlay lets go of its window before the window goes: Win32 delivers messages
  // (WM_SETTEXT from update_titles) synchronously, and its hook must never see a freed one.
  if (_overlay && slot == _overlay_slot) XE_TRY(_overlay->attach(nullptr));
  _surfaces.erase(slot);  // the window closes after its swap chain is gone
  return attach_overlay();
}

result<void> app::resize_surface(u32 slot, u32 width, u32 height) {
  XE_TRY_ASSIGN(auto entry, entry_at(slot));
  if (entry->window) XE_TRY(entry->window->resize(width, height));
  XE_TRY(gfx::resize_surface(entry->id, width, height));
  note_surface_size(*entry);
  return {};
}

result<void> app::toggle_fullscreen(u32 slot) {
  XE_TRY_ASSIGN(auto entry, entry_at(slot));
  platform::window* w = entry->window.get();
  if (!w) return make_error(errc::unsupported, "offscreen surfaces have no fullscreen mode; run with a window");
  XE_TRY(w->set_fullscreen(!w->is_fullscreen()));
  XE_TRY(gfx::resize_surface(entry->id, w->width(), w->height()));
  note_surface_size(*entry);
  return {};
}

result<gfx::image_rgba8> app::screenshot(std::optional<u32> slot) {
  if (!slot) {
    if (_surfaces.empty()) return make_error(errc::invalid_handle, "there is no surface to capture");
    slot = _surfaces.begin()->first;
  }
  XE_TRY_ASSIGN(auto entry, entry_at(*slot));
  const gfx::surface_id id = entry->id;
  // Presented images belong to the window system: capture one more frame in flight.
  // (A held engine's window is captured by the overlay's redraw instead: run_requests.)
  XE_TRY(gfx::request_capture(id));
  XE_TRY(run_frames(1));
  return gfx::take_capture(id);
}

nlohmann::json app::snapshot() {
  nlohmann::json state = capture_frame_state(_recorder ? &*_recorder : nullptr);
  if (!_captures.empty()) {
    nlohmann::json& captures = state["captures"] = nlohmann::json::array();
    for (const capture_record& c : _captures) captures.push_back({{"file", c.file}, {"frame", c.frame}});
  }
  return state;
}

// RenderDoc captures exactly the frames drawn between start_frame and end_frame: count frames
// are drawn, each its own .rdc, named after the lesson step and the frame unless file names it.
result<std::string> app::capture_frames(u32 count, const std::string& file) {
  if (!_renderdoc)
    return make_error(errc::unsupported,
                      "RenderDoc is not in this process: start the sandbox with --renderdoc "
                      "(RenderDoc installed), or launch it from RenderDoc");
  if (_quit || (windowed() && _surfaces.empty()))
    return make_error(errc::invalid_argument, "every window is closed: there is no frame left to capture");
  std::string written;
  for (u32 i = 0; i < count; ++i) {
    const u64 frame = gfx::get_frame_stats().frame_number;  // the frame about to be drawn
    std::filesystem::path path = file.empty() ? std::filesystem::path{capture_name()} : std::filesystem::path{file};
    if (count > 1 && !file.empty())
      path.replace_filename(fmt::format("{}-{}{}", path.stem().string(), i + 1, path.extension().string()));
    const std::string name = path.stem().string();
    XE_TRY_ASSIGN(const std::string made, make_parent_folders(path.string()));
    if (!made.empty()) XE_LOG_INFO("created folder '{}' for the capture", made);
    std::error_code ec;
    if (std::filesystem::exists(std::filesystem::symlink_status(path, ec)))  // never replace: the learner's to delete
      return make_error(errc::io, fmt::format("'{}' exists already: choose another file", path.string()));
    gfx::set_debug_regions(true);
    gfx::set_frame_label(name);
    _renderdoc->start_frame(path);
    const result<void> ran = run_frames(1);
    gfx::set_debug_regions(false);
    const result<void> ended = _renderdoc->end_frame(path, fmt::format("XEngine Sandbox, {}", name));
    XE_TRY(ran);  // the frame's failure first: it explains an empty capture
    XE_TRY(ended);
    written = path.string();
    _captures.push_back({written, frame});
    _overlay->note_lesson_step(fmt::format("RenderDoc capture {}", path.filename().string()));
    XE_LOG_INFO("RenderDoc capture of frame {}: {}", frame, std::filesystem::absolute(path, ec).string());
  }
  return written;
}

std::string app::capture_name() const {
  const u64 frame = gfx::get_frame_stats().frame_number;
  if (!_lessons || !_lessons->current()) return fmt::format("out/frame{}.rdc", frame);
  const lesson_view view = _lessons->view();
  const std::string& id = (*view.lessons)[view.current].id;
  return fmt::format("out/{}-step{}-frame{}.rdc", id.substr(0, id.find('-')), view.steps_done, frame);
}

result<void> app::open_capture(const std::string& file) {
  if (!_renderdoc) return make_error(errc::unsupported, "RenderDoc is not in this process (--renderdoc)");
  if (!_renderdoc->open_in_ui(file))
    return make_error(errc::unsupported,
                      "qrenderdoc (RenderDoc's UI) could not be started: install it (package qrenderdoc)");
  return {};
}

result<std::string> app::trace() { return _overlay->trace(gfx::get_adapter_info()); }

nlohmann::json app::snapshot_part(const nlohmann::json::json_pointer& needed) {
  return capture_frame_state_part(_recorder ? &*_recorder : nullptr, needed);
}

}  // namespace xe::sandbox
