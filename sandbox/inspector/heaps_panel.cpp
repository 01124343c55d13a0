#include <spdlog/fmt/fmt.h>

#include "inspector/panels.h"
#include "inspector/plot.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

void heaps_panel::draw(const shown_frame& shown, const focus& focus, const highlights& glow, marks& marks) {
  const frame_record& r = *shown.record;
  if (r.heaps().empty()) return;
  // The chosen heap, or the newest one until the learner (or a lesson) chooses. A record
  // without the chosen heap (scrubbed back before it existed) shows the newest one and
  // keeps the choice.
  const heap_record* heap = _chosen ? r.find_heap(_selected) : nullptr;
  if (!heap) heap = &r.heaps().back();
  const std::string heap_label = ui_label("heap"_t);
  const bool choosing = ImGui::BeginCombo(heap_label.c_str(), heap->info.name.c_str());
  name_item("heap"_t, heap_label);
  marks.remember(("heap shown:" + heap->info.name).c_str());  // the UI map says which heap is on screen
  if (choosing) {
    for (const heap_record& h : r.heaps())
      if (ImGui::Selectable(h.info.name.c_str(), &h == heap)) {
        select(h.info.name);
        _page = 0;
      }
    ImGui::EndCombo();
  }
  const gfx::heap_info& info = heap->info;
  u32 waiting = 0;
  for (u32 count : info.deferred_counts) waiting += count;
  ImGui::TextWrapped(
      "%s",
      (info.shader_visible ? trf("{}, {} of {} used ({} waiting), {} bytes per descriptor, shader-visible"_t,
                                 gfx::to_string(info.type), info.size, info.capacity, waiting, info.descriptor_size)
                           : trf("{}, {} of {} used ({} waiting), {} bytes per descriptor"_t, gfx::to_string(info.type),
                                 info.size, info.capacity, waiting, info.descriptor_size))
          .c_str());
  if (info.model == gfx::heap_model::learner) {  // the learner's own code: what the engine refused of it
    const std::string engine_says = heap->state ? heap->state->last_fault : std::string{};
    ImGui::PushStyleColor(ImGuiCol_Text, info.faults ? colour_changed : ImGui::GetColorU32(ImGuiCol_Text));
    ImGui::TextWrapped(
        "%s", info.faults
                  ? trf("your code: {} answer(s) refused by the engine (the last on hover)"_t, info.faults).c_str()
                  : tr("your code (Build it yourself) keeps this heap's indices"_t));
    ImGui::PopStyleColor();
    // The engine's words (English, with the numbers), as for the wiki's faults below.
    if (ImGui::IsItemHovered() && !engine_says.empty()) ImGui::SetTooltip("%s", engine_says.c_str());
  } else if (info.faults > 0) {  // a heap running the wiki's code: what its model stopped
    ImGui::PushStyleColor(ImGuiCol_Text, colour_changed);
    // The engine's message (English, with the numbers) on hover; here, what it was, in the
    // learner's language.
    const std::string engine_says = heap->state ? heap->state->last_fault : std::string{};
    const char* what = engine_says.starts_with("allocate()")
                           ? tr("allocate() would read past the end of _free_handles (no capacity check)"_t)
                       : engine_says.starts_with("free()") ? tr("free() was given an index allocate() never set"_t)
                       : engine_says.starts_with("process_deferred_release")
                           ? tr("process_deferred_release would wrap --_size below 0 and write outside the array"_t)
                           : engine_says.c_str();
    ImGui::TextWrapped("%s", trf("the wiki's code: {} fault(s) stopped; the last: {}"_t, info.faults, what).c_str());
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered() && !engine_says.empty()) ImGui::SetTooltip("%s", engine_says.c_str());
  }
  legend(colour_free, tr("free"_t));
  legend(colour_allocated, tr("allocated"_t));
  for (u32 s = 0; s < gfx::frame_slot_count; ++s)
    legend(colour_deferred[s], s == 0 ? tr("waiting: frame slot 0"_t) : std::to_string(s).c_str());
  ImGui::NewLine();

  const auto states = descriptor_states(*heap);
  const heap_record* before = shown.previous ? shown.previous->find_heap(info.name) : nullptr;
  const auto before_states = before ? descriptor_states(*before) : std::vector<descriptor_state>{};
  const f32 cell = info.capacity <= 128 ? 22.f : 12.f;
  const f32 step = cell + 2;
  const u32 columns = std::max(1u, static_cast<u32>(ImGui::GetContentRegionAvail().x / step));
  const u32 page_size = std::min(info.capacity, columns * std::max(1u, 1024 / columns));
  const u32 pages = (info.capacity + page_size - 1) / page_size;
  if (pages > 1) {
    int page = static_cast<int>(std::min(_page, pages - 1));
    ImGui::SliderInt(ui_label("page"_t).c_str(), &page, 0, static_cast<int>(pages) - 1,
                     trf("%d of {}"_t, pages).c_str());
    _page = static_cast<u32>(page);
  }
  const u32 first = std::min(_page, pages - 1) * page_size;
  const u32 count = std::min(page_size, info.capacity - first);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  std::vector<ImVec4>& rects = marks.cells_of(info.name, first);
  rects.assign(count, ImVec4{});
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
    if (const f32 g = shown.newest() ? glow.returned(info.name, i) : 0.f; g > 0.f)  // just returned: a fading halo
      dl->AddRect(ImVec2{min.x - 3, min.y - 3}, ImVec2{max.x + 3, max.y + 3},
                  (colour_free & 0x00ffffffu) | (static_cast<ImU32>(255 * g) << IM_COL32_A_SHIFT), 0, 0, 3.f);
    for (const auto& [h, index] : focus.cells)
      if (h == info.name && index == i)
        dl->AddRect(ImVec2{min.x - 2, min.y - 2}, ImVec2{max.x + 2, max.y + 2}, colour_focus, 0, 0, 2.f);
    if (ImGui::IsMouseHoveringRect(min, max)) {
      ImGui::BeginTooltip();
      ImGui::TextUnformatted(trf("index {}: {}"_t, i, describe(states[i])).c_str());
      if (const std::string* owner = lookup(heap->state->owners, i))
        ImGui::TextUnformatted(trf("owner: {}"_t, *owner).c_str());
      if (const u64* freed = lookup(heap->state->freed_frames, i)) {
        const u32 slot = static_cast<u32>(states[i]) - static_cast<u32>(descriptor_state::deferred0);
        ImGui::TextUnformatted(trf("freed in frame {}; returns when fence value {} has completed"_t, *freed,
                                   r.frame.slot_fence_values[slot])
                                   .c_str());
      }
      ImGui::EndTooltip();
    }
  }
  const u32 rows = (count + columns - 1) / columns;
  ImGui::Dummy(ImVec2{columns * step, rows * step});
  ImGui::Spacing();
  draw_free_stack(*heap, focus);
  if (shown.history) draw_occupancy(shown, marks);
}

