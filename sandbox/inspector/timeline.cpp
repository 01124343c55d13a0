#include <algorithm>

#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {
namespace {

ImU32 colour_of(timeline::marker_kind kind) {
  switch (kind) {
    case timeline::marker_kind::descriptor: return colour_allocated;
    case timeline::marker_kind::surface: return colour_changed;
    case timeline::marker_kind::lesson: return colour_focus;
  }
  return colour_text;
}

// What an event says on a marker, or nullptr for events that are not markers (fences,
// object creation, validation).
const char* marker_verb(gfx::event_type type) {
  switch (type) {
    case gfx::event_type::descriptor_allocated: return tr("allocated"_t);
    case gfx::event_type::descriptor_freed: return tr("freed"_t);
    case gfx::event_type::descriptor_returned: return tr("returned"_t);
    case gfx::event_type::surface_created: return tr("surface created"_t);
    case gfx::event_type::surface_removed: return tr("surface removed"_t);
    case gfx::event_type::surface_resized: return tr("surface resized"_t);
    default: return nullptr;
  }
}

}  // namespace

shown_frame timeline::shown(const history_ring& history) const {
  if (history.empty()) return {};
  const u32 at = _paused ? std::min(_scrub, history.size() - 1) : history.size() - 1;
  return {&history.at(at), at > 0 ? &history.at(at - 1) : nullptr, &history, at};
}

void timeline::note_lesson_step(const history_ring& history, std::string label) {
  if (history.empty()) return;
  _lesson_steps.push_back({gfx::get_engine_time_ns(), history.latest().frame.frame_number, std::move(label)});
  if (_lesson_steps.size() > 256) _lesson_steps.erase(_lesson_steps.begin());
}

std::vector<timeline::marker> timeline::markers(const history_ring& history) const {
  std::vector<marker> out;
  for (u32 at = 0; at < history.size(); ++at) {
    std::string descriptors, surfaces;
    for (const recorded_event& e : history.new_events(at)) {
      const char* verb = marker_verb(e.type);
      if (!verb) continue;
      const bool descriptor = !e.heap.empty();
      std::string& text = descriptor ? descriptors : surfaces;
      if (text.size() > 120) continue;  // enough to say what happened
      text += text.empty() ? "" : ", ";
      text += descriptor ? fmt::format("{} {}[{}]", verb, e.heap, e.index) : fmt::format("{} {}", verb, e.surface);
    }
    if (!descriptors.empty()) out.push_back({at, marker_kind::descriptor, std::move(descriptors)});
    if (!surfaces.empty()) out.push_back({at, marker_kind::surface, std::move(surfaces)});
  }
  // A lesson step marks the newest record of its frame.
  for (const trace_mark& step : _lesson_steps)
    for (u32 at = history.size(); at-- > 0;)
      if (history.at(at).frame.frame_number == step.frame) {
        out.push_back({at, marker_kind::lesson, step.label});
        break;
      }
  std::stable_sort(out.begin(), out.end(), [](const marker& a, const marker& b) { return a.at < b.at; });
  return out;
}

void timeline::jump(const std::vector<marker>& markers, const history_ring& history, int direction) {
  const u32 now = shown(history).at;
  if (direction < 0) {
    for (auto it = markers.rbegin(); it != markers.rend(); ++it)
      if (it->at < now) {
        _paused = true;
        _scrub = it->at;
        return;
      }
  } else {
    for (const marker& m : markers)
      if (m.at > now) {
        _paused = true;
        _scrub = m.at;
        return;
      }
  }
}

