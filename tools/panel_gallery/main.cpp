// Renders every inspector panel after a busy scenario (surfaces added and removed, a heap
// with freed indices waiting in their slots, a texture released, GPU load) and writes one
// PNG per panel: for looking at the inspector when changing it (tools/README.md).
// usage: xe-panel-gallery OUT_DIR [WxH] (default 1280x720, at least 1000 wide)
// exit 0 written, 1 failed, 2 bad arguments, 4 validation errors.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "app_test_access.h"
#include "app/cli.h"
#include "inspector/inspector.h"
#include "inspector/layout.h"
#include "script/runner.h"
#include "snapshot/png.h"

namespace xe::sandbox {
namespace {

namespace fs = std::filesystem;

int fail(const std::string& message, int code) {
  std::fprintf(stderr, "xe-panel-gallery: %s\n", message.c_str());
  return code;
}

result<void> frames(app& a, u32 n) {
  for (u32 i = 0; i < n; ++i) XE_TRY(app_test_access::tick(a));
  return {};
}

result<void> busy_scenario(app& a) {
  u32 serial = 0;
  action_runner runner{a};
  auto step = [&](const char* json) -> result<void> {
    XE_TRY_ASSIGN(const actions::step s, actions::parse_step(nlohmann::json::parse(json), ++serial));
    return runner.run(s);
  };
  XE_TRY(step(R"({"do": "create_surface", "width": 320, "height": 200})"));
  XE_TRY(step(R"({"do": "create_surface", "width": 320, "height": 200})"));
  XE_TRY(step(R"({"do": "remove_surface", "slot": 1})"));
  XE_TRY(step(R"({"do": "create_heap", "name": "demo", "type": "cbv_srv_uav", "capacity": 40})"));
  XE_TRY(step(R"({"do": "allocate", "heap": "demo", "count": 12, "as": "a"})"));
  XE_TRY(step(R"({"do": "show_triangle", "visible": true})"));
  XE_TRY(frames(a, 2));
  XE_TRY(step(R"({"do": "free", "heap": "demo", "index": 3})"));
  XE_TRY(step(R"({"do": "create_texture", "name": "brick", "kind": "placed", "width": 64, "height": 64})"));
  XE_TRY(frames(a, 1));
  XE_TRY(step(R"({"do": "free", "heap": "demo", "index": 7})"));
  XE_TRY(step(R"({"do": "release", "name": "brick"})"));
  XE_TRY(step(R"({"do": "set_gpu_load", "passes": 20})"));
  return frames(a, 30);
}

result<void> write_gallery(app& a, const fs::path& out) {
  inspector* shown = app_test_access::inspector(a);
  if (!shown) return make_error(errc::invalid_argument, "this build has no inspector");
  XE_TRY(busy_scenario(a));
  for (const char* panel : {"Heaps", "Deferred", "Fences", "Surfaces", "Resources", "Log", "Adapter"}) {
    shown->select_panel(panel);
    XE_TRY(frames(a, 2));  // the tab comes forward, then the panel sizes to it
    if (shown->shown_panel() != panel)
      return make_error(errc::invalid_argument, std::string{"the "} + panel + " tab did not come forward (" +
                                                    shown->shown_panel() + " is in front)");
    XE_TRY_ASSIGN(auto image, a.screenshot(std::nullopt));
    XE_TRY(write_png(out / (std::string{panel} + ".png"), image));
    std::printf("%s\n", (out / (std::string{panel} + ".png")).string().c_str());
  }
  return {};
}

int run(int argc, char** argv) {
  if (argc < 2 || argc > 3) return fail("usage: xe-panel-gallery OUT_DIR [WxH]", 2);
  std::vector<std::string> args{"--headless", "--overlay", "--frames", "1"};
  if (argc == 3) args.insert(args.end(), {"--size", argv[2]});
  auto opts = parse_cli(args, false);
  if (!opts) return fail(opts.error_value().reason, 2);
  // Narrower, the panels share one tabbed window whose front tab is the lesson's.
  if (static_cast<f32>(opts->width) < wide_min_width)
    return fail("the gallery needs the wide layout: at least " + std::to_string(static_cast<u32>(wide_min_width)) +
                    " pixels wide",
                2);
  const fs::path out = argv[1];
  std::error_code ec;
  fs::create_directories(out, ec);
  if (!fs::is_directory(out, ec)) return fail("cannot create the folder " + out.string(), 2);

  app gallery{*opts};
  if (auto started = app_test_access::start(gallery); !started) return fail(started.error_value().reason, 1);
  auto written = write_gallery(gallery, out);
  app_test_access::stop(gallery);
  if (!written) return fail(written.error_value().reason, 1);
  if (const u32 errors = gfx::get_validation_error_count(); errors != 0)
    return fail(std::to_string(errors) + " validation errors", 4);
  return 0;
}

}  // namespace
}  // namespace xe::sandbox

int main(int argc, char** argv) { return xe::sandbox::run(argc, argv); }
