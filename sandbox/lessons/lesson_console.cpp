#include "lessons/lesson_console.h"

#include <algorithm>
#include <mutex>
#include <set>

#include <spdlog/fmt/fmt.h>
#include <spdlog/sinks/base_sink.h>

#include "common/log.h"

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

const char* tr(language l, const char* zh, const char* en) { return l == language::zh ? zh : en; }
// The same, as a format string chosen at run time.
auto rt(language l, const char* zh, const char* en) { return fmt::runtime(tr(l, zh, en)); }

// A JSON value as a learner reads it: strings unquoted, arrays without brackets.
std::string value_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_null()) return "null";
  if (v.is_array()) {
    std::string out;
    for (const json& e : v) out += (out.empty() ? "" : ", ") + value_text(e);
    return out;
  }
  return v.dump();
}

std::string list_text(const json& v) {
  std::string out;
  if (v.is_array())
    for (const json& e : v) out += (out.empty() ? "" : " ") + value_text(e);
  return "[" + out + "]";
}

const json* at(const json& state, const std::string& pointer) {
  const json::json_pointer p{pointer};
  return state.contains(p) ? &state.at(p) : nullptr;
}

u64 count_at(const json& state, const std::string& pointer) {
  const json* v = at(state, pointer);
  return v && v->is_number_integer() && v->get<s64>() >= 0 ? v->get<u64>() : 0;
}

std::string frame_line(const json& state, language lang) {
  const u64 ended = count_at(state, "/frame/number");
  const u64 slot = count_at(state, "/frame/slot");
  const u64 next = count_at(state, "/frame/next_slot");
  if (ended == 0)
    return fmt::format(rt(lang, "帧：尚无帧结束｜现在释放的资源进入槽位 {0}｜第 0 帧将录制到槽位 {1}",
                          "frames: none ended yet | frees now wait in slot {0} | frame 0 records into slot {1}"),
                       slot, next);
  if (ended == 1)
    return fmt::format(rt(lang, "帧：第 0 帧已结束｜现在释放的资源进入槽位 {0}｜第 1 帧将录制到槽位 {1}",
                          "frames: frame 0 ended | frees now wait in slot {0} | frame 1 records into slot {1}"),
                       slot, next);
  return fmt::format(rt(lang, "帧：第 0–{0} 帧已结束｜现在释放的资源进入槽位 {1}｜第 {2} 帧将录制到槽位 {3}",
                        "frames: 0-{0} ended | frees now wait in slot {1} | frame {2} records into slot {3}"),
                     ended - 1, slot, ended, next);
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
  std::string out = fmt::format(rt(lang, "堆 {}：_size {} / {}｜空闲栈 {}｜延迟队列 槽位0 {} 槽位1 {} 槽位2 {}",
                                   "heap {}: _size {} of {} | free stack {} | deferred slot 0 {} slot 1 {} slot 2 {}"),
                                name, heap.at("size").dump(), heap.at("capacity").dump(), stack_text(heap),
                                list_text(deferred[0]), list_text(deferred[1]), list_text(deferred[2]));
  if (heap.value("model", "engine") == "wiki") {
    out += tr(lang, "｜Wiki 的代码", " | the wiki's code");
    if (const u64 faults = heap.value("faults", u64{0}))
      out += fmt::format(rt(lang, "，已拦下 {} 次越界：{}", ", {} out-of-bounds access(es) stopped: {}"), faults,
                         heap.value("last_fault", std::string{}));
  }
  return out;
}

std::string deferred_lines(const json& state, language lang) {
  std::string out;
  if (const json* heaps = at(state, "/heaps"))
    for (const auto& [name, heap] : heaps->items())
      for (u32 slot = 0; slot < 3; ++slot)
        if (!heap.at("deferred")[slot].empty())
          out += fmt::format(rt(lang, "   · 堆 {} 槽位 {} 等待：{}\n", "   · heap {} slot {} waiting: {}\n"), name,
                             slot, list_text(heap.at("deferred")[slot]));
  if (const json* releases = at(state, "/deferred_releases"))
    for (u32 slot = 0; slot < releases->size(); ++slot) {
      std::string names;
      for (const json& o : (*releases)[slot]) names += (names.empty() ? "" : ", ") + o.value("name", std::string{});
      if (!names.empty())
        out += fmt::format(rt(lang, "   · 槽位 {} 待释放对象：{}\n", "   · slot {} objects to release: {}\n"), slot,
                           names);
    }
  if (out.empty()) out = tr(lang, "   · 延迟队列全空\n", "   · nothing waits in any deferred queue\n");
  return out;
}

