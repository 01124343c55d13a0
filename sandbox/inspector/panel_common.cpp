#include "inspector/panel_common.h"

#include <cmath>

#include <imgui_internal.h>

#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

namespace {
std::map<std::string, shown_name, std::less<>> g_names;
// Tried over the first passes of a step: panels above take their new size a pass or two late.
constexpr u32 reveal_passes = 8;
std::vector<std::pair<std::string, u32>> g_reveal;
}  // namespace

void reveal_names(const std::vector<std::string>& keys) {
  g_reveal.clear();
  for (const std::string& key : keys) g_reveal.emplace_back(key, reveal_passes);
}

void begin_names() { g_names.clear(); }

void name_item(text_key key, std::string_view drawn) {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  name_item(key, drawn, ImVec4{min.x, min.y, max.x, max.y});
  const auto it = std::find_if(g_reveal.begin(), g_reveal.end(), [&](const auto& r) { return r.first == key.english; });
  if (it == g_reveal.end()) return;
  if (--it->second == 0) g_reveal.erase(it);
  // The least scroll that shows it: to the bottom edge from below, to the top from above.
  const ImVec4 seen = g_names[std::string{key.english}].visible;
  if (max.y > seen.w) ImGui::SetScrollHereY(1.f);
  if (min.y < seen.y) ImGui::SetScrollHereY(0.f);
}

void name_item(text_key key, std::string_view drawn, ImVec4 rect) {
  // Seen through the current window and every window it sits in, on the display.
  ImRect clip{ImVec2{0.f, 0.f}, ImGui::GetIO().DisplaySize};
  for (const ImGuiWindow* w = ImGui::GetCurrentWindow(); w; w = w->ParentWindow) clip.ClipWithFull(w->InnerClipRect);
  shown_name& n = g_names[std::string{key.english}];
  n.shown = drawn.substr(0, drawn.find("##"));
  const char* shown = n.shown.c_str();
  n.rect = rect;
  n.visible = ImVec4{clip.Min.x, clip.Min.y, clip.Max.x, clip.Max.y};
  n.fits = rect.z - rect.x + 0.5f >= ImGui::CalcTextSize(shown, nullptr, true).x;
}

const std::map<std::string, shown_name, std::less<>>& shown_names() { return g_names; }

bool marks::button(text_key label) {
  const std::string drawn = ui_label(label);
  const bool pressed = ImGui::Button(drawn.c_str());
  remember(label.english.data());
  name_item(label, drawn);
  return pressed;
}

bool marks::button_named(const std::string& label) {
  const bool pressed = ImGui::Button(label.c_str());
  remember(label.c_str());
  return pressed;
}

bool marks::section(text_key label, bool open_by_default) {
  const auto known = _open.find(label.english);
  if (const auto it = std::find(_open_once.begin(), _open_once.end(), label.english); it != _open_once.end()) {
    _open_once.erase(it);
    ImGui::SetNextItemOpen(true);
  } else if (known != _open.end()) {
    ImGui::SetNextItemOpen(known->second);
  }
  const std::string drawn = ui_label(label);
  const bool open = ImGui::CollapsingHeader(drawn.c_str(), open_by_default ? ImGuiTreeNodeFlags_DefaultOpen : 0);
  _open.insert_or_assign(std::string{label.english}, open);
  remember(label.english.data());
  name_item(label, drawn);
  return open;
}

void marks::remember(const char* name) {
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  _buttons[name] = ImVec4{min.x, min.y, max.x, max.y};
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) _hovered = name;
}

void marks::remember(const std::string& label, ImVec4 rect) {
  _buttons[label] = rect;
  if (ImGui::IsWindowHovered() && ImGui::IsMouseHoveringRect({rect.x, rect.y}, {rect.z, rect.w})) _hovered = label;
}

u32 marks::first_cell(std::string_view heap) const {
  auto it = _cell_base.find(heap);
  return it == _cell_base.end() ? 0 : it->second;
}

std::optional<ImVec4> marks::button_rect(std::string_view label) const {
  auto it = _buttons.find(label);
  return it == _buttons.end() ? std::nullopt : std::optional<ImVec4>{it->second};
}

std::optional<ImVec4> marks::cell_rect(std::string_view heap, u32 index) const {
  auto cells = _cells.find(heap);
  auto base = _cell_base.find(heap);
  if (cells == _cells.end() || base == _cell_base.end() || index < base->second ||
      index - base->second >= cells->second.size())
    return std::nullopt;
  return cells->second[index - base->second];
}

void apply_style(ImGuiStyle& style) {
  ImGui::StyleColorsDark(&style);
  style.WindowRounding = 4.f;
  style.Colors[ImGuiCol_TextDisabled] = ImVec4{0.62f, 0.62f, 0.62f, 1.f};
}

namespace {
f32 luminance(ImVec4 c) {
  const auto linear = [](f32 v) { return v <= 0.04045f ? v / 12.92f : std::pow((v + 0.055f) / 1.055f, 2.4f); };
  return 0.2126f * linear(c.x) + 0.7152f * linear(c.y) + 0.0722f * linear(c.z);
}
}  // namespace

f32 contrast_ratio(ImVec4 a, ImVec4 b) {
  const f32 la = luminance(a), lb = luminance(b);
  return (std::max(la, lb) + 0.05f) / (std::min(la, lb) + 0.05f);
}

