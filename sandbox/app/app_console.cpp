// The app's console front ends: lessons played to the end (headless or --play), what a
// step prints, the --bench-frames timing, the summary at exit.
#include "app/app.h"

#include <chrono>
#include <cstdio>

#include <spdlog/fmt/fmt.h>

#include "app/stop_signal.h"
#include "common/log.h"
#include "exercise/exercise.h"
#include "io/files.h"
#include "io/json_input.h"
#include "lessons/lesson_console.h"

namespace xe::sandbox {

// Lessons load before the engine starts, so a bad lesson file fails fast and clearly. The
// inspector always has the lesson panel; a lesson asked for on the command line must exist.
int app::load_lessons() {
  const bool asked = !_opts.lesson.empty();
  if (!asked && !(_opts.overlay && !_opts.imgui_demo)) return exit_ok;
  auto loaded = sandbox::load_lessons(find_lessons_folder(_opts.lessons_dir));
  if (!loaded) {
    if (!asked) {
      XE_LOG_WARN("no lesson panel: {}", loaded.error_value().reason);
      return exit_ok;
    }
    std::fprintf(stderr, "xengine-sandbox: %s\n", loaded.error_value().reason.c_str());
    return loaded.error_value().code == errc::io ? exit_usage : exit_script;
  }
  if (asked && _opts.lesson != "all" && !find_lesson(*loaded, _opts.lesson)) {
    std::string known;
    for (const lesson& l : *loaded) known += " " + l.id;
    std::fprintf(stderr, "xengine-sandbox: no lesson '%s' (one of: all%s)\n", _opts.lesson.c_str(), known.c_str());
    return exit_usage;
  }
  // Played lessons keep no progress unless a settings file is named.
  const std::filesystem::path settings = !_opts.settings.empty()                ? std::filesystem::path{_opts.settings}
                                         : _opts.play || !_opts.ui_tour.empty() ? ""
                                                                                : default_settings_path();
  for (const lesson& l : *loaded) protect_input(l.source);  // no step may write onto a lesson
  _lessons = std::make_unique<lesson_session>(*this, std::move(*loaded), settings, this);
  if (const std::string message = _lessons->take_settings_message(); !message.empty()) XE_LOG_WARN("{}", message);
  if (!_opts.language.empty()) _lessons->set_language(language::from_code(_opts.language).value_or(language{}));
  // Build it yourself, offered at a lesson's end in a window (not while an exercise runs).
  if (windowed() && !_opts.play && !_code) {
    if (auto cat = load_exercises(find_lessons_folder(_opts.lessons_dir)))
      for (const exercise_info& ex : cat->exercises) _own_turn[ex.lesson].push_back({ex.id, ex.titles});
    else
      XE_LOG_WARN("no Build it yourself: {}", cat.error_value().reason);
  }
  return exit_ok;
}

// The lessons --lesson names: one, or every one in chapter order.
std::vector<u32> app::lessons_asked() const {
  std::vector<u32> order;
  const std::vector<lesson>& all = _lessons->lessons();
  if (_opts.lesson != "all") return {*find_lesson(all, _opts.lesson)};
  for (u32 i = 0; i < all.size(); ++i) order.push_back(i);
  return order;
}

// --ui-tour: each step as a learner sees it, stepped as a learner steps (Show me at an
// exercise). After each step the panels are drawn until they settle (a new focus selects its
// tab, panels fit their new content a pass or two later) and that pass's UI map is kept.
int app::ui_tour() {
  const std::vector<lesson>& all = _lessons->lessons();
  for (u32 index : lessons_asked()) {
    const lesson& l = all[index];
    if (auto r = _lessons->open_index(index); !r) {
      std::fprintf(stderr, "xengine-sandbox: lesson '%s': %s\n", l.source.c_str(), r.error_value().reason.c_str());
      return exit_runtime;
    }
    const std::filesystem::path folder = std::filesystem::path{_opts.ui_tour} / l.id;
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec) {
      std::fprintf(stderr, "xengine-sandbox: --ui-tour: cannot make '%s': %s\n", folder.string().c_str(),
                   ec.message().c_str());
      return exit_runtime;
    }
    for (size_t done = 0;; ++done) {
      // The compact layout shows one tab at a time: each of them, as the learner clicks through.
      for (const char* view : {"", "tab-inspector", "tab-controls", "tab-lesson"}) {
        if (*view && !_overlay->select_view(view)) break;
        // The last view only brings the lesson tab back for the next step: no map of its own.
        const bool mapped = std::string_view{view} != "tab-lesson";
        const std::string name = *view ? fmt::format("{:02}-{}.json", done, view + 4) : fmt::format("{:02}.json", done);
        _overlay->write_ui_map_to(mapped ? (folder / name).string() : std::string{});
        if (auto r = settle_overlay(); !r) {
          std::fprintf(stderr, "xengine-sandbox: --ui-tour: %s\n", r.error_value().reason.c_str());
          return exit_runtime;
        }
        if (_quit || stop_requested()) return exit_ok;
      }
      if (const lesson_view view = _lessons->view(); view.failure) {
        std::fprintf(stderr, "xengine-sandbox: --ui-tour: %s\n", view.failure->reason.c_str());
        return exit_script;
      }
      if (done == l.steps.size()) break;
      // Next (Show me at an exercise), as the panel's button asks for it: applied between frames.
      _key_requests.push_back({lesson_command::next, index, _lessons->lang()});
    }
  }
  _overlay->write_ui_map_to(_opts.ui_map);
  return exit_ok;
}

