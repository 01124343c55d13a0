// Grades 12-deferred-release with counted stand-ins for COM objects: each is released
// exactly once, never before the frame slot it waits in comes round (or a flush), and a
// slot's processing releases all of its list.
#include <algorithm>
#include <string>
#include <vector>

#include "12-deferred-release/deferred_release.h"
#include "exercise/grader.h"
#include "exercise/grader_support.h"

namespace xe::grade {
namespace {

enum kind : u8 { create, queue, next_frame, flush };
const xe_deferred_release_api* api{};

// The objects: a stand-in's address is all the learner sees.
struct stand_in {
  u32 id;
};
constexpr u32 max_objects{64};
stand_in objects[max_objects];

struct model {
  struct object {
    u32 frame{invalid_index};        // queued in this frame's slot
    u32 released_by{invalid_index};  // the call that released it
  };
  u32 frame{0};
  std::vector<object> queued;  // by id - 1
  std::vector<u32> releases;   // ids released during the current call; 0 = null
  std::vector<u32> strangers;  // releases of something that is no object of ours
  u32 slot() const { return frame % frame_buffer_count; }
};
model* current{};

u32 release_stand_in(xe_object* o) {
  auto* s = reinterpret_cast<stand_in*>(o);
  if (!o) {
    current->releases.push_back(0);
  } else if (s >= objects && s < objects + max_objects) {
    current->releases.push_back(s->id);
  } else {
    current->strangers.push_back(1);
  }
  return 0;
}

std::string object_text(u32 id) { return "object " + std::to_string(id); }

// The releases a call made against the ones it should have made.
std::optional<failure> check_releases(run_context& ctx, model& m, const std::string& call, std::vector<u32> due) {
  if (!m.strangers.empty())
    return ctx.fail("stranger", call + " released a pointer that is none of the objects given to deferred_release().");
  std::vector<u32> seen;
  for (const u32 id : m.releases) {
    if (id == 0)
      return ctx.fail("null", call +
                                  " called release(nullptr): a null object is ignored when it is queued, and "
                                  "Release() through a null pointer crashes.");
    const model::object& o = m.queued[id - 1];
    if (o.released_by != invalid_index || std::count(seen.begin(), seen.end(), id))
      return ctx.fail(
          "released_twice",
          call + " released " + object_text(id) + " a second time" +
              (o.released_by != invalid_index ? " (call " + std::to_string(o.released_by) + " released it)" : "") +
              ": each Release() drops one reference, so a second one frees the object under whoever "
              "still holds it. A list must be emptied once its objects are released.");
    if (std::find(due.begin(), due.end(), id) == due.end()) {
      const u32 slot = o.frame % frame_buffer_count;
      return ctx.fail("released_early",
                      call + " released " + object_text(id) + ", which deferred_release() put in slot " +
                          std::to_string(slot) + "'s list in frame " + std::to_string(o.frame) + ", and slot " +
                          std::to_string(slot) + "'s fence value for frame " + std::to_string(o.frame) +
                          " has not completed: the GPU may still use it. It may go when frame " +
                          std::to_string(o.frame + frame_buffer_count) + " begins, or at a flush.");
    }
    seen.push_back(id);
  }
  // In the order queued, slot by slot: an object another depends on (the heap under a
  // placed resource) is queued after it, so it must also go after it (lesson 12).
  for (size_t a = 0; a < seen.size(); ++a)
    for (size_t b = a + 1; b < seen.size(); ++b)
      if (seen[b] < seen[a] &&
          m.queued[seen[a] - 1].frame % frame_buffer_count == m.queued[seen[b] - 1].frame % frame_buffer_count)
        return ctx.fail("release_order",
                        call + " released " + object_text(seen[a]) + " before " + object_text(seen[b]) + ", but " +
                            object_text(seen[b]) +
                            " was queued first: a slot's objects go in the order queued, so one that "
                            "another depends on (the heap under a placed resource) can be queued after "
                            "it and die after it (lesson 12).");
  for (const u32 id : due)
    if (std::find(seen.begin(), seen.end(), id) == seen.end()) {
      const model::object& o = m.queued[id - 1];
      return ctx.fail("not_released", call + " did not release " + object_text(id) + ", which waits in slot " +
                                          std::to_string(o.frame % frame_buffer_count) + "'s list since frame " +
                                          std::to_string(o.frame) +
                                          ": the GPU is done with it, and nothing else will release it (a leak).");
    }
  for (const u32 id : seen) m.queued[id - 1].released_by = ctx.calls_made();
  return std::nullopt;
}

std::optional<failure> run(run_context& ctx) {
  const auto ops = ctx.ops();
  if (ops.empty() || ops[0].kind != create) return std::nullopt;
  model m;
  current = &m;
  ctx.record(0, "deferred_releases(), frame 0 (slot 0)");
  learner_object object{api->create(release_stand_in), api->destroy};
  if (auto e = threw(ctx, api->error(), "the constructor")) return e;
  if (!object.self) return ctx.fail("create", "the constructor made no object.");
  for (u32 i = 1; i < ops.size(); ++i) {
    m.releases.clear();
    std::string call;
    std::vector<u32> due;
    switch (ops[i].kind) {
      case queue: {
        xe_object* o = nullptr;
        if (ops[i].arg != 0 && m.queued.size() < max_objects) {
          m.queued.push_back({m.frame, invalid_index});
          const u32 id = static_cast<u32>(m.queued.size());
          objects[id - 1].id = id;
          o = reinterpret_cast<xe_object*>(&objects[id - 1]);
          call = "deferred_release(" + object_text(id) + ", " + std::to_string(m.slot()) + ") in frame " +
                 std::to_string(m.frame);
        } else {
          call = "deferred_release(nullptr, " + std::to_string(m.slot()) + ") in frame " + std::to_string(m.frame);
        }
        ctx.record(i, call);
        api->deferred_release(object.self, o, m.slot());
        if (o && !m.releases.empty() && m.releases[0] == m.queued.size()) {
          const u32 id = m.releases[0];
          return ctx.fail("released_at_once", call + " released " + object_text(id) +
                                                  " at once: the GPU may still use it "
                                                  "until frame " +
                                                  std::to_string(m.frame) +
                                                  "'s fence value completes. It "
                                                  "must wait in slot " +
                                                  std::to_string(m.slot()) + "'s list.");
        }
        break;
      }
      case next_frame: {
        ++m.frame;
        call = "process_deferred_releases(" + std::to_string(m.slot()) + ")";
        ctx.record(i, "frame " + std::to_string(m.frame) + " begins: " + call);
        for (u32 id = 1; id <= m.queued.size(); ++id)
          if (m.queued[id - 1].released_by == invalid_index && m.queued[id - 1].frame % frame_buffer_count == m.slot())
            due.push_back(id);
        api->process_deferred_releases(object.self, m.slot());
        break;
      }
      default:
        call = "flush()";
        ctx.record(i, "the GPU is idle: flush()");
        for (u32 id = 1; id <= m.queued.size(); ++id)
          if (m.queued[id - 1].released_by == invalid_index) due.push_back(id);
        api->flush(object.self);
        break;
    }
    if (!m.releases.empty()) {
      std::string text;
      for (const u32 id : m.releases) text += (text.empty() ? "released " : ", ") + (id ? object_text(id) : "nullptr");
      ctx.result(text);
    }
    if (auto e = threw(ctx, api->error(), call)) return e;
    if (auto f = check_releases(ctx, m, call, due)) return f;
    for (u32 slot = 0; slot < frame_buffer_count; ++slot) {
      u32 expected = 0;
      for (const model::object& o : m.queued)
        expected += o.released_by == invalid_index && o.frame % frame_buffer_count == slot;
      ctx.observe("waiting(" + std::to_string(slot) + ")");
      const u32 got = api->waiting(object.self, slot);
      if (auto e = threw(ctx, api->error(), "waiting()")) return e;
      if (got == expected) continue;
      const auto objects_text = [](u32 n) { return std::to_string(n) + (n == 1 ? " object" : " objects"); };
      if (got > expected && ops[i].kind != queue)
        return ctx.fail("list_not_cleared",
                        call + " left " + objects_text(got - expected) + " in slot " + std::to_string(slot) +
                            "'s list after releasing them: the list must be "
                            "emptied, or the next time the slot comes round they are released again.");
      return ctx.fail("waiting", "slot " + std::to_string(slot) + "'s list holds " + objects_text(got) +
                                     " but should hold " + std::to_string(expected) +
                                     ": the objects deferred_release() put there and nothing has released yet.");
    }
  }
  return std::nullopt;
}

std::vector<scenario> scenarios() {
  const op q{queue, 1}, next{next_frame, 0};
  return {
      {"an object released in frame 1", {{create, 0}, next, q, next, next, next}},
      {"a slot that comes round twice", {{create, 0}, q, next, next, next, next, next, next}},
      {"a null object", {{create, 0}, {queue, 0}, next, next, next}},
      {"a flush", {{create, 0}, q, next, q, next, q, {flush, 0}, next, next, next}},
      {"two objects in one slot", {{create, 0}, q, q, next, next, next}},
  };
}

std::vector<op> generate(rng& random) {
  const u32 length = std::uniform_int_distribution<u32>{1, 40}(random);
  std::vector<op> ops{{create, 0}};
  for (u32 i = 0; i < length; ++i) {
    const u32 pick = std::uniform_int_distribution<u32>{0, 19}(random);
    if (pick < 9)
      ops.push_back({queue, pick != 0});
    else if (pick < 18)
      ops.push_back({next_frame, 0});
    else
      ops.push_back({flush, 0});
  }
  return ops;
}

bool bind(const void* table) {
  api = static_cast<const xe_deferred_release_api*>(table);
  return api->abi == xe_exercise_abi;
}

}  // namespace

extern const exercise_grader deferred_release_grader{
    "12-deferred-release", "xe_exercise_deferred_release", bind, scenarios, generate, run};

}  // namespace xe::grade