// What the lesson decides, then what depends on timing (a measured line).
std::string fence_lines(const json& state, language lang) {
  const json& f = state.at(json::json_pointer{"/fence"});
  std::string out = fmt::format(rt(lang, "   · 围栏：CPU 值 {}，各槽位 {}，在途帧上限 {}\n",
                                   "   · fence: CPU value {}, slots {}, frames in flight {}\n"),
                                f.at("cpu_value").dump(), list_text(f.at("slots")), f.at("frames_in_flight").dump());
  out += fmt::format(rt(lang,
                        "   ≈ 实测：GPU 已完成 {}，begin_frame 返回时未完成 {}（最多 {}），上次等待 {:.2f} ms，"
                        "累计等待 {:.2f} ms（阻塞 {} 次）\n",
                        "   ≈ measured: GPU completed {}, pending when begin_frame returned {} (at most {}), last wait "
                        "{:.2f} ms, {:.2f} ms waited in all ({} blocked)\n"),
                     f.at("gpu_completed").dump(), f.value("pending_at_begin", u64{0}),
                     f.value("max_pending_at_begin", u64{0}), f.value("last_wait_ms", 0.0),
                     f.value("wait_ms_total", 0.0), f.value("blocked_waits", u64{0}));
  return out;
}

std::string surface_lines(const json& state, language lang) {
  const json& s = state.at(json::json_pointer{"/surfaces"});
  const json& next = s.at("next_free");
  std::string out = fmt::format(
      rt(lang, "   · 表面 free_list：{} 个存活 / 用过 {} 个槽位，存储可容 {} 个，已整体搬移 {} 次，next_free {}\n",
         "   · surface free_list: {} live of {} slots used, storage for {}, moved {} time(s), next_free {}\n"),
      s.value("size", u64{0}), s.at("capacity").dump(), s.value("storage_capacity", u64{0}),
      s.value("relocations", u64{0}), next.is_null() ? "invalid_id" : next.dump());
  std::string measured;  // where this process put the objects; which image the window system gave
  for (const json& slot : s.at("slots")) {
    if (!slot.at("live").get<bool>()) {
      const json& link = slot.at("next_free");
      out += fmt::format(
          rt(lang, "   · 槽位 {}：空闲，存着下一个空闲槽位 {}\n", "   · slot {}: free, holds next free {}\n"),
          slot.at("slot").dump(), link.is_null() ? "invalid_id" : link.dump());
      continue;
    }
    const json& dsv = slot.at("dsv_index");
    out += fmt::format(rt(lang, "   · 槽位 {}：{} {}x{}，{} 个后台缓冲，RTV {}，DSV {}\n",
                          "   · slot {}: {} {}x{}, {} back buffers, RTVs {}, DSV {}\n"),
                       slot.at("slot").dump(), value_text(slot.at("kind")), slot.at("width").dump(),
                       slot.at("height").dump(), slot.at("back_buffers").dump(), list_text(slot.at("rtv_indices")),
                       dsv.is_null() ? "-" : dsv.dump());
    measured += fmt::format(
        rt(lang, "{}槽位 {} 的对象在 {}，当前后台缓冲 {}", "{}slot {} object at {}, current back buffer {}"),
        measured.empty() ? "" : tr(lang, "；", "; "), slot.at("slot").dump(), slot.value("address", std::string{"?"}),
        slot.at("back_buffer_index").dump());
  }
  if (!measured.empty()) out += tr(lang, "   ≈ 实测：", "   ≈ measured: ") + measured + "\n";
  return out;
}

std::string resource_lines(const json& state, language lang) {
  std::string out;
  for (const json& r : state.at(json::json_pointer{"/resources"})) {
    out += fmt::format("   · {} ({} {}x{} {}, {})", value_text(r.at("name")), value_text(r.at("kind")),
                       r.at("width").dump(), r.at("height").dump(), value_text(r.at("format")),
                       value_text(r.value("state", json{"?"})));
    if (r.value("pending_release", false))
      out +=
          fmt::format(rt(lang, "：在槽位 {} 等待释放", ": waiting for release in slot {}"), r.value("release_slot", 0));
    out += "\n";
  }
  return out;
}