// At least three passes, the last two with nothing moving; a second at most.
result<void> app::settle_overlay() {
  for (u32 pass = 0, still = 0; pass < 60 && (pass < 3 || still < 2) && !_quit && !stop_requested(); ++pass) {
    _redraw = true;
    XE_TRY(tick());
    still = _overlay->layout_moving() ? 0 : still + 1;
  }
  return {};
}

// Plays lessons to the end; each step prints as it runs (step_starting/step_finished,
// through lesson_console, as a windowed lesson prints). The first step whose expectation
// fails ends the run (exit 3).
int app::play_lessons() {
  const std::vector<lesson>& all = _lessons->lessons();
  const std::vector<u32> order = lessons_asked();
  const language lang = _lessons->lang();
  u32 steps = 0, failed = 0, unchecked = 0;
  std::optional<nlohmann::json> report;
  if (!_opts.check_report.empty()) {
    report = nlohmann::json{{"fault", _opts.fault.empty() ? "none" : _opts.fault}, {"steps", nlohmann::json::array()}};
    _lessons->set_keep_going(true);
  }
  for (u32 index : order) {
    const lesson& l = all[index];
    print_lesson_text(lesson_console::lesson_header(l, lang));
    // The engine restarts: its chatter stays off the lesson's console. Warnings from the
    // start (a missing layer, unsaved progress) belong to no step: they go to stderr.
    result<void> opened;
    std::vector<lesson_console::log_line> start_log;
    {
      lesson_console::log_capture log;
      opened = _lessons->open_index(index);
      start_log = log.take();
    }
    for (const auto& line : start_log)
      if (line.level >= spdlog::level::warn) std::fprintf(stderr, "xengine-sandbox: %s\n", line.text.c_str());
    if (!opened) {
      std::fprintf(stderr, "xengine-sandbox: lesson '%s': %s\n", l.source.c_str(), opened.error_value().reason.c_str());
      return exit_runtime;
    }
    for (size_t s = 0; s < l.steps.size(); ++s) {
      if (stop_requested()) return exit_ok;  // run() reports the signal
      auto outcome = _lessons->next();
      if (!outcome && stop_requested()) return exit_ok;  // a stop cuts a step short
      ++steps;
      if (outcome && outcome->unchecked) ++unchecked;
      if (report) {
        failed += outcome ? 0 : 1;
        if (auto r = report_step(*report, l, l.steps[s], outcome); !r) {
          std::fprintf(stderr, "xengine-sandbox: --check-report: %s\n", r.error_value().reason.c_str());
          return exit_runtime;
        }
      } else if (!outcome) {
        return exit_script;
      }
    }
  }
  // The summary in the lessons' language, as everything they printed before it.
  if (failed) {
    std::printf("%s\n", textf(lang, "{} lesson(s), {} step(s): {} failed (--check-report {})"_t, order.size(), steps,
                              failed, _opts.check_report)
                            .c_str());
    return exit_script;
  }
  if (unchecked) {
    std::printf(
        "%s\n",
        textf(
            lang,
            "{} lesson(s), {} step(s): every expectation held, but {} step(s) were not checked: no validation layer watched their hazards (exit {})"_t,
            order.size(), steps, unchecked, exit_unchecked)
            .c_str());
    return exit_unchecked;
  }
  std::printf("%s\n", textf(lang, "{} lesson(s), {} step(s): every expectation held"_t, order.size(), steps).c_str());
  return exit_ok;
}

// One line of the check report per step, the whole file rewritten atomically each time, so a
// run that dies part-way leaves every step it finished.
result<void> app::report_step(nlohmann::json& report, const lesson& l, const lesson_step& step,
                              const result<step_outcome>& outcome) {
  nlohmann::json line = {{"lesson", l.id},
                         {"step", step.number},
                         {"checked", !step.expect.empty()},
                         {"catches", step.catches},
                         {"held", outcome.has_value()}};
  if (!outcome) line["reason"] = printable_text(outcome.error_value().reason);
  report["steps"].push_back(std::move(line));
  return write_file_atomic(_opts.check_report, report.dump(1) + "\n");
}

void app::print_lesson_text(const std::string& text) {
  std::fputs(text.c_str(), stdout);
  std::fflush(stdout);
}

