// Renders every inspector panel after a busy scenario (surfaces added and removed, a heap
// with freed indices waiting in their slots, a texture released, GPU load) and writes one
// PNG per panel: for looking at the inspector when changing it (tools/README.md).
// usage: xe-panel-gallery OUT_DIR [WxH] (default 1280x720, at least 1000 wide)
// exit 0 written, 1 failed, 2 bad arguments, 4 validation errors.
#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>

#include "app/app.h"
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
  for (u32 i = 0; i < n; ++i) XE_TRY(a.tick_for_tests());
  return {};
}

result<void> busy_scenario(app& a) {
  u32 serial = 0;
  auto step = [&](actions::action what, const char* name) {
    action_runner runner{a};
    return runner.run({++serial, name, std::move(what)});
  };
  XE_TRY(step(actions::create_surface{320, 200}, "create_surface"));
  XE_TRY(step(actions::create_surface{320, 200}, "create_surface"));
  XE_TRY(step(actions::remove_surface{1}, "remove_surface"));
  XE_TRY(step(actions::create_heap{"demo", gfx::heap_type::cbv_srv_uav, 40, false}, "create_heap"));
  XE_TRY(step(actions::allocate{"demo", 12, "a"}, "allocate"));
  XE_TRY(step(actions::show_triangle{true}, "show_triangle"));
  XE_TRY(frames(a, 2));
  XE_TRY(step(actions::free_descriptor{"demo", 3u, {}}, "free"));
  XE_TRY(step(actions::create_texture{"brick", gfx::resource_kind::placed, 64, 64}, "create_texture"));
  XE_TRY(frames(a, 1));
  XE_TRY(step(actions::free_descriptor{"demo", 7u, {}}, "free"));
  XE_TRY(step(actions::release{"brick"}, "release"));
  XE_TRY(step(actions::set_gpu_load{20}, "set_gpu_load"));
  return frames(a, 30);
}

result<void> write_gallery(app& a, const fs::path& out) {
  inspector* shown = a.get_overlay().get_inspector();
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
  if (auto started = gallery.start_for_tests(); !started) return fail(started.error_value().reason, 1);
  auto written = write_gallery(gallery, out);
  gallery.stop_for_tests();
  if (!written) return fail(written.error_value().reason, 1);
  if (const u32 errors = gfx::get_validation_error_count(); errors != 0)
    return fail(std::to_string(errors) + " validation errors", 4);
  return 0;
}

}  // namespace
}  // namespace xe::sandbox

int main(int argc, char** argv) { return xe::sandbox::run(argc, argv); }
