#include "inspector/notices.h"

#include <algorithm>
#include <system_error>

#include <spdlog/fmt/fmt.h>

#include "common/log.h"
#include "inspector/ui_text.h"

namespace xe::sandbox::ui {

void notices::add(std::string text, bool error, bool logged) {
  if (logged && error)
    XE_LOG_WARN("inspector: {}", text);
  else if (logged)
    XE_LOG_INFO("inspector: {}", text);
  _text = std::move(text);
  _error = error;
  _since = clock::now();
}

const std::string& notices::current() const {
  static const std::string none;
  return clock::now() - _since < shown_for ? _text : none;
}

void notices::draw() {
  const std::string& text = current();
  if (text.empty()) return;
  const f32 left = std::chrono::duration<f32>(shown_for - (clock::now() - _since)).count();
  const f32 alpha = std::clamp(left, 0.f, 1.f);
  const ImVec2 display = ImGui::GetIO().DisplaySize;
  const f32 wrap = std::min(display.x - 40.f, 720.f);
  const ImVec2 size = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap);
  const ImVec2 min{std::max(8.f, (display.x - size.x) / 2 - 10), display.y - size.y - 40};
  const ImVec2 max{min.x + size.x + 20, min.y + size.y + 14};
  ImDrawList* dl = ImGui::GetForegroundDrawList();
  dl->AddRectFilled(min, max, IM_COL32(20, 20, 24, static_cast<int>(235 * alpha)), 6.f);
  dl->AddRect(min, max,
              _error ? IM_COL32(255, 120, 110, static_cast<int>(255 * alpha))
                     : IM_COL32(120, 200, 120, static_cast<int>(255 * alpha)),
              6.f, 0, 1.5f);
  dl->AddText(nullptr, 0.f, ImVec2{min.x + 10, min.y + 7}, IM_COL32(255, 255, 255, static_cast<int>(255 * alpha)),
              text.c_str(), nullptr, wrap);
}

std::string absolute_path(const std::filesystem::path& path) {
  std::error_code ec;
  const std::filesystem::path absolute = std::filesystem::absolute(path, ec);
  return ec ? path.string() : absolute.lexically_normal().string();
}

std::string describe_size(u64 bytes) {
  if (bytes < 1000) return trf("{} bytes"_t, bytes);
  if (bytes < 1000 * 1000) return fmt::format("{} KB", (bytes + 500) / 1000);
  return fmt::format("{:.1f} MB", static_cast<f64>(bytes) / 1e6);
}

}  // namespace xe::sandbox::ui
