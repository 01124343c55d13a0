#include "inspector/inspector.h"

#include <algorithm>
#include <cstdio>

#include <spdlog/fmt/fmt.h>

#include "common/log.h"

namespace xe::sandbox {
namespace {

constexpr ImU32 colour_changed = IM_COL32(255, 235, 59, 255);
constexpr ImU32 colour_focus = IM_COL32(255, 255, 255, 255);
constexpr ImU32 colour_text = IM_COL32(255, 255, 255, 255);
constexpr ImU32 colour_slot_free = IM_COL32(97, 97, 97, 255);
constexpr ImU32 colour_slot_live = IM_COL32(46, 125, 50, 255);

ImU32 colour_of(descriptor_state s) {
  switch (s) {
    case descriptor_state::free: return inspector::colour_free;
    case descriptor_state::allocated: return inspector::colour_allocated;
    default: return inspector::colour_deferred[static_cast<u32>(s) - static_cast<u32>(descriptor_state::deferred0)];
  }
}

const char* describe(descriptor_state s) {
  switch (s) {
    case descriptor_state::free: return "free";
    case descriptor_state::allocated: return "allocated";
    case descriptor_state::deferred0: return "freed, waiting in slot 0";
    case descriptor_state::deferred1: return "freed, waiting in slot 1";
    case descriptor_state::deferred2: return "freed, waiting in slot 2";
  }
  return "";
}

// How many begin_frames from now until the slot is processed (0: the next one).
u32 frames_until(const gfx::frame_stats& f, u32 slot) {
  return (slot + gfx::frame_buffer_count - f.next_frame_index) % gfx::frame_buffer_count;
}

template <typename T>
const T* lookup(const std::vector<std::pair<u32, T>>& pairs, u32 index) {
  auto it = std::lower_bound(pairs.begin(), pairs.end(), index, [](const auto& p, u32 i) { return p.first < i; });
  return it != pairs.end() && it->first == index ? &it->second : nullptr;
}

void arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 colour) {
  const ImVec2 mid{(from.x + to.x) / 2, std::min(from.y, to.y) - 26};
  dl->AddBezierQuadratic(from, mid, to, colour, 2.f);
  dl->AddTriangleFilled(ImVec2{to.x - 5, to.y - 8}, ImVec2{to.x + 5, to.y - 8}, to, colour);
}

} // namespace

inspector::inspector() : _log{std::make_shared<spdlog::sinks::ringbuffer_sink_mt>(400)} {
  _log->set_pattern("[%H:%M:%S.%e] [%l] %v");
  log::add_sink(_log);
}

inspector::~inspector() { log::remove_sink(_log); }

void inspector::record(const event_recorder* events) {
  _history.capture(events);
}

bool inspector::take_step_request() { return std::exchange(_step_requested, false); }

std::vector<actions::step> inspector::take_requests() { return std::exchange(_requests, {}); }

void inspector::request(actions::action what, const char* name) {
  _requests.push_back({++_request_serial, name, std::move(what)});
}

bool inspector::button(const char* label) {
  const bool pressed = ImGui::Button(label);
  remember(label);
  return pressed;
}

