#include "app/renderdoc.h"

#include <renderdoc_app.h>

#include <random>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {
namespace {

class renderdoc_api final : public renderdoc {
public:
  explicit renderdoc_api(RENDERDOC_API_1_4_1* api) : _api{api} {
    // The sandbox names and starts its captures itself: RenderDoc's own keys (F12, Print
    // Screen) and its text over the frames (which screenshots would show) are off.
    _api->SetCaptureKeys(nullptr, 0);
    _api->MaskOverlayBits(eRENDERDOC_Overlay_None, eRENDERDOC_Overlay_None);
  }
  std::string version() const override {
    int major = 0, minor = 0, patch = 0;
    _api->GetAPIVersion(&major, &minor, &patch);
    return fmt::format("RenderDoc (in-application API {}.{}.{})", major, minor, patch);
  }
  void start_frame(const std::filesystem::path& path) override {
    // RenderDoc appends "_frameN.rdc" to the template.
    const std::filesystem::path draft =
        path.parent_path() / fmt::format(".{}.renderdoc-{}", path.stem().string(), std::random_device{}());
    _api->SetCaptureFilePathTemplate(draft.string().c_str());
    _api->StartFrameCapture(nullptr, nullptr);
  }
  result<void> end_frame(const std::filesystem::path& path, const std::string& comment) override {
    const u32 before = _api->GetNumCaptures();
    if (!_api->EndFrameCapture(nullptr, nullptr))
      return make_error(errc::api_call_failed, "RenderDoc captured nothing (EndFrameCapture failed)");
    const u32 count = _api->GetNumCaptures();
    if (count <= before) return make_error(errc::api_call_failed, "RenderDoc wrote no capture file");
    u32 length = 0;
    _api->GetCapture(count - 1, nullptr, &length, nullptr);
    std::string written(length, '\0');
    _api->GetCapture(count - 1, written.data(), &length, nullptr);
    written.resize(written.find('\0') == std::string::npos ? written.size() : written.find('\0'));
    if (!renderdoc_platform::move_no_replace(written, path))  // something appeared there: it stays
      return make_error(errc::io, fmt::format("could not name RenderDoc's capture '{}' as '{}' (it exists now?)",
                                              written, path.string()));
    _api->SetCaptureFileComments(path.string().c_str(), comment.c_str());
    return {};
  }
  bool has_ui() const override { return renderdoc_platform::replay_ui_installed(); }
  bool open_in_ui(const std::filesystem::path& capture) override {
    if (!has_ui()) return false;
    // qrenderdoc starts in its own folder: the path must not be relative.
    std::error_code ec;
    const std::string absolute = std::filesystem::absolute(capture, ec).string();
    if (ec || absolute.find('"') != std::string::npos) return false;
    return _api->LaunchReplayUI(0, fmt::format("\"{}\"", absolute).c_str()) != 0;
  }

private:
  RENDERDOC_API_1_4_1* _api;
};

}  // namespace

result<std::unique_ptr<renderdoc>> renderdoc::attach(bool load) {
  std::string why;
  void* symbol = renderdoc_platform::find_get_api(load, why);
  if (!symbol) {
    if (!load) return std::unique_ptr<renderdoc>{};
    return make_error(errc::unsupported, fmt::format("--renderdoc: {}", why));
  }
  RENDERDOC_API_1_4_1* api = nullptr;
  const auto get_api = reinterpret_cast<pRENDERDOC_GetAPI>(symbol);
  if (!get_api(eRENDERDOC_API_Version_1_4_1, reinterpret_cast<void**>(&api)) || !api)
    return make_error(errc::unsupported, "this RenderDoc does not offer the in-application API 1.4.1 the sandbox uses");
  return std::unique_ptr<renderdoc>{std::make_unique<renderdoc_api>(api)};
}

}  // namespace xe::sandbox