std::string adapter_line(const json& state, language lang) {
  const json& a = state.at(json::json_pointer{"/adapter"});
  std::string given, missing;
  for (const auto& [name, ok] : a.at("interfaces").items()) (ok.get<bool>() ? given : missing) += " " + name;
  return fmt::format(
      rt(lang, "   · 适配器 {}（{}），功能级别 {}，着色器模型 {}，软件：{}\n   · 提供：{}\n   · 不提供：{}\n",
         "   · adapter {} ({}), feature level {}, shader model {}, software: {}\n   · gives:{}\n   · "
         "lacks:{}\n"),
      value_text(a.at("name")), value_text(a.at("runtime")), value_text(a.at("feature_level")),
      value_text(a.at("shader_model")), a.at("software").dump(), given, missing.empty() ? " -" : missing);
}

// Labels under which this step's actions record something in /checks.
std::vector<std::pair<std::string, const actions::step*>> check_labels(const lesson_step& step) {
  std::vector<std::pair<std::string, const actions::step*>> out;
  for (const actions::step& a : step.actions) {
    std::visit(
        [&](const auto& what) {
          using T = std::decay_t<decltype(what)>;
          if constexpr (requires { what.as; }) {
            if constexpr (!std::is_same_v<T, actions::allocate>)
              if (!what.as.empty()) out.emplace_back(what.as, &a);
          }
        },
        a.what);
  }
  return out;
}