// The engine's log is held from a step's start to its end and printed in its report.
void app::step_starting(const lesson& l, const lesson_step& step) {
  print_lesson_text(lesson_console::step_intro(l, step, _lessons->lang()));
  _step_log.emplace();
}

void app::step_finished(const lesson&, const lesson_step& step, const result<step_outcome>& outcome) {
  const std::vector<lesson_console::log_line> log =
      _step_log ? _step_log->take() : std::vector<lesson_console::log_line>{};
  _step_log.reset();
  const language lang = _lessons->lang();
  if (!outcome && stop_requested()) return;  // cut short by the stop, which run() reports
  if (!outcome) {
    _lesson_failed = true;
    print_lesson_text(lesson_console::log_lines(log, lang));
    std::fprintf(stderr, "xengine-sandbox: %s\n", outcome.error_value().reason.c_str());
    return;
  }
  print_lesson_text(lesson_console::step_report(step, *outcome, _runner.evaluation_document(), log, lang));
  _overlay->note_lesson_step(textf(lang, "lesson step {}"_t, step.number));
}

// --bench-frames: 60 warm-up frames (pipelines, caches, the window system settle), then N
// timed ones; one line with the mean and percentiles of the whole frame's CPU wall time.
int app::bench_frames() {
  constexpr u32 warm_up = 60;
  std::vector<f64> ms;
  ms.reserve(_opts.bench_frames);
  for (u32 i = 0; i < warm_up + _opts.bench_frames; ++i) {
    const auto start = std::chrono::steady_clock::now();
    if (auto r = tick(); !r) {
      std::fprintf(stderr, "xengine-sandbox: frame %u failed: %s\n", i, r.error_value().reason.c_str());
      return exit_runtime;
    }
    if (_quit || stop_requested()) {
      std::fprintf(stderr, "xengine-sandbox: the window closed after %u of %u benchmark frames\n", i,
                   warm_up + _opts.bench_frames);
      return exit_runtime;
    }
    const std::chrono::duration<f64, std::milli> elapsed = std::chrono::steady_clock::now() - start;
    if (i >= warm_up) ms.push_back(elapsed.count());
  }
  f64 total = 0;
  for (f64 m : ms) total += m;
  std::sort(ms.begin(), ms.end());
  std::printf("frames=%zu mean_ms=%.3f p50_ms=%.3f p95_ms=%.3f\n", ms.size(), total / ms.size(), percentile(ms, 0.5),
              percentile(ms, 0.95));
  return exit_ok;
}

void app::print_summary() const {
  const gfx::adapter_info& a = gfx::get_adapter_info();
  const gfx::frame_stats f = gfx::get_frame_stats();
  std::string out =
      fmt::format("xengine-sandbox: {} frames on {} via {} (feature level {}, shader model {})\n", _frames_run, a.name,
                  a.runtime, gfx::feature_level_name(a.feature_level), gfx::shader_model_name(a.shader_model));
  out += fmt::format("  fence: cpu {} gpu {} slots [{}, {}, {}], frames in flight {}, mean wait {:.3f} ms\n",
                     f.cpu_fence_value, f.gpu_completed, f.slot_fence_values[0], f.slot_fence_values[1],
                     f.slot_fence_values[2], f.frames_in_flight, _frames_run ? _wait_ms_total / _frames_run : 0.0);
  const gfx::fence_wait_stats w = gfx::get_fence_wait_stats();
  out += fmt::format("  fence waits: {} blocked, longest {:.1f} ms, {} over 100 ms, {} re-signals\n", w.waits,
                     w.longest_ms, w.over_100ms, w.resignals);
  out += "  heaps:";
  for (u32 i = 0; i < gfx::get_heap_count(); ++i) {
    const gfx::heap_info h = gfx::get_heap_info(i);
    out += fmt::format(" {} {}/{}{}", h.name, h.size, h.capacity, h.shader_visible ? " (shader-visible)" : "");
  }
  out += "\n";
  const gfx::surfaces_info s = gfx::calculate_surfaces_info();
  for (const gfx::surface_info& slot : s.slots)
    if (slot.live)
      out += fmt::format("  surface {}: {} {}x{}{}, {} back buffers\n", slot.slot, slot.kind, slot.width, slot.height,
                         slot.fullscreen ? " fullscreen" : "", slot.back_buffers);
  out +=
      fmt::format("  frame time: mean {:.3f} ms (CPU wall time)\n", _frames_run ? _frame_ms_total / _frames_run : 0.0);
  if (!_opts.snapshot.empty()) out += fmt::format("  snapshot: {}\n", _opts.snapshot);
  if (!_opts.screenshot.empty()) out += fmt::format("  screenshot: {}\n", _opts.screenshot);
  if (_opts.bench_latency) out += _latency.report();
  std::fputs(out.c_str(), stdout);
}

}  // namespace xe::sandbox
