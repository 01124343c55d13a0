// Grades 09-free-list against a model of the engine's utl::free_list: stable indices, freed
// slots reused newest first through the chain, double and out-of-range removes refused.
#include <string>
#include <vector>

#include "09-free-list/free_list.h"
#include "exercise/grader.h"
#include "exercise/grader_support.h"

namespace xe::grade {
namespace {

enum kind : u8 { create, add, remove_slot };
const xe_free_list_api* api{};

// The values added are small and distinct, so a learner can follow them by eye.
u64 value_of(u32 arg) { return arg; }

struct model {
  struct slot {
    bool live;
    u64 value;
    u32 link;
    u32 since;  // the call that added or removed it
  };
  std::vector<slot> slots;
  u32 head{invalid_index};
  u32 size{0};
};

std::optional<failure> call_add(run_context& ctx, void* self, model& m, u32 i, u32 arg) {
  const u64 v = value_of(arg);
  ctx.record(i, "add(" + std::to_string(v) + ")");
  const u32 got = api->add(self, v);
  ctx.result(index_text(got));
  if (auto e = threw(ctx, api->error(), "add()")) return e;
  const u32 expected = m.head == invalid_index ? static_cast<u32>(m.slots.size()) : m.head;
  if (got != expected) {
    if (m.head != invalid_index)
      return ctx.fail("reuse", "add() returned " + index_text(got) + ", but slot " + std::to_string(m.head) +
                                   " is the newest freed slot (removed by call " +
                                   std::to_string(m.slots[m.head].since) +
                                   "): a free_list reuses freed slots, newest first, following the chain from "
                                   "_next_free.");
    return ctx.fail("append", "add() returned " + index_text(got) +
                                  ", but no slot is free: the element goes in a new slot "
                                  "at the end, slot " +
                                  std::to_string(expected) + ".");
  }
  if (m.head != invalid_index) {
    m.head = m.slots[expected].link;
    m.slots[expected] = {true, v, invalid_index, ctx.calls_made()};
  } else {
    m.slots.push_back({true, v, invalid_index, ctx.calls_made()});
  }
  ++m.size;
  return std::nullopt;
}

std::optional<failure> call_remove(run_context& ctx, void* self, model& m, u32 i, u32 index) {
  const std::string call = "remove(" + std::to_string(index) + ")";
  ctx.record(i, call);
  const bool got = api->remove(self, index);
  ctx.result(got ? "true" : "false");
  if (auto e = threw(ctx, api->error(), "remove()")) return e;
  if (index >= m.slots.size()) {
    if (!got) return std::nullopt;
    return ctx.fail("remove_out_of_range", call + " accepted a slot that was never used (" +
                                               std::to_string(m.slots.size()) +
                                               " slots so far): it must return false and change nothing.");
  }
  if (!m.slots[index].live) {
    if (!got) return std::nullopt;
    return ctx.fail("double_remove", call + " accepted slot " + std::to_string(index) + ", which call " +
                                         std::to_string(m.slots[index].since) +
                                         " removed already: a double remove puts the slot in the chain twice, and two "
                                         "surfaces would get the same id. It must return false and change nothing.");
  }
  if (!got)
    return ctx.fail("refused_remove", call + " returned false, but slot " + std::to_string(index) +
                                          " is live (added by call " + std::to_string(m.slots[index].since) + ").");
  m.slots[index] = {false, 0, m.head, ctx.calls_made()};
  m.head = index;
  --m.size;
  return std::nullopt;
}

std::optional<failure> check_state(run_context& ctx, void* self, const model& m) {
  ctx.observe("size()");
  const u32 size = api->size(self), capacity = api->capacity(self), next = api->next_free(self);
  if (auto e = threw(ctx, api->error(), "size(), capacity() or next_free()")) return e;
  if (size != m.size)
    return ctx.fail("size",
                    "size() is " + std::to_string(size) + ", but " + std::to_string(m.size) + " slots are live.");
  if (capacity != m.slots.size())
    return ctx.fail("capacity", "capacity() is " + std::to_string(capacity) + ", but " +
                                    std::to_string(m.slots.size()) +
                                    " slots were ever used: the vector grows only when no slot is free.");
  if (next != m.head)
    return ctx.fail("next_free",
                    "next_free() is " + index_text(next) + ", but the newest freed slot is " + index_text(m.head) +
                        (m.head == invalid_index ? " (none is free)."
                                                 : ": remove() makes the slot it frees the head of the chain, "
                                                   "and add() takes the head, so a freed slot is used again."));
  for (u32 index = 0; index < m.slots.size(); ++index) {
    const model::slot& s = m.slots[index];
    ctx.observe("is_live(" + std::to_string(index) + ")");
    const bool live = api->is_live(self, index);
    if (auto e = threw(ctx, api->error(), "is_live()")) return e;
    if (live != s.live)
      return ctx.fail("is_live", "is_live(" + std::to_string(index) + ") is " + (live ? "true" : "false") +
                                     ", but call " + std::to_string(s.since) + (s.live ? " added" : " removed") +
                                     " slot " + std::to_string(index) + ".");
    if (s.live) {
      ctx.observe("value(" + std::to_string(index) + ")");
      const u64 v = api->value(self, index);
      if (auto e = threw(ctx, api->error(), "value()")) return e;
      if (v != s.value)
        return ctx.fail("value", "slot " + std::to_string(index) + " holds " + std::to_string(v) + ", but call " +
                                     std::to_string(s.since) + " put " + std::to_string(s.value) +
                                     " there and nothing removed it: an element stays in its slot whatever happens to "
                                     "the others.");
      continue;
    }
    ctx.observe("link(" + std::to_string(index) + ")");
    const u32 link = api->link(self, index);
    if (auto e = threw(ctx, api->error(), "link()")) return e;
    if (link != s.link) {
      std::string text = "slot " + std::to_string(index) + " is free and its next_free is " + index_text(link) +
                         ", but the free slot after it in the chain is " + index_text(s.link) +
                         (s.link == invalid_index ? " (none: it ends the chain)" : "") +
                         ": a removed slot links to the slot that was the head before it.";
      if (s.link == invalid_index && link == index + 1)
        text += " The wiki's diagram in 8.9 draws this same ->" + std::to_string(link) + " (docs/wiki-errata.md #14).";
      return ctx.fail("link", text);
    }
  }
  return std::nullopt;
}

std::optional<failure> run(run_context& ctx) {
  const auto ops = ctx.ops();
  if (ops.empty() || ops[0].kind != create) return std::nullopt;
  ctx.record(0, "free_list()");
  learner_object object{api->create(), api->destroy};
  if (auto e = threw(ctx, api->error(), "the constructor")) return e;
  if (!object.self) return ctx.fail("create", "the constructor made no object.");
  model m;
  for (u32 i = 1; i < ops.size(); ++i) {
    auto f = ops[i].kind == add ? call_add(ctx, object.self, m, i, ops[i].arg)
                                : call_remove(ctx, object.self, m, i, ops[i].arg);
    if (!f) f = check_state(ctx, object.self, m);
    if (f) return f;
  }
  return std::nullopt;
}

std::vector<scenario> scenarios() {
  return {
      // 8.9's example: A, B, C added, B removed, D added into B's slot (not slot 0 as the
      // wiki's diagram draws it), and the chain empty again.
      {"the wiki's example (8.9)", {{create, 0}, {add, 1}, {add, 2}, {add, 3}, {remove_slot, 1}, {add, 4}}},
      {"three removes, then three adds",
       {{create, 0},
        {add, 1},
        {add, 2},
        {add, 3},
        {add, 4},
        {remove_slot, 0},
        {remove_slot, 2},
        {remove_slot, 3},
        {add, 5},
        {add, 6},
        {add, 7},
        {add, 8}}},
      {"a double remove", {{create, 0}, {add, 1}, {add, 2}, {remove_slot, 0}, {remove_slot, 0}, {add, 3}, {add, 4}}},
      {"a slot never used", {{create, 0}, {add, 1}, {remove_slot, 1}, {remove_slot, invalid_index}}},
  };
}

std::vector<op> generate(rng& random) {
  const u32 length = std::uniform_int_distribution<u32>{1, 40}(random);
  std::vector<op> ops{{create, 0}};
  u32 added = 1;
  for (u32 i = 0; i < length; ++i) {
    if (std::uniform_int_distribution<u32>{0, 1}(random))
      ops.push_back({add, added++});
    else
      ops.push_back({remove_slot, std::uniform_int_distribution<u32>{0, added - 1}(random)});
  }
  return ops;
}

bool bind(const void* table) {
  api = static_cast<const xe_free_list_api*>(table);
  return api->abi == xe_exercise_abi;
}

}  // namespace

extern const exercise_grader free_list_grader{"09-free-list", "xe_exercise_free_list", bind, scenarios, generate, run};

}  // namespace xe::grade