ImVec4 blend(ImVec4 colour, ImVec4 background) {
  const f32 a = colour.w;
  return ImVec4{colour.x * a + background.x * (1 - a), colour.y * a + background.y * (1 - a),
                colour.z * a + background.z * (1 - a), 1.f};
}

plot_window plot_window_of(const shown_frame& shown, u32 most) {
  if (!shown.history) return {};
  const u32 count = std::min(shown.at + 1, most);
  return {shown.at + 1 - count, count};
}

void frame_times::note(u64 frame, f32 ms, u32 keep) {
  keep = std::max(keep, 1u);
  if (!_times.empty() && _times.back().first >= frame) _times.clear();                 // a fresh engine counts again
  if (_times.capacity() < 2 * size_t{keep} + 1) _times.reserve(2 * size_t{keep} + 1);  // never grows again
  _times.emplace_back(frame, ms);
  if (_times.size() > 2 * size_t{keep})
    _times.erase(_times.begin(), _times.begin() + static_cast<std::ptrdiff_t>(keep));
}

f32 frame_times::of(u64 frame) const {
  auto it = std::lower_bound(_times.begin(), _times.end(), frame, [](const auto& t, u64 f) { return t.first < f; });
  return it != _times.end() && it->first == frame ? it->second : -1.f;
}

void highlights::note(const frame_record& record, std::span<const recorded_event> events) {
  if (!noting(events)) return;  // no clock reading
  const auto now = clock::now();
  for (const recorded_event& e : events) {
    if (!highlights_on(e)) continue;
    if (e.type == gfx::event_type::descriptor_returned)
      _returned[{e.heap, e.index}] = now;
    else
      _rebuilt[e.surface] = now;
  }
  // Forget what has faded (and what a later allocation took over).
  std::erase_if(_returned,
                [&](const auto& r) { return strength(r.second) <= 0.f || !record.find_heap(r.first.first); });
  std::erase_if(_rebuilt, [](const auto& r) { return strength(r.second) <= 0.f; });
}

f32 highlights::strength(clock::time_point since) {
  const f32 age = std::chrono::duration<f32>(clock::now() - since).count();
  return std::clamp(1.f - age / std::chrono::duration<f32>(fade).count(), 0.f, 1.f);
}

f32 highlights::returned(std::string_view heap, u32 index) const {
  auto it = _returned.find(std::pair<std::string, u32>{std::string{heap}, index});
  return it == _returned.end() ? 0.f : strength(it->second);
}

f32 highlights::rebuilt(u32 surface) const {
  auto it = _rebuilt.find(surface);
  return it == _rebuilt.end() ? 0.f : strength(it->second);
}

bool highlights::fading() const {
  const auto alive = [](const auto& r) { return strength(r.second) > 0.f; };
  return std::any_of(_returned.begin(), _returned.end(), alive) || std::any_of(_rebuilt.begin(), _rebuilt.end(), alive);
}

std::vector<std::pair<std::pair<std::string, u32>, f32>> highlights::returned_now() const {
  std::vector<std::pair<std::pair<std::string, u32>, f32>> out;
  for (const auto& [key, since] : _returned)
    if (const f32 s = strength(since); s > 0.f) out.emplace_back(key, s);
  return out;
}

ImU32 colour_of(descriptor_state s) {
  switch (s) {
    case descriptor_state::free: return colour_free;
    case descriptor_state::allocated: return colour_allocated;
    default: return colour_deferred[static_cast<u32>(s) - static_cast<u32>(descriptor_state::deferred0)];
  }
}

const char* describe(descriptor_state s) {
  switch (s) {
    case descriptor_state::free: return tr("free"_t);
    case descriptor_state::allocated: return tr("allocated"_t);
    case descriptor_state::deferred0: return tr("freed, waiting in frame slot 0"_t);
    case descriptor_state::deferred1: return tr("freed, waiting in frame slot 1"_t);
    case descriptor_state::deferred2: return tr("freed, waiting in frame slot 2"_t);
  }
  return "";
}

u32 frames_until(const gfx::frame_stats& f, u32 slot) {
  return (slot + gfx::frame_slot_count - f.next_frame_slot) % gfx::frame_slot_count;
}

void hint(const std::string& text) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyle().Colors[ImGuiCol_TextDisabled]);
  ImGui::TextWrapped("%s", text.c_str());
  ImGui::PopStyleColor();
}

void same_line_for(const char* label) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const f32 width = ImGui::CalcTextSize(label, nullptr, true).x + 2 * style.FramePadding.x;
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

void legend(ImU32 colour, const char* text) {
  ImGui::ColorButton(text, ImGui::ColorConvertU32ToFloat4(colour), ImGuiColorEditFlags_NoTooltip, ImVec2{12, 12});
  ImGui::SameLine();
  ImGui::TextUnformatted(text);
  ImGui::SameLine();
}

void arrow(ImDrawList* dl, ImVec2 from, ImVec2 to, ImU32 colour) {
  const ImVec2 mid{(from.x + to.x) / 2, std::min(from.y, to.y) - 26};
  dl->AddBezierQuadratic(from, mid, to, colour, 2.f);
  dl->AddTriangleFilled(ImVec2{to.x - 5, to.y - 8}, ImVec2{to.x + 5, to.y - 8}, to, colour);
}

}  // namespace xe::sandbox::ui
