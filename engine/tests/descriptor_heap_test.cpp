#include <algorithm>
#include <atomic>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "gpu_test.h"
#include "engine_access.h"
#include "graphics/d3d12/d3d12_descriptor_heap.h"
#include "graphics/d3d12/d3d12_wiki_heap.h"
#include "graphics/stats_internal.h"

namespace xe::test {
namespace {

using gfx::d3d12::descriptor_handle;
using gfx::d3d12::descriptor_heap;

class descriptor_heap_test : public gpu_test {
protected:
  // A standalone heap on the real device; released (deferred) at the end of the test.
  struct scoped_heap {
    gfx::d3d12::frame_clock clock;  // where frees go; a test moves it as the engine's frames would
    descriptor_heap heap;
    explicit scoped_heap(gfx::heap_type type) : heap{type, clock} {}
    ~scoped_heap() { heap.release(); }
  };

  static std::vector<u32> free_stack(const descriptor_heap& heap) {
    gfx::heap_state state;
    heap.copy_state(state);
    return state.free_stack;
  }
};

TEST_F(descriptor_heap_test, wiki_worked_example) {
  scoped_heap demo{gfx::heap_type::cbv_srv_uav};
  XE_ASSERT_OK(demo.heap.initialize(test::engine_device(), 5, false, "demo"));
  EXPECT_EQ(free_stack(demo.heap), (std::vector<u32>{0, 1, 2, 3, 4}));
  EXPECT_EQ(demo.heap.size(), 0u);

  auto a = demo.heap.allocate();
  auto b = demo.heap.allocate();
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->index, 0u);
  EXPECT_EQ(b->index, 1u);
  EXPECT_EQ(demo.heap.size(), 2u);

  descriptor_handle first = *a;
  XE_ASSERT_OK(demo.heap.free(first));
  EXPECT_FALSE(first.is_valid()) << "free() invalidates the caller's handle";
  // Deferred: nothing moves until the slot is processed.
  EXPECT_EQ(free_stack(demo.heap), (std::vector<u32>{0, 1, 2, 3, 4}));
  EXPECT_EQ(demo.heap.size(), 2u);
  gfx::heap_state state;
  demo.heap.copy_state(state);
  EXPECT_EQ(state.deferred[0], (std::vector<u32>{0}));

  demo.heap.process_deferred_free(0);
  EXPECT_EQ(free_stack(demo.heap), (std::vector<u32>{0, 0, 2, 3, 4}));
  EXPECT_EQ(demo.heap.size(), 1u);

  auto next = demo.heap.allocate();
  ASSERT_TRUE(next);
  EXPECT_EQ(next->index, 0u);
  EXPECT_EQ(next->cpu.ptr, demo.heap.cpu_start().ptr);
}

TEST_F(descriptor_heap_test, handles_address_the_heap) {
  scoped_heap srv{gfx::heap_type::cbv_srv_uav};
  XE_ASSERT_OK(srv.heap.initialize(test::engine_device(), 8, true, "visible"));
  EXPECT_TRUE(srv.heap.is_shader_visible());
  for (u32 i = 0; i < 8; ++i) {
    auto h = srv.heap.allocate();
    ASSERT_TRUE(h);
    EXPECT_EQ(h->cpu.ptr, srv.heap.cpu_start().ptr + h->index * srv.heap.descriptor_size());
    EXPECT_EQ(h->gpu.ptr, srv.heap.gpu_start().ptr + h->index * srv.heap.descriptor_size());
    EXPECT_TRUE(h->is_shader_visible());
  }
  EXPECT_GT(srv.heap.descriptor_size(), 0u);
}

// Each misuse returns its error code and leaves the free stack, size and deferred
// queues exactly as they were.
TEST_F(descriptor_heap_test, misuse_is_reported_and_changes_nothing) {
  scoped_heap heap{gfx::heap_type::cbv_srv_uav};
  scoped_heap other{gfx::heap_type::cbv_srv_uav};
  XE_ASSERT_OK(heap.heap.initialize(test::engine_device(), 4, false, "mine"));
  XE_ASSERT_OK(other.heap.initialize(test::engine_device(), 4, false, "other"));

  auto h0 = heap.heap.allocate();
  auto h1 = heap.heap.allocate();
  auto foreign = other.heap.allocate();
  ASSERT_TRUE(h0 && h1 && foreign);
  descriptor_handle freed = *h0;
  const descriptor_handle stale_copy = *h0;
  XE_ASSERT_OK(heap.heap.free(freed));

  gfx::heap_state before;
  heap.heap.copy_state(before);
  const u32 size_before = heap.heap.size();
  auto expect_unchanged = [&] {
    gfx::heap_state after;
    heap.heap.copy_state(after);
    EXPECT_EQ(after.free_stack, before.free_stack);
    EXPECT_EQ(after.deferred, before.deferred);
    EXPECT_EQ(heap.heap.size(), size_before);
  };

  descriptor_handle again = stale_copy;  // index 0 is waiting in the deferred queue
  auto r = heap.heap.free(again);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error_value().code, errc::double_free);
  EXPECT_NE(r.error_value().reason.find("deferred"), std::string::npos) << r.error_value().reason;
  expect_unchanged();