bool inspector::section(const char* label, bool open_by_default) {
  const bool open = ImGui::CollapsingHeader(label, open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  remember(label);
  return open;
}

void inspector::remember(const char* label) {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  _buttons[label] = ImVec4{min.x, min.y, max.x, max.y};
}

std::optional<ImVec4> inspector::button_rect(std::string_view label) const {
  auto it = _buttons.find(label);
  return it == _buttons.end() ? std::nullopt : std::optional<ImVec4>{it->second};
}

std::optional<ImVec4> inspector::cell_rect(std::string_view heap, u32 index) const {
  auto cells = _cells.find(heap);
  auto base = _cell_base.find(heap);
  if (cells == _cells.end() || base == _cell_base.end() || index < base->second ||
      index - base->second >= cells->second.size())
    return std::nullopt;
  return cells->second[index - base->second];
}

result<void> inspector::load_snapshot_file(const std::string& path) {
  auto loaded = load_snapshot(path);
  if (!loaded) {
    _message = loaded.error_value().reason;
    return std::move(loaded).error_value();
  }
  _loaded = std::move(*loaded);
  _message = "showing " + path + " (read-only)";
  return {};
}

result<void> inspector::load_diff_file(const std::string& path) {
  auto loaded = load_snapshot(path);
  if (!loaded) {
    _message = loaded.error_value().reason;
    return std::move(loaded).error_value();
  }
  _diff_against = std::move(*loaded);
  _message = "comparing against " + path;
  return {};
}

const frame_record* inspector::shown() const {
  if (_loaded) return &_loaded->record;
  if (_history.empty()) return nullptr;
  return _paused_view ? &_history.at(std::min(_scrub, _history.size() - 1)) : &_history.latest();
}

const frame_record* inspector::shown_previous() const {
  if (_loaded || _history.size() < 2) return nullptr;
  const u32 at = _paused_view ? std::min(_scrub, _history.size() - 1) : _history.size() - 1;
  return at == 0 ? nullptr : &_history.at(at - 1);
}

void inspector::draw_main(const gfx::adapter_info& adapter) {
  draw_timeline();
  const frame_record* r = shown();
  const auto tab_flags = [this](std::string_view tab) {
    return _panel_request == tab ? ImGuiTabItemFlags_SetSelected : ImGuiTabItemFlags_None;
  };
  if (!r || !ImGui::BeginTabBar("panels")) return;
  if (ImGui::BeginTabItem("Heaps", nullptr, tab_flags("Heaps"))) {
    draw_heaps(*r, shown_previous());
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Deferred", nullptr, tab_flags("Deferred"))) {
    draw_deferred(*r);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Fences", nullptr, tab_flags("Fences"))) {
    draw_fences();
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Surfaces", nullptr, tab_flags("Surfaces"))) {
    draw_surfaces(*r);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Resources", nullptr, tab_flags("Resources"))) {
    draw_resources(*r);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Log", nullptr, tab_flags("Log"))) {
    draw_log(*r);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Adapter", nullptr, tab_flags("Adapter"))) {
    draw_adapter(_loaded ? _loaded->adapter : adapter);
    ImGui::EndTabItem();
  }
  if (ImGui::BeginTabItem("Diff", nullptr, tab_flags("Diff"))) {
    draw_diff();
    ImGui::EndTabItem();
  }
  ImGui::EndTabBar();
  _panel_request.clear();
}

void inspector::draw_timeline() {
  if (_loaded) {
    ImGui::TextColored(ImVec4{1, 0.8f, 0.3f, 1}, "Snapshot (read-only), frame %llu",
                       static_cast<unsigned long long>(_loaded->record.frame.frame_number));
    ImGui::SameLine();
    if (button("Back to live")) show_live();
  } else if (!_history.empty()) {
    ImGui::Checkbox("Pause view", &_paused_view);
    ImGui::SameLine();
    if (!_paused_view) _scrub = _history.size() - 1;
    int scrub = static_cast<int>(std::min(_scrub, _history.size() - 1));
    ImGui::SetNextItemWidth(-80);
    if (ImGui::SliderInt("##frame", &scrub, 0, static_cast<int>(_history.size()) - 1, "history %d")) {
      _paused_view = true;
      _scrub = static_cast<u32>(scrub);
    }
    ImGui::SameLine();
    if (button("<") && _scrub > 0) {
      _paused_view = true;
      --_scrub;
    }
    ImGui::SameLine();
    if (button(">") && _scrub + 1 < _history.size()) {
      _paused_view = true;
      ++_scrub;
    }
    const frame_record* r = shown();
    ImGui::Text("%s frame %llu (slot %u)   history: %u frames, %.1f KiB", _paused_view ? "Paused at" : "Live:",
                static_cast<unsigned long long>(r->frame.frame_number), r->frame.frame_index, _history.size(),
                static_cast<f64>(_history.calculate_bytes()) / 1024.0);
  }
  if (!_message.empty()) ImGui::TextWrapped("%s", _message.c_str());
  ImGui::Separator();
}

void inspector::draw_heaps(const frame_record& r, const frame_record* previous) {
  if (r.heaps.empty()) return;
  // The chosen heap, or the newest one until the learner (or a lesson) chooses. A record
  // without the chosen heap (scrubbed back before it existed) shows the newest one and
  // keeps the choice.
  const heap_record* heap = _heap_chosen ? r.find_heap(_selected_heap) : nullptr;
  if (!heap) heap = &r.heaps.back();
  if (ImGui::BeginCombo("heap", heap->info.name.c_str())) {
    for (const heap_record& h : r.heaps)
      if (ImGui::Selectable(h.info.name.c_str(), &h == heap)) {
        select_heap(h.info.name);
        _heap_page = 0;
      }
    ImGui::EndCombo();
  }
  const gfx::heap_info& info = heap->info;
  ImGui::Text("%s, %u of %u used (%u waiting), %u bytes per descriptor%s", gfx::to_string(info.type), info.size,
              info.capacity, info.deferred_counts[0] + info.deferred_counts[1] + info.deferred_counts[2],
              info.descriptor_size, info.shader_visible ? ", shader-visible" : "");
  const auto legend = [](ImU32 c, const char* text) {
    ImGui::ColorButton(text, ImGui::ColorConvertU32ToFloat4(c), ImGuiColorEditFlags_NoTooltip, ImVec2{12, 12});
    ImGui::SameLine();
    ImGui::TextUnformatted(text);
    ImGui::SameLine();
  };
  legend(colour_free, "free");
  legend(colour_allocated, "allocated");
  for (u32 s = 0; s < gfx::frame_buffer_count; ++s) legend(colour_deferred[s], s == 0 ? "waiting: slot 0" : s == 1 ? "1" : "2");
  ImGui::NewLine();

  const auto states = descriptor_states(*heap);
  const heap_record* before = previous ? previous->find_heap(info.name) : nullptr;
  const auto before_states = before ? descriptor_states(*before) : std::vector<descriptor_state>{};
  const f32 cell = info.capacity <= 128 ? 22.f : 12.f;
  const f32 step = cell + 2;
  const u32 columns = std::max(1u, static_cast<u32>(ImGui::GetContentRegionAvail().x / step));
  const u32 page_size = std::min(info.capacity, columns * std::max(1u, 1024 / columns));
  const u32 pages = (info.capacity + page_size - 1) / page_size;
  if (pages > 1) {
    int page = static_cast<int>(std::min(_heap_page, pages - 1));
    ImGui::SliderInt("page", &page, 0, static_cast<int>(pages) - 1, fmt::format("%d of {}", pages).c_str());
    _heap_page = static_cast<u32>(page);
  }
  const u32 first = std::min(_heap_page, pages - 1) * page_size;
  const u32 count = std::min(page_size, info.capacity - first);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  std::vector<ImVec4>& rects = _cells[info.name];
  rects.assign(count, ImVec4{});
  _cell_base[info.name] = first;
  for (u32 k = 0; k < count; ++k) {
    const u32 i = first + k;
    const ImVec2 min{origin.x + (k % columns) * step, origin.y + (k / columns) * step};
    const ImVec2 max{min.x + cell, min.y + cell};
    rects[k] = ImVec4{min.x, min.y, max.x, max.y};
    dl->AddRectFilled(min, max, colour_of(states[i]));
    if (cell >= 20) {
      const std::string label = std::to_string(i);
      dl->AddText(ImVec2{min.x + 3, min.y + 3}, colour_text, label.c_str());
    }
    if (!before_states.empty() && i < before_states.size() && before_states[i] != states[i])
      dl->AddRect(min, max, colour_changed, 0, 0, 2.f);
    for (const auto& [h, index] : _focus)
      if (h == info.name && index == i) dl->AddRect(ImVec2{min.x - 2, min.y - 2}, ImVec2{max.x + 2, max.y + 2}, colour_focus, 0, 0, 2.f);
    if (ImGui::IsMouseHoveringRect(min, max)) {
      ImGui::BeginTooltip();
      ImGui::Text("index %u: %s", i, describe(states[i]));
      if (const std::string* owner = lookup(heap->state->owners, i)) ImGui::Text("owner: %s", owner->c_str());
      if (const u64* freed = lookup(heap->state->freed_frames, i)) {
        const u32 slot = static_cast<u32>(states[i]) - static_cast<u32>(descriptor_state::deferred0);
        ImGui::Text("freed in frame %llu; returns when fence value %llu has completed",
                    static_cast<unsigned long long>(*freed), static_cast<unsigned long long>(r.frame.slot_fence_values[slot]));
      }
      ImGui::EndTooltip();
    }
  }
  const u32 rows = (count + columns - 1) / columns;
  ImGui::Dummy(ImVec2{columns * step, rows * step});
  ImGui::Spacing();
  draw_free_stack(*heap);
}

// The _free_handles array as the wiki draws it: entries before _size are taken, the rest
// are the free indices, the next allocate() pops the one under the marker.
void inspector::draw_free_stack(const heap_record& heap) {
  const auto& stack = heap.state->free_stack;
  const u32 size = heap.info.size;
  const f32 w = 26, h = 22;
  const u32 fits = std::max(4u, static_cast<u32>((ImGui::GetContentRegionAvail().x - 20) / w));
  const u32 shown = std::min<u32>(static_cast<u32>(stack.size()), fits);
  const u32 first = std::min(size > shown / 4 ? size - shown / 4 : 0u, static_cast<u32>(stack.size()) - shown);
  ImGui::Text("_free_handles[%zu]   _size = %u   next allocate() returns %s", stack.size(), size,
              size < stack.size() ? std::to_string(stack[size]).c_str() : "nothing: the heap is full");
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  origin.y += 14;
  for (u32 k = 0; k < shown; ++k) {
    const u32 i = first + k;
    const ImVec2 min{origin.x + k * w, origin.y}, max{min.x + w - 2, min.y + h};
    dl->AddRectFilled(min, max, i < size ? colour_slot_free : colour_free);
    const std::string value = std::to_string(stack[i]);
    dl->AddText(ImVec2{min.x + 3, min.y + 3}, colour_text, value.c_str());
    if (i == size) {
      dl->AddTriangleFilled(ImVec2{min.x + 6, min.y - 12}, ImVec2{min.x + 18, min.y - 12}, ImVec2{min.x + 12, min.y - 2},
                            colour_changed);
    }
  }
  if (size == stack.size() && shown > 0) {
    const ImVec2 end{origin.x + shown * w, origin.y};
    dl->AddTriangleFilled(ImVec2{end.x + 2, end.y - 12}, ImVec2{end.x + 14, end.y - 12}, ImVec2{end.x + 8, end.y - 2},
                          colour_changed);
  }
  ImGui::Dummy(ImVec2{shown * w + 20, h + 18});
  if (first > 0 || first + shown < stack.size())
    ImGui::TextDisabled("showing entries %u..%u of %zu", first, first + shown - 1, stack.size());
}

void inspector::draw_deferred(const frame_record& r) {
  const gfx::frame_stats& f = r.frame;
  if (!ImGui::BeginTable("deferred", gfx::frame_buffer_count, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchSame))
    return;
  for (u32 s = 0; s < gfx::frame_buffer_count; ++s)
    ImGui::TableSetupColumn(fmt::format("slot {}{}", s, s == f.frame_index ? " (current)" : "").c_str());
  ImGui::TableHeadersRow();
  ImGui::TableNextRow();
  for (u32 s = 0; s < gfx::frame_buffer_count; ++s) {
    ImGui::TableSetColumnIndex(static_cast<int>(s));
    if (s == _focus_slot) ImGui::TableSetBgColor(ImGuiTableBgTarget_CellBg, IM_COL32(255, 255, 255, 40));
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_deferred[s]), "fence value %llu",
                       static_cast<unsigned long long>(f.slot_fence_values[s]));
    ImGui::Text("GPU is at %llu", static_cast<unsigned long long>(f.gpu_completed));
    const u32 wait = frames_until(f, s);
    ImGui::TextWrapped("processed %s", wait == 0   ? "at the next begin_frame"
                                       : wait == 1 ? "after 1 more frame"
                                                   : fmt::format("after {} more frames", wait).c_str());
    for (const heap_record& h : r.heaps)
      for (u32 index : h.state->deferred[s]) ImGui::BulletText("%s[%u]", h.info.name.c_str(), index);
    for (const gfx::object_info& o : r.objects->deferred_releases[s])
      ImGui::BulletText("%s (%s)", o.name.c_str(), o.type.c_str());
  }
  ImGui::EndTable();
}

