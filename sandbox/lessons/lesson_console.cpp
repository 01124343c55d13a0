#include "lessons/lesson_console.h"

#include <algorithm>
#include <mutex>
#include <set>

#include <spdlog/fmt/fmt.h>
#include <spdlog/sinks/base_sink.h>

#include "common/log.h"
#include "io/json_input.h"
#include "script/report.h"

namespace xe::sandbox::lesson_console {

using nlohmann::json;

struct log_capture::sink final : spdlog::sinks::base_sink<std::mutex> {
  std::vector<log_line> lines;
  std::vector<log_line> take() {
    std::lock_guard lock{mutex_};
    return std::exchange(lines, {});
  }

protected:
  void sink_it_(const spdlog::details::log_msg& msg) override {
    lines.push_back({msg.level, std::string{msg.payload.data(), msg.payload.size()}});
  }
  void flush_() override {}
};

log_capture::log_capture() : _sink{std::make_shared<sink>()} {
  log::add_sink(_sink);
  log::set_console_enabled(false);
}

log_capture::~log_capture() {
  log::set_console_enabled(true);
  log::remove_sink(_sink);
}

std::vector<log_line> log_capture::take() { return _sink->take(); }

namespace {

using report::fact_line;
using report::list_text;
using report::measured_line;
using report::value_text;

// A warning from the engine's log, the learner's turn.
std::string warning_line(const std::string& what) { return "   ! " + what + "\n"; }
std::string turn_line(const std::string& what) { return "   » " + what + "\n"; }

const json* at(const json& state, const std::string& pointer) { return find_at(state, json::json_pointer{pointer}); }

u64 count_at(const json& state, const std::string& pointer) {
  const json* v = at(state, pointer);
  return v && v->is_number_integer() && v->get<s64>() >= 0 ? v->get<u64>() : 0;
}

std::string frame_line(const json& state, language lang) {
  const u64 ended = count_at(state, "/frame/number");
  const u64 slot = count_at(state, "/frame/slot");
  const u64 next = count_at(state, "/frame/next_slot");
  if (ended == 0)
    return textf(lang, "frames: none ended yet | frees now wait in slot {0} | frame 0 records into slot {1}"_t, slot,
                 next);
  if (ended == 1)
    return textf(lang, "frames: frame 0 ended | frees now wait in slot {0} | frame 1 records into slot {1}"_t, slot,
                 next);
  return textf(lang, "frames: 0-{0} ended | frees now wait in slot {1} | frame {2} records into slot {3}"_t, ended - 1,
               slot, ended, next);
}

// The free stack as "[stale | free...]": entries below _size are stale or taken, the
// stack's top is the first entry after the bar.
std::string stack_text(const json& heap) {
  const json& stack = heap.at("free_stack");
  const u64 size = heap.at("size").get<u64>();
  const u64 shown = std::min<u64>(stack.size(), std::max<u64>(size + 8, 12));
  std::string out = "[";
  for (u64 i = 0; i < shown; ++i) {
    if (i == size)
      out += i ? " | " : "| ";
    else if (i)
      out += " ";
    out += value_text(stack[i]);
  }
  if (size >= shown) out += " |";
  if (shown < stack.size()) out += fmt::format(" ... {} more", stack.size() - shown);
  return out + "]";
}

std::string heap_line(const std::string& name, const json& heap, language lang) {
  const json& deferred = heap.at("deferred");
  std::string out = textf(lang, "heap {}: _size {} of {} | free stack {} | deferred slot 0 {} slot 1 {} slot 2 {}"_t,
                          name, heap.at("size").dump(), heap.at("capacity").dump(), stack_text(heap),
                          list_text(deferred[0]), list_text(deferred[1]), list_text(deferred[2]));
  if (heap.value("model", "engine") == "wiki") {
    out += text(lang, " | the wiki's code"_t);
    if (const u64 faults = heap.value("faults", u64{0}))
      out +=
          textf(lang, ", {} out-of-bounds access(es) stopped: {}"_t, faults, heap.value("last_fault", std::string{}));
  }
  return out;
}

std::string deferred_lines(const json& state, language lang) {
  std::string out;
  if (const json* heaps = at(state, "/heaps"))
    for (const auto& [name, heap] : heaps->items())
      for (u32 slot = 0; slot < 3; ++slot)
        if (!heap.at("deferred")[slot].empty())
          out +=
              fact_line(textf(lang, "heap {} slot {} waiting: {}"_t, name, slot, list_text(heap.at("deferred")[slot])));
  if (const json* releases = at(state, "/deferred_releases"))
    for (u32 slot = 0; slot < releases->size(); ++slot) {
      std::string names;
      for (const json& o : (*releases)[slot]) names += (names.empty() ? "" : ", ") + o.value("name", std::string{});
      if (!names.empty()) out += fact_line(textf(lang, "slot {} objects to release: {}"_t, slot, names));
    }
  if (out.empty()) out = fact_line(text(lang, "nothing waits in any deferred queue"_t));
  return out;
}

// What the lesson decides, then what depends on timing (a measured line).
std::string fence_lines(const json& state, language lang) {
  const json& f = state.at(json::json_pointer{"/fence"});
  std::string out =
      fact_line(textf(lang, "fence: CPU value {}, slots {}, frames in flight {}"_t, f.at("cpu_value").dump(),
                      list_text(f.at("slots")), f.at("frames_in_flight").dump()));
  out += measured_line(textf(
      lang,
      "measured: GPU completed {}, pending when begin_frame returned {} (at most {}), last wait {:.2f} ms, {:.2f} ms waited in all ({} blocked)"_t,
      f.at("gpu_completed").dump(), f.value("pending_at_begin", u64{0}), f.value("max_pending_at_begin", u64{0}),
      f.value("last_wait_ms", 0.0), f.value("wait_ms_total", 0.0), f.value("blocked_waits", u64{0})));
  return out;
}

std::string surface_lines(const json& state, language lang) {
  const json& s = state.at(json::json_pointer{"/surfaces"});
  const json& next = s.at("next_free");
  std::string out = fact_line(
      textf(lang, "surface free_list: {} live of {} slots used, storage for {}, moved {} time(s), next_free {}"_t,
            s.value("size", u64{0}), s.at("capacity").dump(), s.value("storage_capacity", u64{0}),
            s.value("relocations", u64{0}), next.is_null() ? "invalid_id" : next.dump()));
  std::string measured;  // where this process put the objects; which image the window system gave
  for (const json& slot : s.at("slots")) {
    if (!slot.at("live").get<bool>()) {
      const json& link = slot.at("next_free");
      out += fact_line(textf(lang, "slot {}: free, holds next free {}"_t, slot.at("slot").dump(),
                             link.is_null() ? "invalid_id" : link.dump()));
      continue;
    }
    const json& dsv = slot.at("dsv_index");
    out += fact_line(textf(lang, "slot {}: {} {}x{}, {} back buffers, RTVs {}, DSV {}"_t, slot.at("slot").dump(),
                           value_text(slot.at("kind")), slot.at("width").dump(), slot.at("height").dump(),
                           slot.at("back_buffers").dump(), list_text(slot.at("rtv_indices")),
                           dsv.is_null() ? "-" : dsv.dump()));
    if (const json& b = slot.value("buffer", json{}), &d = slot.value("depth", json{});
        b.is_object() && d.is_object()) {
      const json& v = slot.at("viewport");
      out += fact_line(textf(
          lang,
          "slot {} buffers: {}, SampleDesc {}/{}, {}, presented by {}; depth {} (view {}, {}, clear value {}); viewport depth {} to {}"_t,
          slot.at("slot").dump(), value_text(b.at("format")), b.at("samples").dump(), b.at("sample_quality").dump(),
          b.at("render_target").get<bool>() ? "ALLOW_RENDER_TARGET" : "no ALLOW_RENDER_TARGET",
          value_text(b.at("presentation")), value_text(d.at("format")), value_text(d.at("view_format")),
          value_text(d.at("state")), d.at("optimized_clear").dump(), v.at("min_depth").dump(),
          v.at("max_depth").dump()));
    }
    measured +=
        textf(lang, "{}slot {} object at {}, current back buffer {}"_t, measured.empty() ? "" : text(lang, "; "_t),
              slot.at("slot").dump(), slot.value("address", std::string{"?"}), slot.at("back_buffer_index").dump());
  }
  if (!measured.empty()) out += measured_line(text(lang, "measured: "_t) + measured);
  return out;
}

std::string resource_lines(const json& state, language lang) {
  std::string out;
  for (const json& r : state.at(json::json_pointer{"/resources"})) {
    out += fmt::format("   · {} ({} {}x{} {}, {})", value_text(r.at("name")), value_text(r.at("kind")),
                       r.at("width").dump(), r.at("height").dump(), value_text(r.at("format")),
                       value_text(r.value("state", json{"?"})));
    if (r.value("pending_release", false))
      out += textf(lang, ": waiting for release in slot {}"_t, r.value("release_slot", 0));
    out += "\n";
  }
  return out;
}

std::string adapter_line(const json& state, language lang) {
  const json& a = state.at(json::json_pointer{"/adapter"});
  std::string given, missing;
  for (const auto& [name, ok] : a.at("interfaces").items()) (ok.get<bool>() ? given : missing) += " " + name;
  return fact_line(textf(lang, "adapter {} ({}), feature level {}, shader model {}, software: {}"_t,
                         value_text(a.at("name")), value_text(a.at("runtime")), value_text(a.at("feature_level")),
                         value_text(a.at("shader_model")), a.at("software").dump())) +
         fact_line(textf(lang, "gives:{}"_t, given)) +
         fact_line(textf(lang, "lacks:{}"_t, missing.empty() ? " -" : missing));
}

std::string level_name(spdlog::level::level_enum level, language lang) {
  switch (level) {
    case spdlog::level::warn: return text(lang, "warning"_t);
    case spdlog::level::err:
    case spdlog::level::critical: return text(lang, "error"_t);
    default: return text(lang, "info"_t);
  }
}

std::string log_text(std::span<const log_line> log, const std::set<std::string>& expected, language lang) {
  std::string out;
  for (const log_line& line : log) {
    if (line.level < spdlog::level::warn) continue;
    const bool is_expected = std::any_of(expected.begin(), expected.end(), [&](const std::string& message) {
      return !message.empty() &&
             (line.text.find(message) != std::string::npos || message.find(line.text) != std::string::npos);
    });
    if (is_expected) continue;
    out += warning_line(textf(lang, "engine log ({}): {}"_t, level_name(line.level, lang), line.text));
  }
  return out;
}

}  // namespace

std::string references(const lesson_step& step, language lang) {
  std::string out;
  for (const wiki_ref& w : step.wiki) out += (out.empty() ? "" : " · ") + cite(w, lang);
  for (size_t i = 0; i < step.code.size(); ++i) {  // one file once, its symbols after it
    const code_ref& c = step.code[i];
    if (i == 0 || step.code[i - 1].file != c.file) out += fmt::format("{}{}", out.empty() ? "" : " · ", c.file);
    out += fmt::format(" `{}`", c.symbol);
  }
  return out;
}

std::string lesson_header(const lesson& l, language lang) {
  return fmt::format("== {} {}\n", l.number, l.title.in(lang));
}

std::string chosen_label(const prediction& p, const json& answer, language lang) {
  for (size_t i = 0; i < p.choices.size(); ++i)
    if (p.choices[i].value == answer)
      return fmt::format("({}) {}", static_cast<char>('a' + i),
                         p.choices[i].label ? p.choices[i].label->in(lang) : value_text(p.choices[i].value));
  return value_text(answer);
}

std::string step_intro(const lesson& l, const lesson_step& step, language lang) {
  std::string out = fmt::format("-- {}/{} {}\n", step.number, l.steps.size(), step.title.in(lang));
  if (step.exercise) out += turn_line(textf(lang, "Your turn: {}"_t, step.exercise->task.in(lang)));
  if (!step.predict) return out;
  out += fmt::format("   ? {}\n    ", step.predict->question.in(lang));
  for (size_t i = 0; i < step.predict->choices.size(); ++i) {
    const choice& c = step.predict->choices[i];
    out += fmt::format(" ({}) {}", static_cast<char>('a' + i), c.label ? c.label->in(lang) : value_text(c.value));
  }
  return out + "\n";
}

std::string focus_state(const lesson_step& step, const json& state, language lang) {
  std::string out = "   · " + frame_line(state, lang) + "\n";
  if (!step.focus) return out;
  const std::string& panel = step.focus->panel;
  if (panel == "Heaps") {
    if (const json* heap = at(state, "/heaps/" + step.focus->heap))
      out += "   · " + heap_line(step.focus->heap, *heap, lang) + "\n";
  } else if (panel == "Deferred") {
    out += deferred_lines(state, lang);
  } else if (panel == "Fences") {
    out += fence_lines(state, lang);
  } else if (panel == "Surfaces") {
    out += surface_lines(state, lang);
  } else if (panel == "Resources") {
    out += resource_lines(state, lang);
  } else if (panel == "Adapter") {
    out += adapter_line(state, lang);
  }
  return out;
}

std::string step_report(const lesson_step& step, const step_outcome& outcome, const json& state,
                        std::span<const log_line> log, language lang) {
  std::string out;
  if (step.predict && outcome.answer) {
    out += fmt::format("   = {}", chosen_label(*step.predict, *outcome.answer, lang));
    if (step.predict->from == prediction::source::fact)
      out += text(lang, "  (documented; the engine cannot show it)"_t);
    out += "\n";
  }
  if (step.exercise) {
    if (outcome.checked) {
      out += turn_line(text(lang, "solved by you with the Controls"_t));
    } else {
      std::string presses;
      for (const actions::step& a : step.exercise->solution)
        if (const std::string name = a.what->control_name(lang); !name.empty())
          presses += (presses.empty() ? "" : " · ") + name;
      out += turn_line(textf(lang, "shown with the Controls: {}"_t, presses));
    }
  }
  out += step.text.in(lang) + "\n";
  if (outcome.unchecked)
    out += std::string{"   ! "} +
           text(lang, "not checked: no validation layer watched this step, so its hazard checks prove nothing"_t) +
           "\n";
  if (const std::string refs = references(step, lang); !refs.empty()) out += "   → " + refs + "\n";
  std::set<std::string> expected;
  for (const actions::step& a : step.actions) {
    const std::string_view label = a.what->records_as();
    const json* c = label.empty() ? nullptr : at(state, "/checks/" + std::string{label});
    if (!c) continue;
    out += a.what->report(*c, lang);
    if (c->value("failed", false)) expected.insert(c->value("message", std::string{}));
  }
  out += focus_state(step, state, lang);
  out += log_text(log, expected, lang);
  return out;
}

std::string log_lines(std::span<const log_line> log, language lang) { return log_text(log, {}, lang); }

}  // namespace xe::sandbox::lesson_console
