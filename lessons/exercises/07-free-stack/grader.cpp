// Grades 07-free-stack against a model of wiki 7.6's stack: the free indices in LIFO order
// (a new stack hands out 0, 1, 2, ...), and the two checks the wiki's code lacks (errata #4).
#include <string>
#include <vector>

#include "07-free-stack/free_stack.h"
#include "exercise/grader.h"
#include "exercise/grader_support.h"

namespace xe::grade {
namespace {

enum kind : u8 { create, allocate, free_index };
const xe_free_stack_api* api{};

struct model {
  u32 capacity;
  std::vector<u32> free;       // the stack, its top last
  std::vector<u32> out_since;  // per index: the call that handed it out, or invalid_index
  explicit model(u32 c) : capacity{c}, out_since(c, invalid_index) {
    for (u32 i = c; i-- > 0;) free.push_back(i);
  }
  u32 size() const { return capacity - static_cast<u32>(free.size()); }
};

std::optional<failure> call_allocate(run_context& ctx, void* self, model& m, u32 i) {
  ctx.record(i, "allocate()");
  const u32 got = api->allocate(self);
  ctx.result(index_text(got));
  if (auto e = threw(ctx, api->error(), "allocate()")) return e;
  if (m.free.empty()) {
    if (got == invalid_index) return std::nullopt;
    return ctx.fail("full_stack",
                    "allocate() returned " + index_text(got) + ", but all " + std::to_string(m.capacity) +
                        " indices are handed out: on a full heap it must return invalid_index and change nothing. "
                        "The wiki's allocate() (7.6) has no capacity check and reads past the end of _free_handles "
                        "(docs/wiki-errata.md #4).");
  }
  const u32 top = m.free.back();
  if (got == invalid_index)
    return ctx.fail("refused_allocate", "allocate() returned invalid_index, but " + std::to_string(m.free.size()) +
                                            " of " + std::to_string(m.capacity) +
                                            " indices are free; the top of the stack is " + std::to_string(top) + ".");
  if (got < m.capacity && m.out_since[got] != invalid_index)
    return ctx.fail("handed_out_twice",
                    "allocate() returned " + std::to_string(got) + ", which call " + std::to_string(m.out_since[got]) +
                        " handed out already: two descriptors would share heap slot " + std::to_string(got) +
                        ". The top of the stack is " + std::to_string(top) + ".");
  if (got != top)
    return ctx.fail("not_lifo", "allocate() returned " + index_text(got) + "; the top of the stack is " +
                                    std::to_string(top) +
                                    ": the stack hands out _free_handles[_size], so a new stack gives 0, 1, 2, ... and "
                                    "the last index freed is the next one handed out (wiki 7.6).");
  m.free.pop_back();
  m.out_since[got] = ctx.calls_made();
  return std::nullopt;
}

std::optional<failure> call_free(run_context& ctx, void* self, model& m, u32 i, u32 index) {
  ctx.record(i, "free(" + std::to_string(index) + ")");
  const bool got = api->free(self, index);
  ctx.result(got ? "true" : "false");
  if (auto e = threw(ctx, api->error(), "free()")) return e;
  const std::string call = "free(" + std::to_string(index) + ")";
  if (index >= m.capacity) {
    if (!got) return std::nullopt;
    return ctx.fail("free_out_of_range", call + " accepted an index outside the heap (capacity " +
                                             std::to_string(m.capacity) +
                                             "): it must return false and change nothing.");
  }
  if (m.out_since[index] == invalid_index) {
    if (!got) return std::nullopt;
    return ctx.fail("double_free", call + " accepted index " + std::to_string(index) +
                                       ", which is already free: a double free. The stack would then hand " +
                                       std::to_string(index) +
                                       " out twice; it must return false and change nothing. The wiki's free() (7.6) "
                                       "has no such check, though it says a stack cannot hold an index twice "
                                       "(docs/wiki-errata.md #4).");
  }
  if (!got)
    return ctx.fail("refused_free", call + " returned false, but call " + std::to_string(m.out_since[index]) +
                                        " handed index " + std::to_string(index) + " out and nothing freed it since.");
  m.out_since[index] = invalid_index;
  m.free.push_back(index);
  return std::nullopt;
}

// size() and what the inspector reads (_free_handles and _size) after every call.
std::optional<failure> check_state(run_context& ctx, void* self, const model& m, std::vector<u32>& entries) {
  ctx.observe("size()");
  const u32 size = api->size(self);
  if (auto e = threw(ctx, api->error(), "size()")) return e;
  if (size != m.size())
    return ctx.fail("size", "size() is " + std::to_string(size) + " after these calls, but " +
                                std::to_string(m.size()) + " indices are handed out.");
  u32 top = invalid_index;
  entries.assign(m.capacity, invalid_index);
  ctx.observe("view()");
  api->view(self, entries.data(), &top);
  if (auto e = threw(ctx, api->error(), "view()")) return e;
  if (top != m.size())
    return ctx.fail("view_top", "_size is " + index_text(top) + " after these calls, but " + std::to_string(m.size()) +
                                    " indices are handed out: the inspector reads the top of the stack from _size.");
  if (m.size() == 0 && m.capacity > 0 && entries[0] == invalid_index)
    return ctx.fail("constructor",
                    "after free_stack(" + std::to_string(m.capacity) +
                        ") the stack holds nothing: a new stack's _free_handles must hold 0, 1, 2, ... so "
                        "that allocate() hands out 0 first (wiki 7.6's example).");
  for (u32 k = 0; k < m.free.size(); ++k) {
    const u32 position = top + k, expected = m.free[m.free.size() - 1 - k];
    if (entries[position] != expected)
      return ctx.fail("view_entries",
                      "_free_handles[" + std::to_string(position) + "] is " + index_text(entries[position]) +
                          " but should hold " + std::to_string(expected) +
                          ": the free indices sit in _free_handles[_size .. capacity), the top at _size (free() "
                          "takes one off _size, then writes the index there).");
  }
  return std::nullopt;
}

std::optional<failure> run(run_context& ctx) {
  const auto ops = ctx.ops();
  if (ops.empty() || ops[0].kind != create) return std::nullopt;
  ctx.record(0, "free_stack(" + std::to_string(ops[0].arg) + ")");
  learner_object object{api->create(ops[0].arg), api->destroy};
  if (auto e = threw(ctx, api->error(), "the constructor")) return e;
  if (!object.self) return ctx.fail("create", "the constructor made no object.");
  model m{ops[0].arg};
  std::vector<u32> entries;
  if (auto f = check_state(ctx, object.self, m, entries)) return f;
  for (u32 i = 1; i < ops.size(); ++i) {
    auto f =
        ops[i].kind == allocate ? call_allocate(ctx, object.self, m, i) : call_free(ctx, object.self, m, i, ops[i].arg);
    if (!f) f = check_state(ctx, object.self, m, entries);
    if (f) return f;
  }
  return std::nullopt;
}

std::vector<scenario> scenarios() {
  return {
      // wiki 7.6's example: capacity 5, two allocations, index 0 freed, then handed out again.
      {"the wiki's example (7.6)", {{create, 5}, {allocate, 0}, {allocate, 0}, {free_index, 0}, {allocate, 0}}},
      {"a full heap", {{create, 2}, {allocate, 0}, {allocate, 0}, {allocate, 0}}},
      {"a double free",
       {{create, 3}, {allocate, 0}, {allocate, 0}, {free_index, 1}, {free_index, 1}, {allocate, 0}, {allocate, 0}}},
      {"an index outside the heap", {{create, 3}, {allocate, 0}, {free_index, 3}, {free_index, invalid_index}}},
      {"a free of an index never handed out", {{create, 4}, {allocate, 0}, {free_index, 2}}},
  };
}

std::vector<op> generate(rng& random) {
  // Small heaps fill up and empty within a sequence; one in ten is as large as the lessons'.
  const u32 capacity = std::uniform_int_distribution<u32>{0, 9}(random)
                           ? std::uniform_int_distribution<u32>{1, 6}(random)
                           : std::uniform_int_distribution<u32>{7, 70}(random);
  const u32 length = std::uniform_int_distribution<u32>{1, 40}(random);
  std::vector<op> ops{{create, capacity}};
  for (u32 i = 0; i < length; ++i) {
    if (std::uniform_int_distribution<u32>{0, 1}(random))
      ops.push_back({allocate, 0});
    else
      ops.push_back({free_index, std::uniform_int_distribution<u32>{0, capacity}(random)});
  }
  return ops;
}

bool bind(const void* table) {
  api = static_cast<const xe_free_stack_api*>(table);
  return api->abi == xe_exercise_abi;
}

}  // namespace

extern const exercise_grader free_stack_grader{
    "07-free-stack", "xe_exercise_free_stack", bind, scenarios, generate, run};

}  // namespace xe::grade