void inspector::draw_fences() {
  if (_history.empty()) {
    ImGui::TextDisabled("no live frames");
    return;
  }
  const gfx::frame_stats& f = shown()->frame;
  ImGui::Text("CPU value %llu, GPU completed %llu, frames in flight %u", static_cast<unsigned long long>(f.cpu_fence_value),
              static_cast<unsigned long long>(f.gpu_completed), f.frames_in_flight);
  ImGui::Text("slot values [%llu, %llu, %llu], last wait %.3f ms", static_cast<unsigned long long>(f.slot_fence_values[0]),
              static_cast<unsigned long long>(f.slot_fence_values[1]),
              static_cast<unsigned long long>(f.slot_fence_values[2]), static_cast<f64>(f.last_wait_ms));

  // The CPU's signalled value (orange) against the GPU's completed value (green) over the
  // history: the gap between them is how far the CPU runs ahead.
  const u32 n = std::min(_history.size(), 300u);
  const u32 first = _history.size() - n;
  const u64 low = _history.at(first).frame.gpu_completed;
  const u64 high = std::max<u64>(_history.latest().frame.cpu_fence_value, low + 1);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const f32 w = ImGui::GetContentRegionAvail().x, h = 120;
  dl->AddRectFilled(origin, ImVec2{origin.x + w, origin.y + h}, IM_COL32(30, 30, 30, 255));
  const auto y = [&](u64 v) {
    return origin.y + h - 2 - static_cast<f32>(std::min(v, high) - std::min(v, low)) / static_cast<f32>(high - low) * (h - 4);
  };
  for (u32 k = 1; k < n; ++k) {
    const gfx::frame_stats& a = _history.at(first + k - 1).frame;
    const gfx::frame_stats& b = _history.at(first + k).frame;
    const f32 x0 = origin.x + static_cast<f32>(k - 1) * w / static_cast<f32>(n), x1 = origin.x + static_cast<f32>(k) * w / static_cast<f32>(n);
    dl->AddLine(ImVec2{x0, y(a.cpu_fence_value)}, ImVec2{x1, y(b.cpu_fence_value)}, colour_allocated, 2.f);
    dl->AddLine(ImVec2{x0, y(a.gpu_completed)}, ImVec2{x1, y(b.gpu_completed)}, colour_free, 2.f);
  }
  ImGui::Dummy(ImVec2{w, h});
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_allocated), "CPU signalled");
  ImGui::SameLine();
  ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_free), "GPU completed");
  ImGui::SameLine();
  ImGui::Text("(last %u frames)", n);

  _plot.resize(n);
  f32 worst = 0;
  for (u32 k = 0; k < n; ++k) worst = std::max(worst, _plot[k] = _history.at(first + k).frame.last_wait_ms);
  ImGui::PlotHistogram("##wait", _plot.data(), static_cast<int>(n), 0,
                       fmt::format("CPU wait in begin_frame (ms), max {:.2f}", worst).c_str(), 0.f,
                       std::max(worst, 0.001f), ImVec2{w, 80});
}

