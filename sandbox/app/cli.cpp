#include "app/cli.h"

#include "text/text.h"

#include <algorithm>
#include <charconv>
#include <functional>
#include <memory>
#include <set>
#include <sstream>

#include <CLI/CLI.hpp>
#include <spdlog/fmt/fmt.h>

#include "common/fault.h"
#include "io/files.h"
#include "io/json_input.h"
#include "lessons/settings.h"

namespace xe::sandbox {
namespace {

error bad(std::string message) { return make_error(errc::invalid_argument, std::move(message)); }

result<u32> parse_u32(const std::string& flag, const std::string& text, u32 min, u32 max) {
  u32 value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  const bool digits =
      !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
  if (ec == std::errc::result_out_of_range && digits)
    return bad(fmt::format("{} must be {}..{}, got {}", flag, min, max, text));
  if (text.empty() || ec != std::errc{} || ptr != end)
    return bad(fmt::format("{} expects a whole number, got '{}'", flag, text));
  if (value < min || value > max) return bad(fmt::format("{} must be {}..{}, got {}", flag, min, max, value));
  return value;
}

// A rejected value stops CLI11's parse at once, with our message (exit code 2).
[[noreturn]] void reject(const std::string& message) { throw CLI::ValidationError(message); }
template <typename T>
T checked(result<T> r) {
  if (!r) reject(r.error_value().reason);
  return std::move(*r);
}

// Help text laid out by CLI11, descriptions wrapped to the terminal's usual 100 columns.
class wrapping_formatter : public CLI::Formatter {
public:
  static constexpr size_t name_column = 28, width = 100;
  wrapping_formatter() { column_width(name_column); }
  std::string make_option_desc(const CLI::Option* opt) const override {
    std::string out, line;
    std::istringstream words{opt->get_description()};
    for (std::string word; words >> word;) {
      if (!line.empty() && line.size() + 1 + word.size() > width - name_column) {
        out += line + '\n';
        line.clear();
      }
      line += (line.empty() ? "" : " ") + word;
    }
    return out + line;
  }
};

constexpr const char* summary = "xengine-sandbox: a D3D12 engine core you can watch and step.";
constexpr const char* footer = R"(In a window: F1 hides the overlay; F11 or Alt+Enter toggles fullscreen; F12 captures
a frame in RenderDoc (with --renderdoc); in a lesson, Right/PageDown next, Left/PageUp back,
Home restart, R retry a failed step.

Each option may be given once. Outputs never replace a folder, device, FIFO or an input
of the run (docs/scripts.md, "Files").

exit codes: 0 ok, 1 runtime failure, 2 bad command line or unreadable input,
            3 script or lesson error (in a window: a step failed), 4 validation errors
            reported by the runtime, 5 the display went away, 6 played lessons held but
            some hazard checks ran with no validation layer (not checked), 130 stopped by Ctrl+C (SIGINT), 143 stopped by
            SIGTERM (no output files))";

// The command line, declared once: parse_cli runs it, usage() and options_markdown() print
// it (the README's option table is options_markdown(); the docs.generated test checks it).
// Every callback runs as its option is met (trigger_on_parse), so the first bad option on
// the line is the one reported, and `seen` catches an option given twice.
struct command_line {
  CLI::App app{summary, "xengine-sandbox"};
  options o;
  std::set<std::string> seen;

  void once(const std::string& name) {
    if (!seen.insert(name).second) reject(fmt::format("{} is given twice", name));
  }
  void flag(const std::string& names, const std::string& help, std::function<void()> set) {
    const std::string name = names.substr(names.rfind(',') + 1);
    app.add_flag_function(
           names,
           [this, name, set](std::int64_t) {
             once(name);
             set();
           },
           help)
        ->trigger_on_parse()
        ->disable_flag_override();
  }
  // value_text: the value's name in --help and the README (N, FILE, auto|software...).
  void value(const std::string& name, const std::string& value_text, const std::string& help,
             std::function<void(const std::string&)> set) {
    app.add_option(
           name,
           [this, name, set](const CLI::results_t& r) {
             once(name);
             set(r.at(0));
             return true;
           },
           help)
        ->option_text(value_text)
        ->trigger_on_parse();
  }
  void text(const std::string& name, const std::string& value_text, const std::string& help, std::string& field) {
    value(name, value_text, help, [name, &field](const std::string& v) {
      if (v.empty()) reject(fmt::format("{} needs a non-empty value", name));
      field = v;
    });
  }
  void number(const std::string& name, const std::string& help, u32 min, u32 max, u32& field,
              const std::string& value_text = "N") {
    value(name, value_text, help,
          [name, min, max, &field](const std::string& v) { field = checked(parse_u32(name, v, min, max)); });
  }