  descriptor_handle wrong = *foreign;
  r = heap.heap.free(wrong);
  EXPECT_EQ(r.error_value().code, errc::wrong_heap);
  EXPECT_NE(r.error_value().reason.find("other"), std::string::npos) << r.error_value().reason;
  EXPECT_TRUE(wrong.is_valid()) << "a rejected free leaves the handle alone";
  expect_unchanged();

  descriptor_handle null_handle{};
  EXPECT_EQ(heap.heap.free(null_handle).error_value().code, errc::invalid_handle);
  descriptor_handle forged = *h1;
  forged.index = 3;  // cpu pointer no longer matches the index
  EXPECT_EQ(heap.heap.free(forged).error_value().code, errc::invalid_handle);
  EXPECT_EQ(heap.heap.free_index(4).error_value().code, errc::invalid_handle);
  EXPECT_EQ(heap.heap.free_index(2).error_value().code, errc::double_free);  // never allocated
  expect_unchanged();

  // Stale handle: index 0 comes back and is handed out again; the old copy must not free
  // the new owner's descriptor.
  heap.heap.process_deferred_free(0);
  auto reused = heap.heap.allocate();
  ASSERT_TRUE(reused);
  ASSERT_EQ(reused->index, 0u);
  descriptor_handle stale = stale_copy;
  r = heap.heap.free(stale);
  EXPECT_EQ(r.error_value().code, errc::double_free);
  EXPECT_NE(r.error_value().reason.find("stale"), std::string::npos) << r.error_value().reason;
  EXPECT_TRUE(heap.heap.is_allocated(0));
}

TEST_F(descriptor_heap_test, full_heap_refuses_and_stays_intact) {
  scoped_heap heap{gfx::heap_type::rtv};
  XE_ASSERT_OK(heap.heap.initialize(test::engine_device(), 3, false, "small"));
  for (u32 i = 0; i < 3; ++i) ASSERT_TRUE(heap.heap.allocate());
  const auto stack = free_stack(heap.heap);
  auto r = heap.heap.allocate();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error_value().code, errc::heap_full);
  EXPECT_EQ(free_stack(heap.heap), stack);
  EXPECT_EQ(heap.heap.size(), 3u);
  // Freed but deferred indices still occupy the heap until their slot is processed.
  XE_ASSERT_OK(heap.heap.free_index(1));
  EXPECT_EQ(heap.heap.allocate().error_value().code, errc::heap_full);
  heap.heap.process_deferred_free(0);
  auto after = heap.heap.allocate();
  ASSERT_TRUE(after);
  EXPECT_EQ(after->index, 1u);
}

TEST_F(descriptor_heap_test, d3d12_limits_are_enforced) {
  ID3D12Device* device = test::engine_device();
  {
    scoped_heap h{gfx::heap_type::cbv_srv_uav};
    EXPECT_EQ(h.heap.initialize(device, 1'000'001, true, "too big").error_value().code, errc::invalid_argument);
  }
  {
    scoped_heap h{gfx::heap_type::cbv_srv_uav};
    XE_ASSERT_OK(h.heap.initialize(device, 1'000'000, true, "one million"));
    EXPECT_EQ(h.heap.capacity(), 1'000'000u);
  }
  {
    scoped_heap h{gfx::heap_type::sampler};
    EXPECT_EQ(h.heap.initialize(device, 2049, true, "samplers").error_value().code, errc::invalid_argument);
  }
  {
    scoped_heap h{gfx::heap_type::sampler};
    XE_ASSERT_OK(h.heap.initialize(device, 2048, true, "samplers"));
  }
  {
    scoped_heap h{gfx::heap_type::rtv};
    EXPECT_EQ(h.heap.initialize(device, 8, true, "visible rtv").error_value().code, errc::invalid_argument);
  }
  {
    scoped_heap h{gfx::heap_type::dsv};
    EXPECT_EQ(h.heap.initialize(device, 0, false, "empty").error_value().code, errc::invalid_argument);
  }
}