void inspector::draw_surfaces(const frame_record& r) {
  const gfx::surfaces_info& s = r.surfaces;
  ImGui::Text("utl::free_list<d3d12_surface>: %u slots, next free: %s", s.capacity,
              s.next_free == invalid_id ? "none" : std::to_string(s.next_free).c_str());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  origin.x += 44;  // room for the head of the free chain
  origin.y += 34;  // and for the arrows
  const f32 w = 118, h = 92, gap = 14, row_height = h + 34;
  // As many cards a row as fit: every slot stays in sight however narrow the panel.
  const size_t per_row = std::max<size_t>(1, static_cast<size_t>((ImGui::GetContentRegionAvail().x - 44 + gap) / (w + gap)));
  const size_t rows = std::max<size_t>(1, (s.slots.size() + per_row - 1) / per_row);
  std::vector<ImVec2> tops(s.slots.size());
  // A rebuild in the last few frames makes the slot's border flash.
  std::vector<bool> rebuilt(s.slots.size(), false);
  const u32 recent = std::min(_history.size(), 30u);
  for (u32 k = 0; k < recent && !_loaded; ++k)
    for (const recorded_event& e : _history.at(_history.size() - 1 - k).events)
      if ((e.type == gfx::event_type::surface_resized || e.type == gfx::event_type::surface_created) && e.surface < rebuilt.size())
        rebuilt[e.surface] = true;
  for (size_t i = 0; i < s.slots.size(); ++i) {
    const gfx::surface_info& slot = s.slots[i];
    const ImVec2 min{origin.x + static_cast<f32>(i % per_row) * (w + gap), origin.y + static_cast<f32>(i / per_row) * row_height};
    const ImVec2 max{min.x + w, min.y + h};
    tops[i] = ImVec2{min.x + w / 2, min.y};
    dl->AddRectFilled(min, max, slot.live ? colour_slot_live : colour_slot_free, 4.f);
    const bool flash = rebuilt[i] && (static_cast<int>(ImGui::GetTime() * 6) % 2 == 0);
    if (flash) dl->AddRect(min, max, colour_changed, 4.f, 0, 3.f);
    if (i == _focus_surface) dl->AddRect(ImVec2{min.x - 3, min.y - 3}, ImVec2{max.x + 3, max.y + 3}, colour_focus, 4.f, 0, 2.f);
    std::string text = fmt::format("slot {} (gen {})\n", i, slot.generation);
    if (slot.live) {
      text += fmt::format("{} {}x{}{}\n{} buffers, now {}\nRTV", slot.kind, slot.width, slot.height,
                          slot.fullscreen ? "\nfullscreen" : "", slot.back_buffers, slot.back_buffer_index);
      for (u32 rtv : slot.rtv_indices) text += " " + std::to_string(rtv);
      if (slot.dsv_index != invalid_id) text += fmt::format("\nDSV {}", slot.dsv_index);
    } else {
      text += "free\nnext: " + (slot.next_free == invalid_id ? std::string{"end"} : std::to_string(slot.next_free));
    }
    dl->AddText(ImVec2{min.x + 5, min.y + 4}, colour_text, text.c_str());
  }
  // The free chain: head -> slot -> next -> ...
  if (s.next_free != invalid_id && s.next_free < tops.size()) {
    const ImVec2 head{origin.x - 40, origin.y - 22};
    dl->AddText(ImVec2{head.x, head.y - 8}, colour_changed, "head");
    arrow(dl, ImVec2{head.x + 16, head.y + 8}, tops[s.next_free], colour_changed);
    for (size_t i = 0; i < s.slots.size(); ++i) {
      const u32 next = s.slots[i].next_free;
      if (!s.slots[i].live && next != invalid_id && next < tops.size()) arrow(dl, tops[i], tops[next], colour_changed);
    }
  }
  const size_t columns = std::min(per_row, std::max<size_t>(1, s.slots.size()));
  ImGui::Dummy(ImVec2{static_cast<f32>(columns) * (w + gap) + 44, static_cast<f32>(rows) * row_height + 6});
}

