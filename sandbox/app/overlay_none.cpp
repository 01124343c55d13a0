// Builds without Dear ImGui (XE_WITH_IMGUI=OFF, or mingw without its sources): no UI, the
// rest of the app unchanged.
#include "app/overlay.h"

namespace xe::sandbox {
namespace {

class no_overlay final : public overlay {
public:
  result<void> prepare_device_objects() override { return {}; }
  result<void> attach(platform::window*) override { return {}; }
  bool visible() const override { return false; }
  bool draws() const override { return false; }
  void set_visible(bool) override {}
  void set_hint(bool) override {}
  void build(u32, u32, f32, const overlay_state&) override {}
  gfx::surface_recorder recorder() override { return {}; }
  void record(const event_recorder*, const gfx::frame_stats&, f32) override {}
  std::optional<frame_record> latest_record() const override { return std::nullopt; }
  void show_replay(const frame_record*, u32) override {}
  void end_replay() override {}
  result<std::string> trace(const gfx::adapter_info&) const override {
    return make_error(errc::unsupported,
                      "this build has no inspector, so no history to trace (built without Dear ImGui)");
  }
  std::vector<actions::step> take_requests() override { return {}; }
  void request_done(const actions::step&, const result<void>&) override {}
  void show_lesson(const lesson_view*) override {}
  void note_lesson_step(std::string) override {}
  std::vector<lesson_request> take_lesson_requests() override { return {}; }
  bool loop_paused() const override { return false; }
  bool take_step_request() override { return false; }
  bool requests_pending() const override { return false; }
  bool input_pending() const override { return false; }
  bool input_queued() const override { return false; }
  bool wants_keyboard() const override { return false; }
  void release_device_objects() override {}
  sandbox::inspector* get_inspector() override { return nullptr; }
  void write_ui_map_to(std::string) override {}
  bool layout_moving() const override { return false; }
  bool select_view(std::string) override { return false; }
};

}  // namespace

std::unique_ptr<overlay> make_overlay(bool, overlay_mode, glyph_source) { return std::make_unique<no_overlay>(); }

}  // namespace xe::sandbox
