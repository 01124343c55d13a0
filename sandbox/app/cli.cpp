#include "app/cli.h"

#include <algorithm>
#include <charconv>
#include <set>

#include <spdlog/fmt/fmt.h>

#include "io/files.h"
#include "lessons/settings.h"

namespace xe::sandbox {
namespace {

error bad(std::string message) { return make_error(errc::invalid_argument, std::move(message)); }

result<u32> parse_u32(const std::string& flag, const std::string& text, u32 min, u32 max) {
  u32 value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (ec == std::errc::result_out_of_range && digits)
    return bad(fmt::format("{} must be {}..{}, got {}", flag, min, max, text));
  if (text.empty() || ec != std::errc{} || ptr != end)
    return bad(fmt::format("{} expects a whole number, got '{}'", flag, text));
  if (value < min || value > max) return bad(fmt::format("{} must be {}..{}, got {}", flag, min, max, value));
  return value;
}

// Options that take one non-empty text value (a file, folder or lesson id).
std::string* text_option(options& o, const std::string& arg) {
  if (arg == "--script") return &o.script;
  if (arg == "--snapshot") return &o.snapshot;
  if (arg == "--screenshot") return &o.screenshot;
  if (arg == "--lesson") return &o.lesson;
  if (arg == "--lessons") return &o.lessons_dir;
  if (arg == "--settings") return &o.settings;
  if (arg == "--ui-map") return &o.ui_map;
  return nullptr;
}

} // namespace

std::string usage() {
  return R"(xengine-sandbox: a D3D12 engine core you can watch and step.

usage: xengine-sandbox [options]

  --headless              render offscreen, no window (default when there is no display)
  --frames N              run N frames, then exit (headless default: 120)
  --size WxH              surface size (default 1280x720; 1..16384 each)
  --frames-in-flight K    how far the CPU may run ahead of the GPU, 1..3 (default 3)
  --windows N             open N windows, 1..8 (default 1); each is a surface
  --adapter auto|software the device's adapter; software: WARP on Windows, lavapipe on Linux
  --triangle              draw the first triangle on every surface
  --no-overlay            no inspector (F1 also hides it at run time)
  --overlay               the inspector in a headless run too (screenshots show it)
  --imgui-demo            show only Dear ImGui's demo window (to compare renderers)
  --hide-overlay          start with the inspector hidden (F1 shows it; history still records)
  --bench-frames N        run 60 warm-up frames, then N timed ones; print
                          "frames=N mean_ms=X p50_ms=Y p95_ms=Z" (CPU wall time per frame), exit
  --no-hooks              no stats hooks (snapshots then have no events): a benchmark baseline
  --gpu-load N            N blended full-screen passes per frame (0..10000): real GPU work
  --script FILE           run a scenario script (docs/scripts.md), then exit when headless
  --snapshot FILE         write the frame state as JSON after the last frame (docs/snapshot.md)
  --screenshot FILE       write surface 0's last presented image as PNG after the last frame
  --diff A.json B.json    print what changed between two snapshots, then exit
  --lesson ID|all         open a lesson (e.g. 07 or 07-descriptor-heaps); all plays every one
  --play                  play the lesson(s) to the end, printing each step, then exit
                          (implied when headless and by --lesson all)
  --language zh|en        lesson language (default: the last one chosen, else zh)
  --lessons DIR           lesson files folder (default: ./lessons, else the source tree's)
  --settings FILE         where progress and language are kept
                          (default: $XDG_CONFIG_HOME/xengine-sandbox/settings.json)
  --ui-map FILE            keep FILE holding the overlay's panel and button rectangles
                          (for tests that drive the window with real input)
  --version               print the version and where lessons and the font are found
  --help                  show this text

In a window: F1 hides the overlay; F11 or Alt+Enter toggles fullscreen; in a lesson,
Right/PageDown next, Left/PageUp back, Home restart, R retry a failed step.

Each option may be given once. Outputs never replace a folder, device, FIFO or an input
of the run (docs/scripts.md, "Files").

exit codes: 0 ok, 1 runtime failure, 2 bad command line or unreadable input,
            3 script or lesson error (in a window: a step failed), 4 validation errors
            reported by the runtime, 130 stopped by Ctrl+C (SIGINT), 143 stopped by
            SIGTERM (no output files)
)";
}

result<options> parse_cli(const std::vector<std::string>& args, bool has_display) {
  options o;
  std::set<std::string> seen;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    // Each option once: with two values, which one was meant is a guess.
    const std::string name = arg == "-h" ? "--help" : arg;
    if (name.rfind("--", 0) == 0 && !seen.insert(name).second) return bad(fmt::format("{} is given twice", name));
    auto value = [&]() -> result<std::string> {
      if (i + 1 >= args.size()) return bad(fmt::format("{} needs a value", arg));
      return args[++i];
    };
    auto number = [&](u32 min, u32 max) -> result<u32> {
      auto v = value();
      if (!v) return std::move(v).error_value();
      return parse_u32(arg, *v, min, max);
    };
    if (arg == "--help" || arg == "-h") {
      o.help = true;
    } else if (arg == "--version") {
      o.version = true;
    } else if (arg == "--headless") {
      o.headless = true;
    } else if (arg == "--frames") {
      auto n = number(1, 100'000'000);
      if (!n) return std::move(n).error_value();
      o.frames = *n;
      o.frames_given = true;
    } else if (std::string* field = text_option(o, arg)) {
      auto v = value();
      if (!v) return std::move(v).error_value();
      if (v->empty()) return bad(fmt::format("{} needs a non-empty value", arg));
      *field = *v;
    } else if (arg == "--language") {
      auto v = value();
      if (!v) return std::move(v).error_value();
      if (*v != "zh" && *v != "en") return bad(fmt::format("--language must be zh or en, got '{}'", *v));
      o.language = *v;
    } else if (arg == "--play") {
      o.play = true;
    } else if (arg == "--diff") {
      if (i + 2 >= args.size()) return bad("--diff needs two snapshot files");
      o.diff = {args[i + 1], args[i + 2]};
      i += 2;
    } else if (arg == "--frames-in-flight") {
      auto n = number(1, 3);
      if (!n) return std::move(n).error_value();
      o.frames_in_flight = *n;
    } else if (arg == "--windows") {
      auto n = number(1, max_windows);
      if (!n) return std::move(n).error_value();
      o.windows = *n;
    } else if (arg == "--triangle") {
      o.triangle = true;
    } else if (arg == "--overlay" || arg == "--no-overlay") {
      o.overlay = arg == "--overlay";
      o.overlay_given = true;
    } else if (arg == "--imgui-demo") {
      o.imgui_demo = true;
    } else if (arg == "--hide-overlay") {
      o.overlay_hidden = true;
    } else if (arg == "--no-hooks") {
      o.hooks = false;
    } else if (arg == "--bench-frames") {
      auto n = number(1, 1'000'000);
      if (!n) return std::move(n).error_value();
      o.bench_frames = *n;
    } else if (arg == "--gpu-load") {
      auto n = number(0, 10'000);
      if (!n) return std::move(n).error_value();
      o.gpu_load = *n;
    } else if (arg == "--adapter") {
      auto v = value();
      if (!v) return std::move(v).error_value();
      if (*v == "auto") o.adapter = gfx::adapter_preference::automatic;
      else if (*v == "software") o.adapter = gfx::adapter_preference::software;
      else return bad(fmt::format("--adapter must be auto or software, got '{}'", *v));
    } else if (arg == "--size") {
      auto v = value();
      if (!v) return std::move(v).error_value();
      const auto x = v->find('x');
      if (x == std::string::npos) return bad(fmt::format("--size expects WxH (e.g. 1280x720), got '{}'", *v));
      auto w = parse_u32("--size width", v->substr(0, x), 1, 16384);
      if (!w) return std::move(w).error_value();
      auto h = parse_u32("--size height", v->substr(x + 1), 1, 16384);
      if (!h) return std::move(h).error_value();
      o.width = *w;
      o.height = *h;
    } else {
      return bad(fmt::format("unknown option '{}' (see --help)", arg));
    }
  }
  const auto both = [&](const char* a, const char* b) { return seen.count(a) && seen.count(b); };
  for (const auto& [a, b] : {std::pair{"--overlay", "--no-overlay"}, std::pair{"--imgui-demo", "--no-overlay"},
                             std::pair{"--hide-overlay", "--no-overlay"}, std::pair{"--play", "--bench-frames"}})
    if (both(a, b)) return bad(fmt::format("{} and {} contradict each other", a, b));
  if (!o.headless && !has_display) {
    o.headless = true;
    o.headless_forced = true;
  }
  if (o.headless && !o.overlay_given) o.overlay = false;  // headless: only when asked
  if (o.play && o.lesson.empty()) return bad("--play needs --lesson ID|all");
  if (!o.lesson.empty() && (o.headless || o.lesson == "all")) o.play = true;
  if (o.play && !o.script.empty()) return bad("--script and a played --lesson cannot run together");
  if (o.bench_frames && (o.frames_given || o.play)) return bad("--bench-frames replaces --frames and cannot follow a played lesson");
  if (o.imgui_demo) o.overlay = true;
  // Headless runs end: after the script or the played lessons, or after the default
  // number of frames.
  if (o.headless && !o.frames_given && o.script.empty() && !o.play) o.frames = default_headless_frames;
  return o;
}

result<void> check_paths(const options& o) {
  // An explicit settings file must be a file (or not exist yet): a folder or a FIFO there
  // would silently keep nothing.
  std::error_code ec;
  if (!o.settings.empty() && std::filesystem::exists(o.settings, ec) && !std::filesystem::is_regular_file(o.settings, ec))
    return bad(fmt::format("--settings '{}' is {}, not a file", o.settings,
                           std::filesystem::is_directory(o.settings, ec) ? "a folder" : "not a regular file"));
  std::vector<std::pair<const char*, std::filesystem::path>> inputs;
  if (!o.script.empty()) inputs.emplace_back("--script", o.script);
  if (!o.settings.empty()) inputs.emplace_back("--settings", o.settings);
  else inputs.emplace_back("the settings file", default_settings_path());
  const std::pair<const char*, const std::string*> outputs[] = {
      {"--snapshot", &o.snapshot}, {"--screenshot", &o.screenshot}, {"--ui-map", &o.ui_map}};
  for (const auto& [flag, file] : outputs) {
    if (file->empty()) continue;
    for (const auto& [input, path] : inputs)
      if (same_file(*file, path))
        return bad(fmt::format("{} '{}' is the same file as {} '{}'; choose another output file", flag, *file, input,
                               path.string()));
  }
  for (size_t a = 0; a < std::size(outputs); ++a)
    for (size_t b = a + 1; b < std::size(outputs); ++b)
      if (!outputs[a].second->empty() && !outputs[b].second->empty() && same_file(*outputs[a].second, *outputs[b].second))
        return bad(fmt::format("{} and {} name the same file '{}'", outputs[a].first, outputs[b].first, *outputs[a].second));
  return {};
}

} // namespace xe::sandbox
