#include "lessons/lesson_explain.h"

#include <vector>

#include <spdlog/fmt/fmt.h>

namespace xe::sandbox {
namespace {

std::vector<std::string> split_pointer(std::string_view pointer) {
  std::vector<std::string> tokens;
  size_t at = 0;
  while (at < pointer.size() && pointer[at] == '/') {
    const size_t end = pointer.find('/', at + 1);
    std::string token{pointer.substr(at + 1, end == std::string_view::npos ? std::string_view::npos : end - at - 1)};
    for (size_t i = 0; (i = token.find('~', i)) != std::string::npos; ++i)  // RFC 6901 escapes
      token.replace(i, 2, token.compare(i, 2, "~1") == 0 ? "/" : "~");
    tokens.push_back(std::move(token));
    if (end == std::string_view::npos) break;
    at = end;
  }
  return tokens;
}

struct words {
  const char* zh;
  const char* en;
};

// Names of the fields a step most often checks; anything else is shown as it is spelt.
const words* field_words(std::string_view field) {
  static const std::pair<std::string_view, words> table[] = {
      {"size", {"_size", "_size"}},
      {"capacity", {"容量", "capacity"}},
      {"free_stack", {"_free_handles 数组", "_free_handles array"}},
      {"type", {"类型", "type"}},
      {"shader_visible", {"是否着色器可见", "shader visibility"}},
      {"width", {"宽度", "width"}},
      {"height", {"高度", "height"}},
      {"rtv_indices", {"RTV 索引", "RTV indices"}},
      {"dsv_index", {"DSV 索引", "DSV index"}},
      {"back_buffer_index", {"当前后台缓冲索引", "current back-buffer index"}},
      {"back_buffers", {"后台缓冲数量", "back-buffer count"}},
      {"live", {"是否在用", "liveness"}},
      {"fullscreen", {"全屏状态", "fullscreen state"}},
      {"generation", {"代数", "generation"}},
      {"next_free", {"空闲链的下一个", "next free link"}},
  };
  for (const auto& [name, w] : table)
    if (name == field) return &w;
  return nullptr;
}

std::string field(std::string_view name, language l) {
  const words* w = field_words(name);
  return w ? (l == language::zh ? w->zh : w->en) : std::string{name};
}

// " (entry i)" for a trailing array index.
std::string entry(const std::vector<std::string>& t, size_t at, language l) {
  if (t.size() <= at) return {};
  return l == language::zh ? fmt::format("（第 {} 项）", t[at]) : fmt::format(" (entry {})", t[at]);
}

}  // namespace

std::string describe_path(std::string_view pointer, language l) {
  const std::vector<std::string> t = split_pointer(pointer);
  const bool zh = l == language::zh;
  const auto is = [&](size_t i, std::string_view s) { return t.size() > i && t[i] == s; };
  if (is(0, "frame") && t.size() == 2) {
    if (t[1] == "number") return zh ? "帧号（已结束的帧数）" : "the frame number (frames ended so far)";
    if (t[1] == "slot") return zh ? "当前帧槽位" : "the current frame slot";
    if (t[1] == "next_slot") return zh ? "下一帧的槽位" : "the slot of the next frame";
  }
  if (is(0, "fence") && t.size() >= 2) {
    if (t[1] == "cpu_value") return zh ? "CPU 最后发出的围栏值" : "the fence value the CPU last signalled";
    if (t[1] == "gpu_completed") return zh ? "GPU 已完成的围栏值" : "the fence value the GPU has completed";
    if (t[1] == "frames_in_flight") return zh ? "同时在途的帧数上限" : "the frames-in-flight limit";
    if (t[1] == "max_pending_at_begin")
      return zh ? "begin_frame 返回时尚未完成的帧数（最大值）"
                : "the most frames still running when begin_frame returned";
    if (t[1] == "blocked_waits") return zh ? "begin_frame 阻塞等待的次数" : "how often begin_frame blocked";
    if (t[1] == "wait_ms_total") return zh ? "begin_frame 累计等待的时间" : "the time begin_frame waited in all";
    if (t[1] == "slots")
      return t.size() > 2 ? (zh ? fmt::format("槽位 {} 等待的围栏值", t[2])
                                : fmt::format("the fence value slot {} waits for", t[2]))
                          : (zh ? "各槽位等待的围栏值" : "the fence values the slots wait for");
  }
  if (is(0, "heaps") && t.size() >= 3) {
    const std::string& heap = t[1];
    if (t[2] == "deferred" && t.size() >= 4)
      return (zh ? fmt::format("{} 堆槽位 {} 的延迟释放队列", heap, t[3])
                 : fmt::format("heap {}'s deferred queue for slot {}", heap, t[3])) +
             entry(t, 4, l);
    return (zh ? fmt::format("{} 堆的{}", heap, field(t[2], l)) : fmt::format("heap {}'s {}", heap, field(t[2], l))) +
           entry(t, 3, l);
  }
  if (is(0, "surfaces") && is(1, "slots") && t.size() >= 4)
    return (zh ? fmt::format("表面槽位 {} 的{}", t[2], field(t[3], l))
               : fmt::format("surface slot {}'s {}", t[2], field(t[3], l))) +
           entry(t, 4, l);
  if (is(0, "deferred_releases") && t.size() >= 2)
    return zh ? fmt::format("槽位 {} 中等待释放的 COM 对象", t[1])
              : fmt::format("the COM objects waiting in slot {}", t[1]);
  if (is(0, "resources") && t.size() == 1) return zh ? "资源列表" : "the resource list";
  if (is(0, "objects") && t.size() == 1) return zh ? "D3D12 对象列表" : "the list of D3D12 objects";
  if (is(0, "labels") && t.size() >= 2)
    return (zh ? fmt::format("标签 {} 记下的索引", t[1]) : fmt::format("the indices labelled {}", t[1])) +
           entry(t, 2, l);
  if (is(0, "checks") && t.size() >= 2)
    return zh ? fmt::format("检查 {} 的结果", t[1]) : fmt::format("the result of check {}", t[1]);
  return std::string{pointer};
}

std::string explain_failure(const step_failure& f, language l) {
  const bool zh = l == language::zh;
  if (!f.expectation)
    return zh ? "这一步的一个操作失败了（原因见下方原文）。"
              : "One of this step's actions failed (the message is below).";
  const actions::expect& e = *f.expectation;
  const std::string what = describe_path(e.path, l);
  if (!f.actual) return zh ? fmt::format("{}不存在。", what) : fmt::format("{} does not exist.", what);
  std::string actual = f.actual->dump();
  if (actual.size() > 120) actual = actual.substr(0, 120) + "...";
  if (e.contains)
    return zh ? fmt::format("{}应当包含 {}，但没有。它现在是 {}。", what, e.value.dump(), actual)
              : fmt::format("{} should contain {}, but it does not: it is {}.", what, e.value.dump(), actual);
  const auto bounds = [&] {
    if (e.at_least && e.at_most)
      return zh ? fmt::format("在 {} 到 {} 之间", *e.at_least, *e.at_most)
                : fmt::format("between {} and {}", *e.at_least, *e.at_most);
    if (e.at_least) return zh ? fmt::format("至少 {}", *e.at_least) : fmt::format("at least {}", *e.at_least);
    return zh ? fmt::format("至多 {}", e.at_most.value_or(0)) : fmt::format("at most {}", e.at_most.value_or(0));
  };
  using compare = actions::expect::compare;
  if (e.against == compare::changed)
    return e.value.get<bool>()
               ? (zh ? fmt::format("{}在这一步里应当改变，但仍是 {}。", what, actual)
                     : fmt::format("{} should have changed in this step, but it is still {}.", what, actual))
               : (zh ? fmt::format("{}在这一步里不应改变，现在却是 {}。", what, actual)
                     : fmt::format("{} should not have changed in this step, but it is now {}.", what, actual));
  if (e.against == compare::changed_by) {
    const std::string by = e.value.is_number() ? e.value.dump() : bounds();
    return zh ? fmt::format("{}在这一步里应当变化 {}，现在是 {}。", what, by, actual)
              : fmt::format("{} should have changed by {} in this step; it is now {}.", what, by, actual);
  }
  if (e.at_least || e.at_most)
    return zh ? fmt::format("{}应当{}，实际是 {}。", what, bounds(), actual)
              : fmt::format("{} should be {}, but it is {}.", what, bounds(), actual);
  return zh ? fmt::format("{}应当是 {}，实际是 {}。", what, e.value.dump(), actual)
            : fmt::format("{} should be {}, but it is {}.", what, e.value.dump(), actual);
}

}  // namespace xe::sandbox
