// Grades 07-deferred-free against a model of the engine's heap: the stack of 07-free-stack,
// and a list per frame slot whose indices return when that slot comes round again, after
// its fence value completed (wiki 7.7's timeline as the engine runs it: docs/wiki-errata.md #5).
#include <algorithm>
#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "07-deferred-free/deferred_free.h"
#include "exercise/grader.h"
#include "exercise/grader_support.h"

namespace xe::grade {
namespace {

enum kind : u8 { create, allocate, free_index, next_frame, two_threads };
const xe_deferred_free_api* api{};

struct model {
  u32 capacity;
  u32 frame{0};
  std::vector<u32> free;       // the stack, its top last
  std::vector<u32> out_since;  // per index: the call that handed it out, or invalid_index
  std::vector<u32> freed_in;   // per index: the frame whose slot it waits in, or invalid_index
  std::vector<u32> waiting[frame_buffer_count];
  explicit model(u32 c) : capacity{c}, out_since(c, invalid_index), freed_in(c, invalid_index) {
    for (u32 i = c; i-- > 0;) free.push_back(i);
  }
  u32 slot() const { return frame % frame_buffer_count; }
  u32 size() const { return capacity - static_cast<u32>(free.size()); }
};

std::string frame_text(const model& m) {
  return "frame " + std::to_string(m.frame) + " (slot " + std::to_string(m.slot()) + ")";
}

std::string returned_early(const model& m, u32 index, const std::string& how) {
  const u32 freed = m.freed_in[index], slot = freed % frame_buffer_count;
  return how + " in frame " + std::to_string(m.frame) + ", but free(" + std::to_string(index) + ", " +
         std::to_string(slot) + ") put it in slot " + std::to_string(slot) + "'s list in frame " +
         std::to_string(freed) + ", and slot " + std::to_string(slot) + "'s fence value for frame " +
         std::to_string(freed) + " has not completed: the GPU may still read descriptor " + std::to_string(index) +
         ". It may come back only when frame " + std::to_string(freed + frame_buffer_count) +
         " begins and process_deferred_free(" + std::to_string(slot) + ") runs.";
}

std::optional<failure> call_allocate(run_context& ctx, void* self, model& m, u32 i) {
  ctx.record(i, "allocate() in " + frame_text(m));
  const u32 got = api->allocate(self);
  ctx.result(index_text(got));
  if (auto e = threw(ctx, api->error(), "allocate()")) return e;
  if (got < m.capacity && m.freed_in[got] != invalid_index)
    return ctx.fail("returned_early", returned_early(m, got, "allocate() returned index " + std::to_string(got)));
  if (m.free.empty()) {
    if (got == invalid_index) return std::nullopt;
    return ctx.fail("full_stack", "allocate() returned " + index_text(got) + ", but no index is on the stack (" +
                                      std::to_string(m.capacity) +
                                      " handed out or waiting): it must return invalid_index. The wiki's allocate() "
                                      "(7.6) has no capacity check (docs/wiki-errata.md #4).");
  }
  const u32 top = m.free.back();
  if (got < m.capacity && m.out_since[got] != invalid_index)
    return ctx.fail("handed_out_twice",
                    "allocate() returned " + std::to_string(got) + ", which call " + std::to_string(m.out_since[got]) +
                        " handed out already. The top of the stack is " + std::to_string(top) + ".");
  if (got != top)
    return ctx.fail("not_lifo", "allocate() returned " + index_text(got) + "; the top of the stack is " +
                                    std::to_string(top) +
                                    " (the last index pushed back is the next one handed out, wiki 7.6).");
  m.free.pop_back();
  m.out_since[got] = ctx.calls_made();
  return std::nullopt;
}

std::optional<failure> call_free(run_context& ctx, void* self, model& m, u32 i, u32 index) {
  const std::string call = "free(" + std::to_string(index) + ", " + std::to_string(m.slot()) + ")";
  ctx.record(i, call + " in frame " + std::to_string(m.frame));
  const bool got = api->free(self, index, m.slot());
  ctx.result(got ? "true" : "false");
  if (auto e = threw(ctx, api->error(), "free()")) return e;
  if (index >= m.capacity) {
    if (!got) return std::nullopt;
    return ctx.fail("free_out_of_range", call + " accepted an index outside the heap (capacity " +
                                             std::to_string(m.capacity) +
                                             "): it must return false and change nothing.");
  }
  if (m.freed_in[index] != invalid_index) {
    if (!got) return std::nullopt;
    return ctx.fail("double_free", call + " accepted index " + std::to_string(index) +
                                       ", which already waits in slot " +
                                       std::to_string(m.freed_in[index] % frame_buffer_count) +
                                       "'s list (freed in frame " + std::to_string(m.freed_in[index]) +
                                       "): a double free; it would go back on the stack twice. It must return false.");
  }
  if (m.out_since[index] == invalid_index) {
    if (!got) return std::nullopt;
    return ctx.fail("free_of_free", call + " accepted index " + std::to_string(index) +
                                        ", which is on the free stack: it was never handed out, or came back already. "
                                        "It must return false and change nothing.");
  }
  if (!got)
    return ctx.fail("refused_free", call + " returned false, but call " + std::to_string(m.out_since[index]) +
                                        " handed index " + std::to_string(index) + " out and nothing freed it since.");
  m.out_since[index] = invalid_index;
  m.freed_in[index] = m.frame;
  m.waiting[m.slot()].push_back(index);
  return std::nullopt;
}

// Frame F + 1 begins: the engine waited for its slot's fence value (frame F - 2's), so that
// slot's list is safe to process.
std::optional<failure> call_next_frame(run_context& ctx, void* self, model& m, u32 i) {
  ++m.frame;
  const u32 slot = m.slot();
  ctx.record(i, "frame " + std::to_string(m.frame) + " begins: process_deferred_free(" + std::to_string(slot) + ")");
  api->process_deferred_free(self, slot);
  if (auto e = threw(ctx, api->error(), "process_deferred_free()")) return e;
  for (const u32 index : m.waiting[slot]) {
    m.freed_in[index] = invalid_index;
    m.free.push_back(index);
  }
  m.waiting[slot].clear();
  return std::nullopt;
}

// Wiki 7.8: the engine's threads share a heap. Two threads at once, started together so
// their calls overlap: each allocate()s `per` indices, then free()s them into the current
// slot. Under the lock no index is handed out twice and none is lost from the slot's list;
// without it, a race shows here only now and then (the race detector's test,
// exercise.07-deferred-free.race, shows it every time).
std::optional<failure> call_two_threads(run_context& ctx, void* self, model& m, u32 i, u32 per) {
  per = std::min<u32>(per, static_cast<u32>(m.free.size()) / 2);
  const u32 slot = m.slot();
  const std::string call = "two threads at once in frame " + std::to_string(m.frame) + ": each allocate() " +
                           std::to_string(per) + " times, then free(index, " + std::to_string(slot) + ") for each";
  ctx.record(i, call);
  std::vector<u32> got[2];
  std::atomic<u32> ready{0};
  std::atomic<u32> refused{invalid_index};
  const auto work = [&](u32 t) {
    got[t].reserve(per);
    ready.fetch_add(1);
    while (ready.load() < 2) std::this_thread::yield();
    for (u32 k = 0; k < per; ++k) got[t].push_back(api->allocate(self));
    for (const u32 index : got[t])
      if (index < m.capacity && !api->free(self, index, slot)) refused = index;
  };
  {
    std::thread other{work, 1u};
    work(0);
    other.join();
  }
  if (auto e = threw(ctx, api->error(), "allocate() or free() in one of the two threads")) return e;
  const std::string lock =
      " The wiki's heap holds a std::mutex in allocate(), free() and process_deferred_free() (7.8).";
  // The top 2 * per of the stack, in any order between the threads.
  std::vector<u32> expected(m.free.end() - 2 * per, m.free.end()), handed;
  for (const auto& g : got) handed.insert(handed.end(), g.begin(), g.end());
  std::vector<u32> seen(m.capacity, 0);
  for (const u32 index : handed) {
    if (index >= m.capacity)
      return ctx.fail("two_threads_full",
                      call + ": allocate() returned " + index_text(index) + ", but " + std::to_string(m.free.size()) +
                          " indices were free: the two threads' calls got in each other's way." + lock);
    if (++seen[index] == 2)
      return ctx.fail("two_threads_twice", call + ": both threads were handed index " + std::to_string(index) +
                                               ": one read _size before the other's ++_size landed, and two "
                                               "descriptors would be written to the same slot of the heap." +
                                               lock);
    if (std::find(expected.begin(), expected.end(), index) == expected.end())
      return ctx.fail("two_threads_not_top", call + ": index " + std::to_string(index) +
                                                 " was handed out, but it was not among the " +
                                                 std::to_string(2 * per) + " at the top of the stack." + lock);
  }
  if (refused != invalid_index)
    return ctx.fail("two_threads_refused",
                    call + ": free(" + std::to_string(refused.load()) + ", " + std::to_string(slot) +
                        ") returned false for an index that thread had just been handed." + lock);
  std::vector<u32> list(m.capacity + 1, invalid_index);
  ctx.observe("waiting(" + std::to_string(slot) + ")");
  const u32 count = std::min(api->waiting(self, slot, list.data(), m.capacity + 1), m.capacity + 1);
  list.resize(count);
  std::vector<u32> want = m.waiting[slot];
  want.insert(want.end(), handed.begin(), handed.end());
  std::vector<u32> sorted_list = list, sorted_want = want;
  std::sort(sorted_list.begin(), sorted_list.end());
  std::sort(sorted_want.begin(), sorted_want.end());
  if (sorted_list != sorted_want)
    return ctx.fail("two_threads_lost", call + ": slot " + std::to_string(slot) + "'s list holds " +
                                            std::to_string(count) + " indices, but " + std::to_string(want.size()) +
                                            " were freed into it and not processed: when both threads grow the list "
                                            "at once, a push_back is lost or doubled, and that index never comes "
                                            "back (or comes back twice)." +
                                            lock);
  // The model follows: those indices left the stack and wait in the slot, in the list's order.
  m.free.resize(m.free.size() - 2 * per);
  for (const u32 index : handed) m.freed_in[index] = m.frame;
  m.waiting[slot] = list;
  return std::nullopt;
}

// The stack first (an index back too early is the mistake that matters), then size(), then
// each slot's list.
std::optional<failure> check_state(run_context& ctx, void* self, const model& m, std::vector<u32>& entries) {
  u32 top = invalid_index;
  entries.assign(m.capacity, invalid_index);
  ctx.observe("view()");
  api->view(self, entries.data(), &top);
  if (auto e = threw(ctx, api->error(), "view()")) return e;
  for (u32 position = top; position < m.capacity; ++position) {
    const u32 index = entries[position];
    if (index < m.capacity && m.freed_in[index] != invalid_index)
      return ctx.fail("returned_early",
                      returned_early(m, index, "index " + std::to_string(index) + " is back on the free stack"));
  }
  if (m.size() == 0 && m.capacity > 0 && entries[0] == invalid_index)
    return ctx.fail("constructor",
                    "after deferred_free_stack(" + std::to_string(m.capacity) +
                        ") the stack holds nothing: _free_handles must hold 0, 1, 2, ... as in 07-free-stack.");
  ctx.observe("size()");
  const u32 size = api->size(self);
  if (auto e = threw(ctx, api->error(), "size()")) return e;
  if (size != m.size())
    return ctx.fail("size", "size() is " + std::to_string(size) + " after these calls, but " +
                                std::to_string(m.size()) +
                                " indices are off the stack (handed out, or waiting in a slot's list: a freed index "
                                "counts until it is processed, docs/wiki-errata.md #6).");
  if (top != m.size())
    return ctx.fail("view_top", "_size is " + index_text(top) + ", but " + std::to_string(m.size()) +
                                    " indices are off the stack: the inspector reads the top from _size.");
  for (u32 k = 0; k < m.free.size(); ++k) {
    const u32 position = top + k, expected = m.free[m.free.size() - 1 - k];
    if (entries[position] != expected)
      return ctx.fail("view_entries", "_free_handles[" + std::to_string(position) + "] is " +
                                          index_text(entries[position]) + " but should hold " +
                                          std::to_string(expected) +
                                          ": the free indices sit in _free_handles[_size .. capacity), the top at "
                                          "_size.");
  }
  for (u32 slot = 0; slot < frame_buffer_count; ++slot) {
    ctx.observe("waiting(" + std::to_string(slot) + ")");
    entries.assign(m.capacity + 1, invalid_index);
    const u32 count = api->waiting(self, slot, entries.data(), m.capacity + 1);
    if (auto e = threw(ctx, api->error(), "waiting()")) return e;
    const std::vector<u32>& expected = m.waiting[slot];
    if (count > expected.size() && m.slot() == slot && m.frame > 0)
      return ctx.fail("list_not_cleared",
                      "slot " + std::to_string(slot) + "'s list still holds " + std::to_string(count) +
                          (count == 1 ? " index" : " indices") + " after process_deferred_free(" +
                          std::to_string(slot) +
                          ") pushed its indices back: the list must be emptied, or the next time slot " +
                          std::to_string(slot) + " comes round (frame " + std::to_string(m.frame + frame_buffer_count) +
                          ") they go back on the stack a second time and are handed out twice. The wiki's "
                          "process_deferred_release (7.6) never clears it (docs/wiki-errata.md #1).");
    bool same = count == expected.size();
    for (u32 k = 0; same && k < count; ++k) same = entries[k] == expected[k];
    if (!same) {
      std::string want, got;
      for (const u32 v : expected) want += (want.empty() ? "" : ", ") + std::to_string(v);
      for (u32 k = 0; k < count && k <= m.capacity; ++k) got += (got.empty() ? "" : ", ") + index_text(entries[k]);
      return ctx.fail("waiting", "slot " + std::to_string(slot) + "'s list holds [" + got +
                                     "], but the indices freed into it " + "and not yet processed are [" + want +
                                     "], in the order free() was called.");
    }
  }
  return std::nullopt;
}

std::optional<failure> run(run_context& ctx) {
  const auto ops = ctx.ops();
  if (ops.empty() || ops[0].kind != create) return std::nullopt;
  ctx.record(0, "deferred_free_stack(" + std::to_string(ops[0].arg) + "), frame 0 (slot 0)");
  learner_object object{api->create(ops[0].arg), api->destroy};
  if (auto e = threw(ctx, api->error(), "the constructor")) return e;
  if (!object.self) return ctx.fail("create", "the constructor made no object.");
  model m{ops[0].arg};
  std::vector<u32> entries;
  if (auto f = check_state(ctx, object.self, m, entries)) return f;
  for (u32 i = 1; i < ops.size(); ++i) {
    std::optional<failure> f;
    switch (ops[i].kind) {
      case allocate: f = call_allocate(ctx, object.self, m, i); break;
      case free_index: f = call_free(ctx, object.self, m, i, ops[i].arg); break;
      case two_threads: f = call_two_threads(ctx, object.self, m, i, ops[i].arg); break;
      default: f = call_next_frame(ctx, object.self, m, i); break;
    }
    if (!f) f = check_state(ctx, object.self, m, entries);
    if (f) return f;
  }
  return std::nullopt;
}

std::vector<scenario> scenarios() {
  const op a{allocate, 0}, next{next_frame, 0};
  return {
      // wiki 7.7's timeline as the engine runs it (errata #5): index 0 freed in frame 1
      // waits in slot 1's list; frame 3 processes slot 0 and leaves it; frame 4 returns it.
      {"the wiki's timeline (7.7)", {{create, 5}, a, a, next, {free_index, 0}, next, next, a, next, a}},
      {"a slot that comes round again (frames 1 and 4)",
       {{create, 3}, a, next, {free_index, 0}, next, next, next, a, next, next, next, a, a, a}},
      {"a double free", {{create, 3}, a, {free_index, 0}, {free_index, 0}, next, next, next, a, a}},
      {"a full heap", {{create, 2}, a, a, {free_index, 1}, a}},
      // Last: the lesson's single-threaded mistakes are named first.
      {"two threads at once (7.8)",
       [next] {
         std::vector<op> ops{{create, 2048}};
         for (u32 round = 0; round < 8; ++round) ops.insert(ops.end(), {{two_threads, 400}, next, next, next});
         return ops;
       }()},
  };
}

std::vector<op> generate(rng& random) {
  // Small heaps fill up and empty within a sequence; one in ten is as large as the lessons'.
  const u32 capacity = std::uniform_int_distribution<u32>{0, 9}(random)
                           ? std::uniform_int_distribution<u32>{1, 5}(random)
                           : std::uniform_int_distribution<u32>{6, 70}(random);
  const u32 length = std::uniform_int_distribution<u32>{1, 40}(random);
  std::vector<op> ops{{create, capacity}};
  for (u32 i = 0; i < length; ++i) {
    switch (std::uniform_int_distribution<u32>{0, 2}(random)) {
      case 0: ops.push_back({allocate, 0}); break;
      case 1: ops.push_back({free_index, std::uniform_int_distribution<u32>{0, capacity}(random)}); break;
      default: ops.push_back({next_frame, 0}); break;
    }
  }
  return ops;
}

bool bind(const void* table) {
  api = static_cast<const xe_deferred_free_api*>(table);
  return api->abi == xe_exercise_abi;
}

}  // namespace

extern const exercise_grader deferred_free_grader{
    "07-deferred-free", "xe_exercise_deferred_free", bind, scenarios, generate, run};

}  // namespace xe::grade