void inspector::draw_resources(const frame_record& r) {
  constexpr ImGuiTableFlags flags = ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY |
                                    ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_Resizable;
  // As tall as its rows, up to 24 of them (the panel sizes itself to its content).
  const f32 rows = static_cast<f32>(std::min<size_t>(r.objects->resources.size(), 24) + 1);
  if (!ImGui::BeginTable("resources", 6, flags, ImVec2{0.f, rows * ImGui::GetFrameHeightWithSpacing() + 4.f}))
    return;
  const std::pair<const char*, f32> columns[] = {{"name", 3.2f},   {"kind", 1.8f},  {"size", 1.2f},
                                                 {"format", 1.9f}, {"bytes", 1.1f}, {"state", 1.6f}};
  for (const auto& [name, weight] : columns) ImGui::TableSetupColumn(name, ImGuiTableColumnFlags_WidthStretch, weight);
  ImGui::TableHeadersRow();
  for (const gfx::resource_info& res : r.objects->resources) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(res.name.c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", res.name.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%s %s", gfx::to_string(res.kind), res.type.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%ux%u", res.width, res.height);
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(res.format.c_str());
    ImGui::TableNextColumn();
    ImGui::Text("%llu", static_cast<unsigned long long>(res.bytes));
    ImGui::TableNextColumn();
    if (res.pending_release) ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(colour_deferred[res.release_slot % gfx::frame_buffer_count]),
                                                "release waits in slot %u", res.release_slot);
    else ImGui::TextUnformatted("live");
  }
  ImGui::EndTable();
}