void timeline::draw(const history_ring& history, marks& marks) {
  if (history.empty()) return;
  const std::vector<marker> all = markers(history);
  ImGui::Checkbox(ui_label("Pause view"_t).c_str(), &_paused);
  marks.remember("Pause view");
  ImGui::SameLine();
  if (!_paused) _scrub = history.size() - 1;
  int scrub = static_cast<int>(std::min(_scrub, history.size() - 1));
  const auto frame_at = [&](u32 at) { return static_cast<unsigned long long>(history.at(at).frame.frame_number); };
  // The slider names the frame shown and which record it is: records taken between frames
  // (lesson steps, a held engine's redraws) share a frame number.
  const std::string label = trf("frame {} ({}/{})"_t, frame_at(static_cast<u32>(scrub)), scrub + 1, history.size());
  const f32 buttons_width =
      ImGui::CalcTextSize("<<>><>").x + 8 * ImGui::GetStyle().FramePadding.x + 4 * ImGui::GetStyle().ItemSpacing.x;
  ImGui::SetNextItemWidth(-buttons_width);
  if (ImGui::SliderInt("##frame", &scrub, 0, static_cast<int>(history.size()) - 1, label.c_str(),
                       ImGuiSliderFlags_NoInput)) {
    _paused = true;
    _scrub = static_cast<u32>(scrub);
  }
  const ImVec2 track_min = ImGui::GetItemRectMin(), track_max = ImGui::GetItemRectMax();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("%s", trf("record {} of {} in the history; records taken between frames share a frame number"_t,
                                scrub + 1, history.size())
                                .c_str());
  marks.remember("history slider");
  ImGui::SameLine();
  if (marks.button_named("<<")) jump(all, history, -1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("previous event ([)"_t));
  ImGui::SameLine();
  if (marks.button_named("<") && _scrub > 0) {
    _paused = true;
    --_scrub;
  }
  ImGui::SameLine();
  if (marks.button_named(">") && _scrub + 1 < history.size()) {
    _paused = true;
    ++_scrub;
  }
  ImGui::SameLine();
  if (marks.button_named(">>")) jump(all, history, +1);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tr("next event (])"_t));
  // [ and ] jump too, unless a text field has the keyboard.
  const ImGuiIO& io = ImGui::GetIO();
  if (!io.WantTextInput)
    for (ImWchar c : io.InputQueueCharacters) {
      if (c == '[') jump(all, history, -1);
      if (c == ']') jump(all, history, +1);
    }

  // Markers under the slider, where its grab would stand for that frame (as ImGui places it).
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const f32 pad = 2.f;
  const f32 slider = track_max.x - track_min.x - 2 * pad;
  const f32 grab = std::max(slider / static_cast<f32>(history.size()), ImGui::GetStyle().GrabMinSize);
  const f32 usable = slider - grab;
  const ImVec2 strip = ImGui::GetCursorScreenPos();
  const f32 strip_h = 9.f;
  const auto x_of = [&](u32 at) {
    const f32 t = history.size() > 1 ? static_cast<f32>(at) / static_cast<f32>(history.size() - 1) : 0.f;
    return track_min.x + pad + grab / 2 + t * usable;
  };
  const u32 shown_at = shown(history).at;
  dl->AddRectFilled(ImVec2{track_min.x, strip.y}, ImVec2{track_max.x, strip.y + strip_h}, IM_COL32(40, 40, 46, 255));
  std::vector<const marker*> here;
  for (const marker& m : all) {
    const f32 x = x_of(m.at);
    const f32 row = static_cast<f32>(m.kind) * 3.f;
    dl->AddRectFilled(ImVec2{x - 1.f, strip.y + row}, ImVec2{x + 1.f, strip.y + row + 3.f}, colour_of(m.kind));
    if (m.at == shown_at) here.push_back(&m);
  }
  const f32 cursor = x_of(shown_at);
  dl->AddTriangleFilled(ImVec2{cursor - 4, strip.y + strip_h + 5}, ImVec2{cursor + 4, strip.y + strip_h + 5},
                        ImVec2{cursor, strip.y + strip_h}, colour_text);
  ImGui::Dummy(ImVec2{track_max.x - track_min.x, strip_h + 6});
  if (ImGui::IsItemHovered()) {  // the marker under the pointer says what happened there
    const f32 mx = ImGui::GetIO().MousePos.x;
    const marker* nearest = nullptr;
    for (const marker& m : all)
      if (std::abs(x_of(m.at) - mx) < 4.f && (!nearest || std::abs(x_of(m.at) - mx) < std::abs(x_of(nearest->at) - mx)))
        nearest = &m;
    if (nearest) ImGui::SetTooltip("%s", trf("frame {}: {}"_t, frame_at(nearest->at), nearest->what).c_str());
  }

  // The lessons' numbering: frames count from 0 and frame N records into slot N % 3, so
  // between frames the record holds the number of frames ended, which is the next frame's.
  const frame_record* r = shown(history).record;
  const auto ended = static_cast<unsigned long long>(r->frame.frame_number);
  std::string line;
  if (ended == 0)
    line = trf(_paused ? "Paused at: no frame yet (frame 0 records into frame slot {})"_t
                       : "Live: no frame yet (frame 0 records into frame slot {})"_t,
               r->frame.next_frame_slot);
  else if (ended == 1)
    line = trf(_paused ? "Paused at: frame 0 ended (in frame slot {}); frame 1 records into frame slot {}"_t
                       : "Live: frame 0 ended (in frame slot {}); frame 1 records into frame slot {}"_t,
               r->frame.frame_slot, r->frame.next_frame_slot);
  else
    line = trf(
        _paused ? "Paused at: frames 0-{0} ended (frame {0} in frame slot {1}); frame {2} records into frame slot {3}"_t
                : "Live: frames 0-{0} ended (frame {0} in frame slot {1}); frame {2} records into frame slot {3}"_t,
        ended - 1, r->frame.frame_slot, ended, r->frame.next_frame_slot);
  ImGui::TextUnformatted(line.c_str());
  // The engine's slot moves on in begin_frame: between frames it is still the last frame's,
  // and that is where a free made now waits.
  if (ended > 0)
    hint(trf("until frame {} begins, a free waits in frame slot {}'s queue"_t, ended, r->frame.frame_slot));
  // The ring's records are made up front: the memory is the whole ring's from the start.
  ImGui::TextDisabled("%s", trf("history: {} of {} records, {:.1f} KiB"_t, history.size(), history.capacity(),
                                static_cast<f64>(history.calculate_bytes()) / 1024.0)
                                .c_str());
  for (const marker* m : here)
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_of(m->kind)), "  %s", trf("here: {}"_t, m->what).c_str());
}

}  // namespace xe::sandbox::ui