// 8 threads allocate and free concurrently while another thread plays the frame loop,
// processing slots round-robin. Afterwards every index is in exactly one place:
// allocated, on the free part of the stack, or in one deferred queue.
TEST_F(descriptor_heap_test, concurrent_allocate_free_keeps_every_index_exactly_once) {
  constexpr u32 threads = 8;
  constexpr u32 iterations = 100'000;
  constexpr u32 capacity = 1'000'000;
  scoped_heap shared{gfx::heap_type::cbv_srv_uav};
  XE_ASSERT_OK(shared.heap.initialize(test::engine_device(), capacity, false, "stress"));

  std::atomic<bool> stop{false};
  std::thread frames([&] {
    for (u32 slot = 0; !stop.load(); slot = (slot + 1) % gfx::frame_slot_count) {
      shared.heap.process_deferred_free(slot);
      shared.clock.publish(slot, 0);
      std::this_thread::yield();
    }
  });

  std::vector<std::vector<descriptor_handle>> kept(threads);
  std::atomic<u32> failures{0};
  std::vector<std::thread> workers;
  for (u32 t = 0; t < threads; ++t) {
    workers.emplace_back([&, t] {
      std::mt19937 rng{t};
      std::vector<descriptor_handle>& held = kept[t];
      for (u32 i = 0; i < iterations; ++i) {
        if (held.size() < 32 && (held.empty() || rng() % 2)) {
          auto h = shared.heap.allocate();
          if (h)
            held.push_back(*h);
          else
            failures.fetch_add(1);
        } else {
          const size_t pick = rng() % held.size();
          if (!shared.heap.free(held[pick])) failures.fetch_add(1);
          held[pick] = held.back();
          held.pop_back();
        }
      }
    });
  }
  for (auto& w : workers) w.join();
  stop = true;
  frames.join();
  EXPECT_EQ(failures.load(), 0u);

  gfx::heap_state state;
  shared.heap.copy_state(state);
  const u32 size = shared.heap.size();
  std::vector<u32> seen(capacity, 0);
  u32 allocated = 0;
  for (const auto& held : kept)
    for (const auto& h : held) {
      ++seen[h.index];
      ++allocated;
      EXPECT_TRUE(shared.heap.is_allocated(h.index));
    }
  for (u32 i = size; i < capacity; ++i) ++seen[state.free_stack[i]];
  u32 deferred = 0;
  for (const auto& list : state.deferred)
    for (u32 index : list) {
      ++seen[index];
      ++deferred;
    }
  EXPECT_EQ(size, allocated + deferred);
  EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](u32 n) { return n == 1; }))
      << "an index is missing or duplicated";
}

// What a hook sees of a heap: allocations, frees and returns queued on this thread and
// delivered in batches of one frame each, before the thread's next other event, each with
// the heap's interned name.
struct seen_event {
  gfx::event_type type;
  u32 index;
  u64 frame;
  std::string heap;
  int batch;  // -1: through on_event
  bool operator==(const seen_event&) const = default;
};
struct hook_log {
  std::vector<seen_event> events;
  std::vector<size_t> batch_sizes;
  std::vector<u64> times;  // engine clock, one per event
  static void one(const gfx::event& e, void* user) {
    static_cast<hook_log*>(user)->events.push_back({e.type, e.index, e.frame, e.heap.str(), -1});
    static_cast<hook_log*>(user)->times.push_back(e.time);
  }
  static void batch(u64 frame, u64 time, std::span<const gfx::descriptor_event> events, void* user) {
    auto* log = static_cast<hook_log*>(user);
    log->times.insert(log->times.end(), events.size(), time);
    for (const auto& e : events)
      log->events.push_back({e.type, e.index, frame, e.heap.str(), static_cast<int>(log->batch_sizes.size())});
    log->batch_sizes.push_back(events.size());
  }
};