void inspector::draw_log(const frame_record& r) {
  ImGui::TextDisabled("events of the frame shown");
  for (const recorded_event& e : r.events) {
    std::string line = gfx::to_string(e.type);
    if (!e.heap.empty()) line += fmt::format(" {}[{}]", e.heap, e.index);
    if (!e.name.empty()) line += " " + e.name;
    if (e.slot != invalid_id) line += fmt::format(" slot {}", e.slot);
    if (e.type == gfx::event_type::fence_signaled || e.type == gfx::event_type::fence_waited)
      line += fmt::format(" value {}", e.value);
    if (!e.detail.empty()) line += ": " + e.detail;
    ImGui::TextUnformatted(line.c_str());
  }
  ImGui::Separator();
  ImGui::TextDisabled("log (engine, Vulkan validation)");
  for (const std::string& line : _log->last_formatted(120)) ImGui::TextUnformatted(line.c_str());
}

void inspector::draw_adapter(const gfx::adapter_info& a) {
  ImGui::Text("%s", a.name.c_str());
  ImGui::Text("runtime: %s", a.runtime.c_str());
  ImGui::Text("feature level %s, shader model %s, tiled resources tier %u", gfx::feature_level_name(a.feature_level).c_str(),
              gfx::shader_model_name(a.shader_model).c_str(), a.tiled_resources_tier);
  for (const gfx::interface_support& i : a.interfaces)
    ImGui::TextColored(i.supported ? ImVec4{0.5f, 1, 0.5f, 1} : ImVec4{0.6f, 0.6f, 0.6f, 1}, "%s %s",
                       i.supported ? "yes" : "no ", i.name.c_str());
}

