#include "imgui/fonts.h"

#include <filesystem>

#include <imgui.h>

#include "io/data_paths.h"
#include "common/log.h"

namespace xe::sandbox {

std::string load_overlay_font(float pixel_size, std::string_view extra_text) {
  // First the font installed with the sandbox (the Windows ZIP ships WenQuanYi Micro Hei in
  // fonts/; a Linux install links there from Debian's fonts-wqy-microhei), then system fonts
  // (Debian packages: fonts-wqy-microhei, fonts-noto-cjk, fonts-droid-fallback; Windows).
  const std::string installed = find_data("fonts/wqy-microhei.ttc").string();
  const char* const candidates[] = {
      installed.c_str(),
      "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
      "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
      "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",
      "C:/Windows/Fonts/msyh.ttc",
  };
  ImGuiIO& io = ImGui::GetIO();
  // The atlas reads the ranges when it is built, later: they must outlive this call.
  static ImVector<ImWchar> ranges;
  ranges.clear();
  ImFontGlyphRangesBuilder builder;
  builder.AddRanges(io.Fonts->GetGlyphRangesChineseSimplifiedCommon());
  builder.AddText(extra_text.data(), extra_text.data() + extra_text.size());
  // The panels' own chrome: arrows for keys, dashes in step ranges, CJK punctuation.
  builder.AddText("→←↑↓·–—…“”‘’（）：；，。、！？《》×");
  builder.BuildRanges(&ranges);
  for (const char* path : candidates) {
    std::error_code ec;
    if (!*path || !std::filesystem::exists(path, ec)) continue;
    ImFontConfig config;
    config.OversampleH = 1;  // a CJK range is large: keep the atlas small
    config.PixelSnapH = true;
    if (io.Fonts->AddFontFromFileTTF(path, pixel_size, &config, ranges.Data)) return path;
  }
  XE_LOG_WARN("no CJK font found (install fonts-wqy-microhei): Chinese text will show as boxes");
  io.Fonts->AddFontDefault();
  return {};
}

}  // namespace xe::sandbox