TEST_F(descriptor_heap_test, hooks_get_descriptor_events_in_order_in_batches) {
  using enum gfx::event_type;
  hook_log log;
  gfx::install_hooks({.on_event = &hook_log::one, .on_descriptor_events = &hook_log::batch, .user = &log});
  gfx::detail::set_event_frame(7);
  {
    scoped_heap heap{gfx::heap_type::cbv_srv_uav};
    XE_ASSERT_OK(heap.heap.initialize(test::engine_device(), 600, false, "hooked"));
    const u64 before = gfx::get_engine_time_ns();
    auto a = heap.heap.allocate();
    ASSERT_TRUE(a);
    XE_ASSERT_OK(heap.heap.free(*a));
    EXPECT_TRUE(log.events.empty()) << "queued, not delivered one by one";

    gfx::event fence{.type = fence_signaled, .value = 1};
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    gfx::detail::emit(fence);  // any other event delivers the queue first
    gfx::detail::set_event_frame(8);
    heap.heap.process_deferred_free(0);  // frame 8: a batch of its own
    gfx::flush_events();
    EXPECT_EQ(log.events, (std::vector<seen_event>{{descriptor_allocated, 0, 7, "hooked", 0},
                                                   {descriptor_freed, 0, 7, "hooked", 0},
                                                   {fence_signaled, invalid_id, 7, "", -1},
                                                   {descriptor_returned, 0, 8, "hooked", 1}}));
    // On the engine's clock, in the order they happened: a batch carries the time its first
    // event was queued, before the fence event 2 ms later.
    ASSERT_EQ(log.times.size(), 4u);
    EXPECT_GE(log.times[0], before);
    EXPECT_EQ(log.times[1], log.times[0]) << "one batch, one time";
    EXPECT_GE(log.times[2], log.times[1] + 2'000'000);
    EXPECT_GE(log.times[3], log.times[2]);
    EXPECT_LE(log.times[3], gfx::get_engine_time_ns());

    // More than a queue holds: full batches, nothing lost, in order.
    log = {};
    std::vector<u32> indices;
    XE_ASSERT_OK(heap.heap.allocate_indices(600, "many", indices));
    gfx::flush_events();
    EXPECT_EQ(log.batch_sizes, (std::vector<size_t>{256, 256, 88}));
    ASSERT_EQ(log.events.size(), 600u);
    for (u32 i = 0; i < 600; ++i) EXPECT_EQ(log.events[i].index, indices[i]);

    // Released: what it queued is delivered as it releases.
    log = {};
    XE_ASSERT_OK(heap.heap.free_index(indices[0]));
    heap.heap.release();
    ASSERT_FALSE(log.events.empty());
    EXPECT_EQ(log.events.front(), (seen_event{descriptor_freed, indices[0], 8, "hooked", 0}));
  }

  // Without a batch hook, the same events arrive one by one through on_event.
  log = {};
  gfx::install_hooks({.on_event = &hook_log::one, .user = &log});
  {
    scoped_heap heap{gfx::heap_type::cbv_srv_uav};
    XE_ASSERT_OK(heap.heap.initialize(test::engine_device(), 4, false, "single"));
    auto a = heap.heap.allocate();
    ASSERT_TRUE(a);
    gfx::flush_events();
    EXPECT_EQ(log.events, (std::vector<seen_event>{{descriptor_allocated, 0, 8, "single", -1}}));
  }
  gfx::uninstall_hooks();
  gfx::detail::set_event_frame(0);
}

// The wiki's heap as written (7.6): process_deferred_release never clears the slot's list,
// so the same index comes back each time the slot comes round and _size runs down until the
// model stops the write below zero.
class wiki_heap_test : public gpu_test {
protected:
  struct scoped_wiki_heap {
    gfx::d3d12::wiki_descriptor_heap heap;
    explicit scoped_wiki_heap(gfx::d3d12::wiki_fixes fixes = {}) : heap{gfx::heap_type::cbv_srv_uav, fixes} {}
    ~scoped_wiki_heap() { heap.release(); }
  };
  static gfx::heap_state state_of(const gfx::d3d12::heap_interface& heap) {
    gfx::heap_state state;
    heap.copy_state(state);
    return state;
  }
};

