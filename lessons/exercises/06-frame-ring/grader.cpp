// Grades 06-frame-ring against a model GPU: signals queue up in order and complete when the
// sequence lets the GPU run (or when the CPU waits for them). Checked: a slot is handed back
// only once the GPU finished its last frame, without waiting for more than that; each frame
// signals one value above every earlier one; flush signals one more and leaves nothing running.
#include <deque>
#include <string>
#include <vector>

#include "06-frame-ring/frame_ring.h"
#include "exercise/grader.h"
#include "exercise/grader_support.h"

namespace xe::grade {
namespace {

enum kind : u8 { create, frame, gpu_runs, flush };
const xe_frame_ring_api* api{};

// The GPU and its fence, as the learner's calls see them.
struct model_gpu {
  u64 completed{0};
  u64 last_signalled{0};
  std::deque<u64> pending;          // signalled, not reached yet, in order
  std::vector<u64> waits, signals;  // during the current call
  std::string problem;              // a wait that would never end

  void run(u32 steps) {
    for (; steps > 0 && !pending.empty(); --steps) {
      completed = pending.front();
      pending.pop_front();
    }
  }
};

u64 completed_value(void* self) { return static_cast<model_gpu*>(self)->completed; }
void wait_for(void* self, u64 value) {
  auto& g = *static_cast<model_gpu*>(self);
  g.waits.push_back(value);
  if (value <= g.completed) return;
  bool reachable = false;
  for (const u64 v : g.pending) reachable = reachable || v >= value;
  if (!reachable) {
    if (g.problem.empty())
      g.problem = "wait_for(" + std::to_string(value) + ") waits for a value nothing will set: " +
                  (g.pending.empty() ? "no signal is pending"
                                     : "the last value signalled is " + std::to_string(g.last_signalled)) +
                  ", so the CPU would wait forever.";
    return;
  }
  while (g.completed < value) g.run(1);  // the CPU sleeps while the GPU gets there
}
void signal(void* self, u64 value) {
  auto& g = *static_cast<model_gpu*>(self);
  g.signals.push_back(value);
  g.pending.push_back(value);
  g.last_signalled = std::max(g.last_signalled, value);
}

struct model {
  model_gpu gpu;
  xe_fence fence{&gpu, completed_value, wait_for, signal};
  u32 frame{0};        // the frame about to begin
  u64 fence_value{0};  // the learner's last signal
  u64 slot_values[frame_buffer_count]{};
  u32 slot_frames[frame_buffer_count]{invalid_index, invalid_index, invalid_index};
};

std::string list(const std::vector<u64>& values) {
  std::string out;
  for (const u64 v : values) out += (out.empty() ? "" : ", ") + std::to_string(v);
  return out;
}

std::optional<failure> call_frame(run_context& ctx, void* self, model& m, u32 i) {
  const u32 slot = m.frame % frame_buffer_count;
  const u64 needed = m.slot_values[slot];
  m.gpu.waits.clear();
  m.gpu.signals.clear();
  ctx.record(i, "frame " + std::to_string(m.frame) + ": begin_frame()");
  const u32 got = api->begin_frame(self, &m.fence);
  ctx.result(index_text(got) + (m.gpu.waits.empty() ? "" : ", waited for " + list(m.gpu.waits)));
  if (auto e = threw(ctx, api->error(), "begin_frame()")) return e;
  if (!m.gpu.problem.empty()) return ctx.fail("deadlock", "begin_frame() called " + m.gpu.problem);
  const std::string previous =
      m.slot_frames[slot] == invalid_index ? std::string{} : "frame " + std::to_string(m.slot_frames[slot]);
  for (const u64 w : m.gpu.waits)
    if (w > needed)
      return ctx.fail("waited_too_long",
                      "begin_frame() for frame " + std::to_string(m.frame) + " waited for fence value " +
                          std::to_string(w) + ", but slot " + std::to_string(slot) + " needed only " +
                          std::to_string(needed) +
                          (previous.empty() ? " (it was never used)" : " (" + previous + "'s)") +
                          ": the CPU waits for the GPU to finish newer frames too and never runs ahead; the frames in "
                          "flight the slots are for are lost (wiki 6.3).");
  if (!m.gpu.signals.empty())
    return ctx.fail("signal_in_begin", "begin_frame() signalled " + list(m.gpu.signals) +
                                           ": a frame signals once, in end_frame(), after its work is submitted.");
  if (got != slot)
    return ctx.fail("slot", "begin_frame() returned slot " + index_text(got) + " for frame " + std::to_string(m.frame) +
                                ", but frame N is recorded in slot N % " + std::to_string(frame_buffer_count) + " = " +
                                std::to_string(slot) + " (wiki 6.3).");
  if (m.gpu.completed < needed)
    return ctx.fail("not_waited", "begin_frame() returned slot " + std::to_string(slot) + " for frame " +
                                      std::to_string(m.frame) + ", but the GPU has not finished " + previous +
                                      " (its fence value " + std::to_string(needed) + "; the GPU has reached " +
                                      std::to_string(m.gpu.completed) + "): the CPU would reset slot " +
                                      std::to_string(slot) + "'s command allocator while the GPU still executes it.");

  m.gpu.waits.clear();
  ctx.record(i, "frame " + std::to_string(m.frame) + ": end_frame()");
  api->end_frame(self, &m.fence);
  ctx.result(m.gpu.signals.empty() ? "signalled nothing" : "signalled " + list(m.gpu.signals));
  if (auto e = threw(ctx, api->error(), "end_frame()")) return e;
  if (!m.gpu.waits.empty())
    return ctx.fail("wait_in_end", "end_frame() waited for " + list(m.gpu.waits) +
                                       ": the CPU waits only when a slot comes round again, in begin_frame().");
  if (m.gpu.signals.size() != 1)
    return ctx.fail("signal_count", "end_frame() " +
                                        (m.gpu.signals.empty() ? std::string{"signalled nothing"}
                                                               : "signalled " + list(m.gpu.signals)) +
                                        ": each frame signals exactly one new value, which its slot keeps so that "
                                        "begin_frame() knows when the GPU is done with it (wiki 6.4).");
  const u64 value = m.gpu.signals[0];
  if (value <= m.fence_value || value == 0)
    return ctx.fail(
        "signal_value",
        "end_frame() signalled " + std::to_string(value) + ", but " +
            (value == 0 ? std::string{"a fence starts at 0, so 0 counts as reached before the GPU runs anything"}
                        : "the value before was " + std::to_string(m.fence_value) +
                              ": a value not above the last one counts as reached at once") +
            ". Each frame signals ++_fence_value (wiki 6.4).");
  m.fence_value = value;
  m.slot_values[slot] = value;
  m.slot_frames[slot] = m.frame;
  ++m.frame;
  return std::nullopt;
}

std::optional<failure> call_flush(run_context& ctx, void* self, model& m, u32 i) {
  m.gpu.waits.clear();
  m.gpu.signals.clear();
  ctx.record(i, "flush()");
  api->flush(self, &m.fence);
  ctx.result((m.gpu.signals.empty() ? std::string{} : "signalled " + list(m.gpu.signals) + ", ") +
             (m.gpu.waits.empty() ? "waited for nothing" : "waited for " + list(m.gpu.waits)));
  if (auto e = threw(ctx, api->error(), "flush()")) return e;
  if (!m.gpu.problem.empty()) return ctx.fail("deadlock", "flush() called " + m.gpu.problem);
  if (m.gpu.signals.size() != 1 || m.gpu.signals[0] <= m.fence_value)
    return ctx.fail(
        "flush_signal",
        "flush() " + (m.gpu.signals.empty() ? std::string{"signalled nothing"} : "signalled " + list(m.gpu.signals)) +
            ": it signals the next value, " + std::to_string(m.fence_value + 1) + " (one above the last, " +
            std::to_string(m.fence_value) +
            "), and waits for it. A value is reached only after everything submitted before it, so "
            "the GPU is then idle, even with work submitted since the last end_frame(); waiting for "
            "the frames' values alone, as the wiki's 6.4 does, would not cover that work (lesson 06, "
            "step 3).");
  m.fence_value = m.gpu.signals[0];
  if (m.gpu.completed < m.gpu.last_signalled)
    return ctx.fail("flush", "flush() returned while the GPU has reached fence value " +
                                 std::to_string(m.gpu.completed) + " of " + std::to_string(m.gpu.last_signalled) +
                                 " signalled: it must wait for the last one, or what it is called before (a resize, "
                                 "a shutdown) frees what the GPU still uses.");
  return std::nullopt;
}

std::optional<failure> check_view(run_context& ctx, void* self, const model& m) {
  u32 frame_index = invalid_index;
  u64 fence_value = 0, slots[frame_buffer_count]{};
  ctx.observe("view()");
  api->view(self, &frame_index, &fence_value, slots);
  if (auto e = threw(ctx, api->error(), "view()")) return e;
  const u32 next = m.frame % frame_buffer_count;
  if (frame_index != next)
    return ctx.fail("view_index", "_frame_index is " + index_text(frame_index) + ", but frame " +
                                      std::to_string(m.frame) + " comes next, in slot " + std::to_string(next) + ".");
  if (fence_value != m.fence_value)
    return ctx.fail("view_fence", "_fence_value is " + std::to_string(fence_value) +
                                      ", but the last value signalled is " + std::to_string(m.fence_value) + ".");
  for (u32 s = 0; s < frame_buffer_count; ++s)
    if (slots[s] != m.slot_values[s])
      return ctx.fail("view_slots", "slot " + std::to_string(s) + "'s fence value is " + std::to_string(slots[s]) +
                                        ", but its last frame signalled " + std::to_string(m.slot_values[s]) + ".");
  return std::nullopt;
}

std::optional<failure> run(run_context& ctx) {
  const auto ops = ctx.ops();
  if (ops.empty() || ops[0].kind != create) return std::nullopt;
  ctx.record(0, "frame_ring()");
  learner_object object{api->create(), api->destroy};
  if (auto e = threw(ctx, api->error(), "the constructor")) return e;
  if (!object.self) return ctx.fail("create", "the constructor made no object.");
  model m;
  for (u32 i = 1; i < ops.size(); ++i) {
    std::optional<failure> f;
    switch (ops[i].kind) {
      case frame: f = call_frame(ctx, object.self, m, i); break;
      case flush: f = call_flush(ctx, object.self, m, i); break;
      default:
        ctx.record(i, "the GPU finishes " + std::to_string(ops[i].arg) + (ops[i].arg == 1 ? " frame" : " frames"));
        m.gpu.run(ops[i].arg);
        ctx.result("reached " + std::to_string(m.gpu.completed));
        break;
    }
    if (!f) f = check_view(ctx, object.self, m);
    if (f) return f;
  }
  return std::nullopt;
}

std::vector<scenario> scenarios() {
  const op f{frame, 0};
  return {
      // Three frames in flight with a GPU that runs nothing: frame 3 must wait for frame 0's
      // value, and for nothing newer.
      {"three frames ahead of a GPU that does not run", {{create, 0}, f, f, f, f}},
      {"a GPU that keeps up: no waits",
       {{create, 0}, f, {gpu_runs, 1}, f, {gpu_runs, 1}, f, {gpu_runs, 1}, f, {gpu_runs, 1}, f}},
      {"a flush, then frames again", {{create, 0}, f, f, {flush, 0}, f, f, f, f}},
  };
}

std::vector<op> generate(rng& random) {
  const u32 length = std::uniform_int_distribution<u32>{1, 30}(random);
  std::vector<op> ops{{create, 0}};
  for (u32 i = 0; i < length; ++i) {
    const u32 pick = std::uniform_int_distribution<u32>{0, 9}(random);
    if (pick < 6)
      ops.push_back({frame, 0});
    else if (pick < 9)
      ops.push_back({gpu_runs, std::uniform_int_distribution<u32>{1, 3}(random)});
    else
      ops.push_back({flush, 0});
  }
  return ops;
}

bool bind(const void* table) {
  api = static_cast<const xe_frame_ring_api*>(table);
  return api->abi == xe_exercise_abi;
}

}  // namespace

extern const exercise_grader frame_ring_grader{
    "06-frame-ring", "xe_exercise_frame_ring", bind, scenarios, generate, run};

}  // namespace xe::grade