void inspector::draw_diff() {
  const frame_record* now = shown();
  if (!_diff_against || !now) {
    ImGui::TextWrapped("Load a snapshot to compare against (Controls, 'Diff against'): the changes from it to the "
                       "frame shown appear here.");
    return;
  }
  for (const std::string& line : diff(_diff_against->record, *now).describe()) ImGui::BulletText("%s", line.c_str());
}

void inspector::draw_controls(const overlay_state& state) {
  ImGui::TextDisabled("F1 hides the overlay. F11 or Alt+Enter: fullscreen.");
  if (button("Reset layout")) _layout_reset = true;
  const frame_record* latest = _history.empty() ? nullptr : &_history.latest();
  if (section("Frame loop", true)) {
    // Every control shows the engine's state as it is, however it was set (flags, keys,
    // scripts, lessons); changing one asks for the change, applied between frames.
    bool paused = _loop_paused || state.lesson_holds_engine;
    ImGui::BeginDisabled(state.lesson_holds_engine);
    if (ImGui::Checkbox("Pause frame loop", &paused)) _loop_paused = paused;
    remember("Pause frame loop");
    ImGui::EndDisabled();
    if (state.lesson_holds_engine && ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("A lesson is open: the engine moves only with its steps, Step one frame, and your changes.");
    ImGui::SameLine();
    if (button("Step one frame")) _step_requested = true;
    if (state.lesson_holds_engine) ImGui::TextDisabled("held by the lesson: only its steps move it");
    // Sliders leave room for their labels, however narrow the panel.
    ImGui::PushItemWidth(std::max(4 * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x - ImGui::CalcTextSize("frames in flight").x -
                                                                  ImGui::GetStyle().ItemInnerSpacing.x));
    int frames_in_flight = latest ? static_cast<int>(latest->frame.frames_in_flight) : 3;
    if (ImGui::SliderInt("frames in flight", &frames_in_flight, 1, 3))
      request(actions::set_frames_in_flight{static_cast<u32>(frames_in_flight)}, "set_frames_in_flight");
    int gpu_load = static_cast<int>(state.content.gpu_load_passes);
    if (ImGui::SliderInt("GPU load", &gpu_load, 0, std::max(100, gpu_load)))
      request(actions::set_gpu_load{static_cast<u32>(gpu_load)}, "set_gpu_load");
    ImGui::PopItemWidth();
    bool triangle = state.content.triangle;
    if (ImGui::Checkbox("triangle", &triangle)) request(actions::show_triangle{triangle}, "show_triangle");
    remember("triangle");
  }
  if (section("Learner heap", true)) {
    if (button("Allocate")) {
      if (!latest || !latest->find_heap("learner"))
        request(actions::create_heap{"learner", gfx::heap_type::cbv_srv_uav, 64, false}, "create_heap");
      request(actions::allocate{"learner", 1, fmt::format("ui{}", ++_learner_allocations)}, "allocate");
      select_heap("learner");
    }
    ImGui::SameLine();
    if (button("Free last") && _learner_allocations > 0) {
      request(actions::free_descriptor{"learner", std::nullopt, fmt::format("ui{}", _learner_allocations--)}, "free");
      select_heap("learner");
    }
  }
  if (section("Windows")) {
    if (button("Open window")) request(actions::create_surface{640, 360}, "create_surface");
    ImGui::SameLine();
    u32 last = invalid_id;
    if (latest)
      for (const auto& slot : latest->surfaces.slots)
        if (slot.live) last = slot.slot;
    if (button("Close last") && last != invalid_id) request(actions::remove_surface{last}, "remove_surface");
    for (auto [w, h] : {std::pair<u32, u32>{640, 360}, {1280, 720}, {0, 0}}) {
      const std::string label = w ? fmt::format("{}x{}", w, h) : std::string{"minimise"};
      if (button(label.c_str())) request(actions::resize{0, w, h}, "resize");
      ImGui::SameLine();
    }
    if (button("fullscreen")) request(actions::toggle_fullscreen{0}, "toggle_fullscreen");
    ImGui::TextDisabled("%u window(s)", state.windows);
  }
  if (section("Export")) {
    if (path_and_button("##export", _export_path, sizeof(_export_path), "Export snapshot"))
      request(actions::snapshot{_export_path}, "snapshot");
    if (path_and_button("##screenshot", _screenshot_path, sizeof(_screenshot_path), "Screenshot"))
      request(actions::screenshot{_screenshot_path, std::nullopt}, "screenshot");
  }
  if (section("Load and compare")) {
    if (path_and_button("##load", _load_path, sizeof(_load_path), "Load snapshot")) (void)load_snapshot_file(_load_path);
    if (path_and_button("##diff", _diff_path, sizeof(_diff_path), "Diff against")) (void)load_diff_file(_diff_path);
  }
}

// A path field and its button on one row: the field takes what the button leaves, so the
// button stays whole in a narrow panel.
bool inspector::path_and_button(const char* id, char* path, size_t size, const char* label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const f32 button_width = ImGui::CalcTextSize(label).x + 2 * style.FramePadding.x;
  ImGui::SetNextItemWidth(std::max(4 * ImGui::GetFontSize(), ImGui::GetContentRegionAvail().x - button_width - style.ItemSpacing.x));
  ImGui::InputText(id, path, size);
  ImGui::SameLine();
  return button(label);
}

} // namespace xe::sandbox