TEST_F(wiki_heap_test, a_slot_is_pushed_back_every_time_it_comes_round) {
  scoped_wiki_heap wiki;
  XE_ASSERT_OK(wiki.heap.initialize(test::engine_device(), 5, false, "wiki"));
  auto a = wiki.heap.allocate();
  auto b = wiki.heap.allocate();
  ASSERT_TRUE(a && b);
  XE_ASSERT_OK(wiki.heap.free_index(a->index));
  EXPECT_EQ(wiki.heap.size(), 2u) << "the header's size() excludes deferred frees; _size does not";
  wiki.heap.process_deferred_free(0);
  EXPECT_EQ(wiki.heap.size(), 1u);
  EXPECT_EQ(state_of(wiki.heap).free_stack, (std::vector<u32>{0, 0, 2, 3, 4})) << "the wiki's 7.6 picture";
  EXPECT_EQ(state_of(wiki.heap).deferred[0], (std::vector<u32>{0})) << "never cleared";
  wiki.heap.process_deferred_free(0);  // slot 0 comes round again, nothing freed since
  EXPECT_EQ(wiki.heap.size(), 0u);
  EXPECT_EQ(wiki.heap.faults(), 0u);
  wiki.heap.process_deferred_free(0);  // --_size at 0: stopped, counted, nothing written
  EXPECT_EQ(wiki.heap.size(), 0u);
  EXPECT_EQ(wiki.heap.faults(), 1u);
  EXPECT_EQ(state_of(wiki.heap).free_stack, (std::vector<u32>{0, 0, 2, 3, 4}));
  EXPECT_NE(state_of(wiki.heap).last_fault.find("4294967295"), std::string::npos);
  EXPECT_EQ(wiki.heap.get_info().model, gfx::heap_model::wiki);
}

TEST_F(wiki_heap_test, a_double_free_hands_one_index_out_twice) {
  scoped_wiki_heap wiki;
  XE_ASSERT_OK(wiki.heap.initialize(test::engine_device(), 4, false, "wiki"));
  ASSERT_TRUE(wiki.heap.allocate());
  auto one = wiki.heap.allocate();
  ASSERT_TRUE(one);
  XE_ASSERT_OK(wiki.heap.free_index(one->index));
  XE_ASSERT_OK(wiki.heap.free_index(one->index));  // the wiki's free() checks nothing
  wiki.heap.process_deferred_free(0);
  auto x = wiki.heap.allocate();
  auto y = wiki.heap.allocate();
  ASSERT_TRUE(x && y);
  EXPECT_EQ(x->index, one->index);
  EXPECT_EQ(y->index, one->index);
}

TEST_F(wiki_heap_test, a_full_heap_is_read_past_its_end_and_stopped) {
  scoped_wiki_heap wiki;
  XE_ASSERT_OK(wiki.heap.initialize(test::engine_device(), 2, false, "wiki"));
  ASSERT_TRUE(wiki.heap.allocate());
  ASSERT_TRUE(wiki.heap.allocate());
  auto third = wiki.heap.allocate();
  ASSERT_FALSE(third);
  EXPECT_NE(third.error_value().reason.find("past the end"), std::string::npos) << third.error_value().reason;
  EXPECT_EQ(wiki.heap.faults(), 1u);
  EXPECT_EQ(wiki.heap.size(), 2u);
}

TEST_F(wiki_heap_test, each_fix_switches_one_mistake_off) {
  scoped_wiki_heap wiki{{.clear_after_processing = true, .capacity_check = true, .double_free_check = true}};
  XE_ASSERT_OK(wiki.heap.initialize(test::engine_device(), 2, false, "wiki"));
  auto a = wiki.heap.allocate();
  ASSERT_TRUE(a && wiki.heap.allocate());
  EXPECT_FALSE(wiki.heap.allocate()) << "capacity check";
  XE_ASSERT_OK(wiki.heap.free_index(a->index));
  EXPECT_FALSE(wiki.heap.free_index(a->index)) << "double-free check";
  wiki.heap.process_deferred_free(0);
  wiki.heap.process_deferred_free(0);
  EXPECT_EQ(wiki.heap.size(), 1u) << "cleared after processing: returned once";
  EXPECT_EQ(wiki.heap.faults(), 0u);
}

// Two threads (wiki 7.8): in the timed rounds the loader's allocate() lands inside the wiki
// heap's unlocked update and its ++_size is lost; the engine's heap makes the loader wait
// for its lock, and both come out of the free-running part with the check they deserve.
TEST_F(wiki_heap_test, race_damages_the_wiki_heap_and_not_the_engines) {
  auto engine = gfx::lab::race_heap({.model = gfx::heap_model::engine, .iterations = 20'000});
  ASSERT_TRUE(engine) << engine.error_value().reason;
  EXPECT_EQ(engine->landed_inside, 0u);
  EXPECT_EQ(engine->damage, 0u);
  EXPECT_EQ(engine->final_size, 0u);
  auto wiki = gfx::lab::race_heap({.model = gfx::heap_model::wiki, .iterations = 2'000});
  ASSERT_TRUE(wiki) << wiki.error_value().reason;
  EXPECT_EQ(wiki->landed_inside, wiki->rounds);
  EXPECT_GE(wiki->damage, 1u);
  EXPECT_FALSE(gfx::lab::race_heap({.iterations = 0}));
}

}  // namespace
}  // namespace xe::test