// Every heap's fill over the history up to the shown frame, in percent of its capacity (a
// heap that did not exist yet reads 0).
void heaps_panel::draw_occupancy(const shown_frame& shown, marks& marks) {
  static constexpr ImU32 palette[] = {IM_COL32(239, 108, 0, 255),   IM_COL32(100, 160, 240, 255),
                                      IM_COL32(102, 187, 106, 255), IM_COL32(186, 104, 200, 255),
                                      IM_COL32(38, 198, 218, 255),  IM_COL32(255, 213, 79, 255),
                                      IM_COL32(240, 98, 146, 255),  IM_COL32(189, 189, 189, 255)};
  const plot_window window = plot_window_of(shown);
  plot_axes axes;
  axes.title = tr("Heap occupancy (allocated + waiting, % of capacity)"_t);
  axes.unit = "%";
  axes.y_max = 100.f;
  axes.marked = window.count - 1;
  std::vector<plot_series> heaps;
  for (const heap_record& h : shown.record->heaps())
    heaps.push_back(
        {fmt::format("{} ({})", h.info.name, h.info.capacity), palette[heaps.size() % std::size(palette)], {}});
  for (u32 k = 0; k < window.count; ++k) {
    const frame_record& at = shown.history->at(window.first + k);
    axes.frames.push_back(at.frame.frame_number);
    for (size_t i = 0; i < heaps.size(); ++i) {
      const heap_record* h = at.find_heap(shown.record->heaps()[i].info.name);
      heaps[i].values.push_back(
          h && h->info.capacity ? 100.f * static_cast<f32>(h->info.size) / static_cast<f32>(h->info.capacity) : 0.f);
    }
  }
  marks.remember("plot:heap occupancy", draw_plot(axes, heaps));
}