std::string check_line(const std::string& label, const actions::step& action, const json& c, language lang) {
  if (std::holds_alternative<actions::expect_error>(action.what))
    return fmt::format(rt(lang, "   · {} 按预期被拒绝：{}\n", "   · {} refused, as expected: {}\n"),
                       value_text(c.at("action")), value_text(c.at("message")));
  if (std::holds_alternative<actions::attempt>(action.what)) {
    if (c.at("failed").get<bool>())
      return fmt::format(rt(lang, "   · {} 失败（此处允许）：{}\n", "   · {} failed (allowed here): {}\n"),
                         value_text(c.at("action")), value_text(c.at("message")));
    return fmt::format(rt(lang, "   · {} 成功\n", "   · {} succeeded\n"), value_text(c.at("action")));
  }
  if (std::holds_alternative<actions::check_view_format>(action.what))
    return fmt::format(
        rt(lang, "   · {} 资源 → {} 视图：{}，{}；规则：{}\n", "   · {} resource, {} view: {}, {}; rule: {}\n"),
        value_text(c.at("resource")), value_text(c.at("view")),
        c.at("allowed").get<bool>() ? tr(lang, "允许", "allowed") : tr(lang, "不允许", "not allowed"),
        c.at("created").get<bool>() ? tr(lang, "已在设备上创建", "created on the device")
                                    : tr(lang, "未创建", "not created"),
        value_text(c.at("rule")));
  if (std::holds_alternative<actions::race>(action.what)) {
    const bool sound = c.value("sound", false);
    return fmt::format(rt(lang,
                          "   · 两个线程，{} 堆：{} 个定时回合中有 {} 次 allocate() 落在渲染线程读写 _size 之间；"
                          "随后自由运行 {} 轮。检查结果：{}\n"
                          "   ≈ 实测：最终 _size {}，重复索引 {}，拦下的越界 {}，损坏合计 {}，用时 {:.1f} ms\n",
                          "   · two threads, {} heap: in {} timed rounds, {} allocate() call(s) landed between the "
                          "render thread's read and write of _size; then {} free-running rounds. The check: {}\n"
                          "   ≈ measured: final _size {}, duplicate indices {}, out-of-bounds stopped {}, damage {}, "
                          "{:.1f} ms\n"),
                       value_text(c.at("model")), c.at("rounds").dump(), c.at("landed_inside").dump(),
                       c.at("iterations").dump(), sound ? tr(lang, "完好", "sound") : tr(lang, "损坏", "damaged"),
                       c.at("final_size").dump(), c.at("duplicates").dump(), c.at("faults").dump(),
                       c.at("damage").dump(), c.value("ms", 0.0));
  }
  if (std::holds_alternative<actions::release_immediately>(action.what)) {
    std::string out;
    if (!c.value("capture_available", false))
      out = tr(lang, "   · 这个运行时不把消息交给引擎，无从捕获\n",
               "   · this runtime does not hand its messages to the engine: nothing could be captured\n");
    else if (!c.value("validation_layer", false))
      out = tr(lang, "   · 没有开启 Vulkan 验证层：没有任何东西检查，运行时一言不发\n",
               "   · the Vulkan validation layer is off: nothing checks, and the runtime says nothing\n");
    else
      out = fmt::format(rt(lang, "   · 开启了验证层；运行时报告了：{}\n",
                           "   · the validation layer is on; the runtime reported it: {}\n"),
                        c.value("reported", false) ? tr(lang, "是", "yes") : tr(lang, "否", "no"));
    out += fmt::format(
        rt(lang, "   ≈ 释放时：fence 已完成 {}，已发出 {}；等 GPU 越过拷贝用了 {:.2f} ms\n",
           "   ≈ at the release: fence completed {}, signalled {}; the GPU passed the copy after {:.2f} ms\n"),
        c.at("fence_completed").dump(), c.at("fence_signalled").dump(), c.value("marker_wait_ms", 0.0));
    for (const json& m : c.at("messages"))
      out += fmt::format(rt(lang, "   ≈ 捕获的消息：{}\n", "   ≈ captured: {}\n"), value_text(m));
    return out;
  }
  if (std::holds_alternative<actions::wrong_barrier>(action.what)) {
    std::string out =
        fmt::format(rt(lang, "   · 屏障写的是 {} → {}，引擎记录的状态是 {}\n",
                       "   · the barrier says {} -> {}; the engine tracked {}\n"),
                    value_text(c.at("claimed_before")), value_text(c.at("after")), value_text(c.at("tracked_before")));
    if (!c.value("capture_available", false))
      out += tr(lang, "   · 这个运行时不把消息交给引擎，无从捕获\n",
                "   · this runtime does not hand its messages to the engine: nothing could be captured\n");
    else if (!c.value("validation_layer", false))
      out += tr(lang, "   · 没有开启 Vulkan 验证层：没有任何东西检查，运行时一言不发\n",
                "   · the Vulkan validation layer is off: nothing checks, and the runtime says nothing\n");
    else
      out += fmt::format(rt(lang, "   · 开启了验证层；运行时报告了：{}\n",
                            "   · the validation layer is on; the runtime reported it: {}\n"),
                         c.value("reported", false) ? tr(lang, "是", "yes") : tr(lang, "否", "no"));
    for (const json& m : c.at("messages"))
      out += fmt::format(rt(lang, "   ≈ 捕获的消息：{}\n", "   ≈ captured: {}\n"), value_text(m));
    return out;
  }
  if (std::holds_alternative<actions::create_quad_root_signature>(action.what))
    return fmt::format(
        rt(lang,
           "   · {}：{} 个根参数，一个 {}，含 {} 个 {}（t{}），供 {} 着色器读取；{} 个静态采样器（s{}，{}，{}）；"
           "允许输入装配器：{}\n",
           "   · {}: {} root parameter(s), a {} of {} {} (t{}) for the {} shader; {} static sampler(s) "
           "(s{}, {}, {}); input assembler allowed: {}\n"),
        value_text(c.at("name")), c.at("parameters").dump(), value_text(c.at("parameter_type")),
        c.at("range_descriptors").dump(), value_text(c.at("range_type")), c.at("range_register").dump(),
        value_text(c.at("visibility")), c.at("static_samplers").dump(), c.at("sampler_register").dump(),
        value_text(c.at("sampler_filter")), value_text(c.at("sampler_address")),
        c.at("input_assembler").get<bool>() ? tr(lang, "是", "yes") : tr(lang, "否", "no"));
  if (std::holds_alternative<actions::measure_quad>(action.what)) {
    const std::string shows = c.value("shows", std::string{});
    std::string out;
    if (shows == "texture")
      out = fmt::format(rt(lang,
                           "   · 在这台设备上实测：引擎自己的 {0}x{1} 目标里，四边形显示了纹理：{3} 个像素中 {2} "
                           "个正是它采样的纹素\n",
                           "   · measured on this device: in the engine's own {}x{} target the quad shows the texture: "
                           "{} of its {} pixels are the texel they sample\n"),
                        c.at("width").dump(), c.at("height").dump(), c.at("texel_pixels").dump(),
                        c.at("quad_pixels").dump());
    else if (shows == "nothing")
      out = fmt::format(
          rt(lang,
             "   · 在这台设备上实测：四边形什么也没画出来，它的 {} 个像素全是清屏色；Windows 上的 D3D12 "
             "驱动在这里显示纹理\n",
             "   · measured on this device: the quad drew nothing, all {} of its pixels are the clear colour; "
             "a D3D12 driver on Windows shows the texture here\n"),
          c.at("quad_pixels").dump());
    else
      out = fmt::format(
          rt(lang,
             "   · 在这台设备上实测：四边形画出来了，但不是纹理：{1} 个像素中 {0} 个不是它们采样的纹素"
             "（第一个是 {2}），纹理没有到达像素着色器。Wine 8 的 vkd3d 1.6 在不支持 "
             "VK_EXT_descriptor_indexing 的 Vulkan 驱动上就是这样：它拒绝 SetGraphicsRootDescriptorTable，"
             "着色器读到的内容没有定义。Windows 上的 D3D12 驱动在这里显示纹理\n",
             "   · measured on this device: the quad was drawn, but not from the texture: {} of its {} pixels "
             "are not the texel they sample (the first is {}), so the texture never reached the pixel "
             "shader. Wine 8's vkd3d 1.6 does this on a Vulkan driver without VK_EXT_descriptor_indexing: "
             "it refuses SetGraphicsRootDescriptorTable, and what the shader reads is undefined. A D3D12 "
             "driver on Windows shows the texture here\n"),
          c.at("other_pixels").dump(), c.at("quad_pixels").dump(), list_text(c.at("first_other")));
    out += fmt::format(rt(lang, "   · 四边形周围的 {1} 个像素中有 {0} 个是清屏色\n",
                          "   · around the quad {} of {} pixels are the clear colour\n"),
                       c.at("outside_clear").dump(), c.at("outside_pixels").dump());
    return out;
  }
  if (std::holds_alternative<actions::create_surface>(action.what))
    return fmt::format(rt(lang, "   · 新表面进入槽位 {}\n", "   · the new surface took slot {}\n"),
                       c.at("slot").dump());
  if (std::holds_alternative<actions::resize>(action.what))
    return fmt::format(rt(lang, "   · RTV {} → {}，DSV {} → {}；新视图用了刚释放的索引：{}\n",
                          "   · RTVs {} -> {}, DSV {} -> {}; a new view took an index just freed: {}\n"),
                       list_text(c.at("old_rtvs")), list_text(c.at("new_rtvs")), value_text(c.at("old_dsv")),
                       value_text(c.at("new_dsv")),
                       c.at("reused_freed").get<bool>() ? tr(lang, "是", "yes") : tr(lang, "否", "no"));
  (void)label;
  return {};
}

