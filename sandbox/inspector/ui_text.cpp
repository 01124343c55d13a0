#include "inspector/ui_text.h"

#include <cstring>

namespace xe::sandbox::ui {
namespace {

struct entry {
  const char* en;
  const char* zh;
};

// Terms the lessons use keep their English form (fence, slot, heap names, D3D12 calls).
constexpr entry catalogue[] = {
    {"Inspector", "检查器"},
    {"Controls", "控制"},
    {"Heaps", "描述符堆"},
    {"Deferred", "延迟队列"},
    {"Fences", "围栏"},
    {"Surfaces", "表面"},
    {"Resources", "资源"},
    {"Log", "日志"},
    {"Adapter", "适配器"},
    {"Diff", "对比"},
    {"Reset layout", "重置布局"},
    {"Frame loop", "帧循环"},
    {"Pause frame loop", "暂停帧循环"},
    {"Step one frame", "单步一帧"},
    {"frames in flight", "在途帧数"},
    {"GPU load", "GPU 负载"},
    {"triangle", "三角形"},
    {"Learner heap", "练习用的堆"},
    {"Allocate", "分配"},
    {"Free last", "释放最后一个"},
    {"Windows", "窗口"},
    {"Open window", "打开窗口"},
    {"Close last", "关闭最后一个"},
    {"minimise", "最小化"},
    {"fullscreen", "全屏"},
    {"Export", "导出"},
    {"Export snapshot", "导出快照"},
    {"Screenshot", "截图"},
    {"Load and compare", "载入与对比"},
    {"Load snapshot", "载入快照"},
    {"Diff against", "与之对比"},
    {"Back to live", "回到实时"},
    {"Pause view", "暂停视图"},
    {"F1 shows the inspector", "按 F1 显示检查器"},
    {"held by the lesson: only its steps move it", "课程控制着引擎：只有它的步骤会推进"},
    {"Keys: F1 hides/shows the overlay, F11 or Alt+Enter fullscreen; lesson: \u2192/PgDn next, "
     "\u2190/PgUp back, Home restart, R retry",
     "按键：F1 隐藏/显示界面，F11 或 Alt+Enter 全屏；课程：\u2192/PgDn 下一步，\u2190/PgUp 上一步，Home 重新开始，R "
     "重试"},
};

language g_language{language::en};

}  // namespace

void set_ui_language(language lang) { g_language = lang; }

language ui_language() { return g_language; }

const char* ui_text(const char* english) {
  if (g_language == language::en) return english;
  for (const entry& e : catalogue)
    if (std::strcmp(e.en, english) == 0) return e.zh;
  return english;
}

std::string ui_label(const char* english) { return std::string{ui_text(english)} + "###" + english; }

std::string ui_text_zh_glyphs() {
  std::string all;
  for (const entry& e : catalogue) all += e.zh;
  return all;
}

}  // namespace xe::sandbox::ui