// The _free_handles array as the wiki draws it: entries before _size are taken, the rest
// are the free indices, the next allocate() pops the one under the marker. A focused index
// is outlined where it sits on the stack (at or above _size; below, a value is stale).
void heaps_panel::draw_free_stack(const heap_record& heap, const focus& focus) {
  const auto& stack = heap.state->free_stack;
  const u32 size = heap.info.size;
  const auto focused = [&](u32 i) {
    return i >= size && std::any_of(focus.cells.begin(), focus.cells.end(),
                                    [&](const auto& c) { return c.first == heap.info.name && c.second == stack[i]; });
  };
  const f32 w = 26, h = 22;
  const u32 fits = std::max(4u, static_cast<u32>((ImGui::GetContentRegionAvail().x - 20) / w));
  const u32 shown = std::min<u32>(static_cast<u32>(stack.size()), fits);
  u32 first = std::min(size > shown / 4 ? size - shown / 4 : 0u, static_cast<u32>(stack.size()) - shown);
  for (u32 i = size; i < stack.size(); ++i)  // the deepest focused entry stays in view
    if (focused(i) && i >= first + shown) first = std::min(i + 1 - shown, size);
  ImGui::TextWrapped(
      "%s", (size < stack.size() && stack[size] >= stack.size()
                 ? trf("_free_handles[{}]   _size = {}   next allocate() returns {}: not an index of this heap"_t,
                       stack.size(), size, stack[size])
             : size < stack.size()
                 ? trf("_free_handles[{}]   _size = {}   next allocate() returns {}"_t, stack.size(), size, stack[size])
                 : trf("_free_handles[{}]   _size = {}   next allocate() returns nothing: the heap is full"_t,
                       stack.size(), size))
                .c_str());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  origin.y += 14;
  for (u32 k = 0; k < shown; ++k) {
    const u32 i = first + k;
    const ImVec2 min{origin.x + k * w, origin.y}, max{min.x + w - 2, min.y + h};
    dl->AddRectFilled(min, max, i < size ? colour_slot_free : colour_free);
    // A learner's stack may hold anything: an entry outside the heap shows as '?'.
    const std::string value = stack[i] < stack.size() ? std::to_string(stack[i]) : std::string{"?"};
    dl->AddText(ImVec2{min.x + 3, min.y + 3}, colour_text, value.c_str());
    if (focused(i)) dl->AddRect(ImVec2{min.x - 2, min.y - 2}, ImVec2{max.x, max.y + 2}, colour_focus, 0, 0, 2.f);
    if (i == size) {
      dl->AddTriangleFilled(ImVec2{min.x + 6, min.y - 12}, ImVec2{min.x + 18, min.y - 12},
                            ImVec2{min.x + 12, min.y - 2}, colour_changed);
    }
  }
  if (size == stack.size() && shown > 0) {
    const ImVec2 end{origin.x + shown * w, origin.y};
    dl->AddTriangleFilled(ImVec2{end.x + 2, end.y - 12}, ImVec2{end.x + 14, end.y - 12}, ImVec2{end.x + 8, end.y - 2},
                          colour_changed);
  }
  ImGui::Dummy(ImVec2{shown * w + 20, h + 18});
  if (first > 0 || first + shown < stack.size())
    ImGui::TextDisabled("%s", trf("showing entries {}..{} of {}"_t, first, first + shown - 1, stack.size()).c_str());
}

}  // namespace xe::sandbox::ui