std::string level_name(spdlog::level::level_enum level, language lang) {
  switch (level) {
    case spdlog::level::warn: return tr(lang, "警告", "warning");
    case spdlog::level::err:
    case spdlog::level::critical: return tr(lang, "错误", "error");
    default: return tr(lang, "信息", "info");
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
    out += fmt::format(rt(lang, "   ! 引擎日志（{}）：{}\n", "   ! engine log ({}): {}\n"),
                       level_name(line.level, lang), line.text);
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
  if (step.exercise)
    out += fmt::format(rt(lang, "   » 轮到你了：{}\n", "   » Your turn: {}\n"), step.exercise->task.in(lang));
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
      out += tr(lang, "（来自文档，引擎无法直接展示）", "  (documented; the engine cannot show it)");
    out += "\n";
  }
  if (step.exercise) {
    if (outcome.checked) {
      out += tr(lang, "   » 你用控制面板完成了\n", "   » solved by you with the Controls\n");
    } else {
      std::string presses;
      for (const actions::step& a : step.exercise->solution)
        if (const std::string name = control_name(a); !name.empty()) presses += (presses.empty() ? "" : " · ") + name;
      out +=
          fmt::format(rt(lang, "   » 演示（控制面板上的操作）：{}\n", "   » shown with the Controls: {}\n"), presses);
    }
  }
  out += step.text.in(lang) + "\n";
  if (const std::string refs = references(step, lang); !refs.empty()) out += "   → " + refs + "\n";
  std::set<std::string> expected;
  for (const auto& [label, action] : check_labels(step)) {
    const json* c = at(state, "/checks/" + label);
    if (!c) continue;
    out += check_line(label, *action, *c, lang);
    if (c->value("failed", false)) expected.insert(c->value("message", std::string{}));
  }
  out += focus_state(step, state, lang);
  out += log_text(log, expected, lang);
  return out;
}

std::string log_lines(std::span<const log_line> log, language lang) { return log_text(log, {}, lang); }

}  // namespace xe::sandbox::lesson_console