  command_line() {
    app.set_help_flag();  // ours below: parse_cli reports help instead of exiting
    app.allow_extras();   // unknown words are reported by parse_cli, in our words
    app.formatter(std::make_shared<wrapping_formatter>());
    app.footer(footer);
    flag("--headless", "render offscreen, no window (the default when there is no display)",
         [this] { o.headless = true; });
    value("--frames", "N",
          "run N frames, then exit (headless default: 120; in a window: until the last window closes; in a window, N "
          "passes of the loop: frames, or redraws while a lesson holds the engine)",
          [this](const std::string& v) {
            o.frames = checked(parse_u32("--frames", v, 1, 100'000'000));
            o.frames_given = true;
          });
    value("--size", "WxH", "surface size (default 1280x720; 1..16384 each)", [this](const std::string& v) {
      const auto x = v.find('x');
      if (x == std::string::npos) reject(fmt::format("--size expects WxH (e.g. 1280x720), got '{}'", v));
      o.width = checked(parse_u32("--size width", v.substr(0, x), 1, 16384));
      o.height = checked(parse_u32("--size height", v.substr(x + 1), 1, 16384));
    });
    number("--frames-in-flight", "how far the CPU may run ahead of the GPU, 1..3 (default 3)", 1, 3, o.frames_in_flight,
           "K");
    number("--windows", "open N windows, 1..8 (default 1); each is a surface in the free list", 1, max_windows,
           o.windows);
    value("--adapter", "auto|software", "the device's adapter; software: WARP on Windows, lavapipe on Linux",
          [this](const std::string& v) {
            if (v == "auto")
              o.adapter = gfx::adapter_preference::automatic;
            else if (v == "software")
              o.adapter = gfx::adapter_preference::software;
            else
              reject(fmt::format("--adapter must be auto or software, got '{}'", v));
          });
    flag("--triangle", "draw the first triangle on every surface", [this] { o.triangle = true; });
    number("--gpu-load",
           "N blended full-screen passes per frame (0..10000): real GPU work, so the CPU is seen running ahead and "
           "waiting on the fence",
           0, 10'000, o.gpu_load);
    text("--script", "FILE", "run a scenario script (docs/scripts.md), then exit when headless", o.script);
    text("--snapshot", "FILE", "write the frame state as JSON after the last frame (docs/snapshot.md)", o.snapshot);
    text("--screenshot", "FILE", "write surface 0's last presented image as PNG after the last frame", o.screenshot);
    flag("--renderdoc",
         "load RenderDoc's capture library before the device is created (RenderDoc installed: librenderdoc on "
         "Linux, renderdoc.dll on Windows), for the Capture control, F12 and --capture-frames",
         [this] { o.renderdoc = true; });
    number("--capture-frames",
           "after the run (frames, a script or played lessons), draw N more frames, each captured by RenderDoc into "
           "out/ (needs --renderdoc or a launch from RenderDoc), 1..100",
           1, 100, o.capture_frames);
    text("--trace", "FILE",
         "write the inspector's history (the last 600 frames) as a Perfetto / Chrome trace after the last frame "
         "(docs/trace.md); a headless run then records the history too",
         o.trace);
    app.add_option(
           "--diff",
           [this](const CLI::results_t& r) {
             once("--diff");
             o.diff = {r.at(0), r.at(1)};
             return true;
           },
           "print what changed between two snapshots, then exit")
        ->type_size(2)
        ->option_text("A.json B.json")
        ->trigger_on_parse();
    text("--lesson", "ID|all",
         "open a lesson (07 or 07-descriptor-heaps; 07b is chapter 7's second part); headless, or with all, play it to "
         "the end and exit 3 on the first failed expectation (docs/lesson-authoring.md)",
         o.lesson);
    text("--exercise", "ID",
         "build it yourself: copy an exercise's skeleton into your folder (first time), build your file, grade it in "
         "a process of its own, print what is wrong and exit 0 (passed) or 3 (not yet). ID: an exercise's name "
         "(07-free-stack), a prefix only it has, or a lesson's number for its first exercise (07); docs/exercises.md",
         o.exercise);
    text("--solution", "FILE",
         "with --exercise: grade this file instead of your copy (a .cpp is built; a .dll or .so built elsewhere is "
         "graded as it is)",
         o.solution);
    flag("--play", "play the lesson(s) to the end even in a window, printing each step, then exit",
         [this] { o.play = true; });
    value("--fault", "NAME",
          "test builds only: play the lesson(s) on an engine with this named fault, wrong on purpose (the fault "
          "matrix, docs/lesson-authoring.md)",
          [this](const std::string& v) {
            if (!fault::available())
              reject("--fault: this build has no engine faults (only Debug builds compile them: XE_ENGINE_FAULTS)");
            if (fault::from_name(v) == fault::id::none)
              reject(fmt::format("--fault: no engine fault '{}' (tools/fault_matrix.py --list names them)",
                                 brief_text(v, 60)));
            o.fault = v;
          });
    text("--check-report", "FILE",
         "with a played lesson: go on past a failed step and write every step's verdict to FILE as JSON (the fault "
         "matrix reads it)",
         o.check_report);
    std::string codes;  // the catalogue's languages (assets/text/), the default first
    for (language lang : languages()) codes += (codes.empty() ? "" : "|") + lang.code();
    value("--language", codes,
          fmt::format("lesson and inspector language (default: the last one chosen, else the system's when it is "
                      "one of these, else {})",
                      language{}.code()),
          [this, codes](const std::string& v) {
            if (!language::from_code(v)) reject(fmt::format("--language must be one of {}, got '{}'", codes, v));
            o.language = v;
          });
    text("--lessons", "DIR",
         "lesson files folder (default: lessons/ beside the program, else ../share/xengine-sandbox/lessons, else "
         "the source tree's for a program still in its build folder)",
         o.lessons_dir);
    text("--settings", "FILE",
         "where progress and language are kept (default: $XDG_CONFIG_HOME/xengine-sandbox/settings.json)", o.settings);
    flag("--no-overlay", "no inspector (F1 also hides it at run time)", [this] {
      o.overlay = false;
      o.overlay_given = true;
    });
    flag("--overlay", "the inspector in a headless run too (screenshots show it)", [this] {
      o.overlay = true;
      o.overlay_given = true;
    });
    flag("--imgui-demo", "show only Dear ImGui's demo window (to compare renderers)", [this] { o.imgui_demo = true; });
    flag("--hide-overlay", "start with the inspector hidden (F1 shows it; history still records)",
         [this] { o.overlay_hidden = true; });
    flag("--no-hint",
         "while the inspector is hidden, draw nothing, not even the \"F1 shows the inspector\" line: a benchmark of "
         "the hooks and history alone (docs/PERFORMANCE.md)",
         [this] { o.hint = false; });
    number(
        "--bench-frames",
        "run 60 warm-up frames, then N timed ones; print \"frames=N mean_ms=X p50_ms=Y p95_ms=Z\" (CPU wall time per "
        "frame), exit (docs/PERFORMANCE.md)",
        1, 1'000'000, o.bench_frames);
    flag("--bench-latency",
         "print, at exit, the time from each input to the present that shows its result, per kind (step, back, "
         "home, step_frame, resize, fullscreen; for those that replay on a fresh engine also step_live, back_live, "
         "home_live, until the replayed engine is shown: p50/p95/max ms), and in a window start_up, from the "
         "process's start to the first frame that answers input; tools/bench_latency.py drives a session of real X "
         "input, "
         "tools/peer-startup.sh times start-up beside Dear ImGui's own example (docs/PERFORMANCE.md)",
         [this] { o.bench_latency = true; });
    flag("--no-hooks", "no stats hooks (snapshots then have no events): a benchmark baseline",
         [this] { o.hooks = false; });
    text(
        "--ui-map", "FILE",
        "keep FILE holding the overlay's panel and button rectangles (for tests that drive the window with real input)",
        o.ui_map);
    text("--ui-tour", "DIR",
         "with --lesson ID|all in a window: step through the lesson(s) as a learner would (exercises play their "
         "solution) and write the UI map of each step, as shown once the panels settle, to DIR/LESSON/STEP.json "
         "(STEP: steps done, 0 before the first); then exit",
         o.ui_tour);
    flag("--version", "print the version, the inspector built in, and where lessons and the font are found",
         [this] { o.version = true; });
    flag("-h,--help", "show this text", [this] { o.help = true; });
  }
};

// The option CLI11 names in "NAME: ..." when the line ends before its value.
const CLI::Option* named_in(const CLI::App& app, const std::string& message) {
  const auto colon = message.find(':');
  return colon == std::string::npos ? nullptr : app.get_option_no_throw(message.substr(0, colon));
}

std::string markdown_cell(std::string text) {
  for (size_t at = 0; (at = text.find('|', at)) != std::string::npos; at += 2) text.replace(at, 1, "\\|");
  return text;
}

}  // namespace

std::string usage() {
  command_line cli;
  return cli.app.help();
}

std::string options_markdown() {
  command_line cli;
  std::string out = "| option | meaning |\n|---|---|\n";
  for (const CLI::Option* opt : cli.app.get_options()) {
    std::string name = opt->get_name(false, true);
    if (!opt->get_option_text().empty()) name += " " + opt->get_option_text();
    // docs/NAME.md in a description becomes a link.
    std::string meaning = opt->get_description();
    for (size_t at = 0; (at = meaning.find("docs/", at)) != std::string::npos;) {
      const size_t end = meaning.find(".md", at);
      if (end == std::string::npos) break;
      const std::string page = meaning.substr(at, end + 3 - at);
      const std::string link = fmt::format("[{}]({})", page, page);
      meaning.replace(at, page.size(), link);
      at += link.size();
    }
    out += fmt::format("| `{}` | {} |\n", markdown_cell(name), markdown_cell(meaning));
  }
  return out;
}

result<options> parse_cli(const std::vector<std::string>& args, bool has_display) {
  command_line cli;
  options& o = cli.o;
  try {
    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes the last argument first
    cli.app.parse(reversed);
  } catch (const CLI::ArgumentMismatch& e) {
    // Thrown when the line ends before an option's value(s), or for --flag=VALUE.
    if (const CLI::Option* opt = named_in(cli.app, e.what())) {
      const std::string name = opt->get_name();
      return bad(name == "--diff" ? "--diff needs two snapshot files" : fmt::format("{} needs a value", name));
    }
    for (const std::string& arg : args)
      if (const auto eq = arg.find('='); arg.rfind("--", 0) == 0 && eq != std::string::npos)
        if (const CLI::Option* flag = cli.app.get_option_no_throw(arg.substr(0, eq));
            flag && flag->get_expected_max() == 0)
          return bad(fmt::format("{} takes no value, got '{}'", arg.substr(0, eq), arg));
    return bad(e.what());
  } catch (const CLI::ParseError& e) {
    return bad(e.what());
  }
  if (const auto unknown = cli.app.remaining(); !unknown.empty())
    return bad(fmt::format("unknown option '{}' (see --help)", unknown.front()));
  const std::set<std::string>& seen = cli.seen;
  const auto both = [&](const char* a, const char* b) { return seen.count(a) && seen.count(b); };
  for (const auto& [a, b] : {std::pair{"--overlay", "--no-overlay"}, std::pair{"--imgui-demo", "--no-overlay"},
                             std::pair{"--hide-overlay", "--no-overlay"}, std::pair{"--play", "--bench-frames"}})
    if (both(a, b)) return bad(fmt::format("{} and {} contradict each other", a, b));
  if (!o.headless && !has_display) {
    o.headless = true;
    o.headless_forced = true;
  }
  if (!o.trace.empty() && !o.overlay) return bad("--trace needs the inspector's history: not with --no-overlay");
  if (o.headless && !o.overlay_given) {  // headless: only when asked
    // A trace needs the history, which the inspector records, hidden: it draws nothing.
    o.overlay = !o.trace.empty();
    if (o.overlay) {
      o.overlay_hidden = true;
      o.hint = false;
    }
  }
  if (!o.solution.empty() && o.exercise.empty()) return bad("--solution needs --exercise ID");
  if (!o.exercise.empty() && (!o.lesson.empty() || !o.script.empty() || o.bench_frames || !o.diff.empty()))
    return bad("--exercise runs alone: not with --lesson, --script, --bench-frames or --diff");
  if (o.play && o.lesson.empty()) return bad("--play needs --lesson ID|all");
  if (!o.ui_tour.empty()) {
    if (o.lesson.empty()) return bad("--ui-tour needs --lesson ID|all");
    if (o.headless) return bad("--ui-tour needs a window: it maps what the window shows (no --headless, a display)");
    if (o.play || !o.script.empty() || o.bench_frames || !o.overlay)
      return bad("--ui-tour runs alone: not with --play, --script, --bench-frames or --no-overlay");
  }
  if (!o.lesson.empty() && (o.headless || o.lesson == "all") && o.ui_tour.empty()) o.play = true;
  if (o.play && !o.script.empty()) return bad("--script and a played --lesson cannot run together");
  if (!o.play && !o.fault.empty())
    return bad("--fault needs a played lesson (--lesson ID|all with --headless or --play)");
  if (!o.play && !o.check_report.empty())
    return bad("--check-report needs a played lesson (--lesson ID|all with --headless or --play)");
  if (o.capture_frames && (o.bench_frames || !o.ui_tour.empty()))
    return bad("--capture-frames ends a run of frames, a script or played lessons: not --bench-frames or --ui-tour");
  if (o.bench_frames && (o.frames_given || o.play))
    return bad("--bench-frames replaces --frames and cannot follow a played lesson");
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
  if (!o.settings.empty() && std::filesystem::exists(o.settings, ec) &&
      !std::filesystem::is_regular_file(o.settings, ec))
    return bad(fmt::format("--settings '{}' is {}, not a file", o.settings,
                           std::filesystem::is_directory(o.settings, ec) ? "a folder" : "not a regular file"));
  std::vector<std::pair<const char*, std::filesystem::path>> inputs;
  if (!o.script.empty()) inputs.emplace_back("--script", o.script);
  if (!o.settings.empty())
    inputs.emplace_back("--settings", o.settings);
  else
    inputs.emplace_back("the settings file", default_settings_path());
  const std::pair<const char*, const std::string*> outputs[] = {{"--snapshot", &o.snapshot},
                                                                {"--screenshot", &o.screenshot},
                                                                {"--trace", &o.trace},
                                                                {"--ui-map", &o.ui_map},
                                                                {"--check-report", &o.check_report}};
  for (const auto& [flag, file] : outputs) {
    if (file->empty()) continue;
    for (const auto& [input, path] : inputs)
      if (same_file(*file, path))
        return bad(fmt::format("{} '{}' is the same file as {} '{}'; choose another output file", flag, *file, input,
                               path.string()));
  }
  for (size_t a = 0; a < std::size(outputs); ++a)
    for (size_t b = a + 1; b < std::size(outputs); ++b)
      if (!outputs[a].second->empty() && !outputs[b].second->empty() &&
          same_file(*outputs[a].second, *outputs[b].second))
        return bad(
            fmt::format("{} and {} name the same file '{}'", outputs[a].first, outputs[b].first, *outputs[a].second));
  return {};
}

}  // namespace xe::sandbox
