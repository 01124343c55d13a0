// The learner's 12-deferred-release code in the engine (d3d12_deferred_release.h): the
// reference solution keeps the release queues as the engine's would, and the engine refuses
// and reports every release of code that gets it wrong, releasing nothing the GPU may still
// use (the validation layer would say so) and leaking nothing (shutdown counts).
#include <gtest/gtest.h>

#include <vector>

#include "12-deferred-release/deferred_release.h"
#include "graphics/lab.h"
#include "engine_fixture.h"
#include "graphics/renderer.h"

// The reference solution is linked into this test (learner_release_reference.cpp).
XE_EXERCISE_EXPORT const xe_deferred_release_api* xe_exercise_deferred_release();

namespace xe::sandbox {
namespace {

class learner_release_test : public engine_with_a_surface {
protected:
  void start(const xe_deferred_release_api* code) {
    gfx::lab::set_learner_release_code(code);
    engine_with_a_surface::start();
    ASSERT_EQ(gfx::lab::learner_release_code_running(), code != nullptr);
  }
  void TearDown() override {
    gfx::lab::set_learner_release_code(nullptr);
    engine_with_a_surface::TearDown();
    EXPECT_FALSE(gfx::lab::learner_release_code_running());
  }
  static std::vector<std::string> waiting(u32 slot) {
    std::array<std::vector<gfx::object_info>, gfx::frame_slot_count> queues;
    gfx::copy_deferred_releases(queues);
    std::vector<std::string> names;
    for (const auto& o : queues[slot]) names.push_back(o.name);
    return names;
  }
  static void texture(const char* name) {
    ASSERT_TRUE(gfx::lab::create_texture({.name = name, .width = 16, .height = 16}));
  }
};

TEST_F(learner_release_test, the_reference_solution_keeps_the_queues_as_the_engine_would) {
  start(xe_exercise_deferred_release());
  texture("first");
  texture("second");
  frames(1);
  const u32 slot = gfx::get_frame_stats().frame_slot;
  ASSERT_TRUE(gfx::lab::release_texture("first"));
  ASSERT_TRUE(gfx::lab::release_texture("second"));
  EXPECT_EQ(waiting(slot), (std::vector<std::string>{"first", "second"}));
  frames(2);  // the other slots come first
  EXPECT_EQ(waiting(slot).size(), 2u);
  frames(1);
  EXPECT_TRUE(waiting(slot).empty());
  EXPECT_EQ(gfx::lab::learner_release_refusals(), 0u);
  texture("flushed");
  ASSERT_TRUE(gfx::lab::release_texture("flushed"));
  ASSERT_TRUE(gfx::flush());
  for (u32 s = 0; s < gfx::frame_slot_count; ++s) EXPECT_TRUE(waiting(s).empty());
  EXPECT_EQ(gfx::lab::learner_release_refusals(), 0u);
}

// A learner's code that gets it wrong in one of four ways.
struct wrong_code {
  enum mode { at_once, every_slot, twice, keeps_at_flush };
  static inline mode how = at_once;
  static inline std::vector<xe_object*> held[frame_buffer_count];
  static inline xe_release_fn release_fn{};
  static void* create(xe_release_fn fn) {
    release_fn = fn;
    for (auto& list : held) list.clear();
    return &how;
  }
  static void destroy(void*) {}
  static void deferred_release(void*, xe_object* object, u32 slot) {
    if (how == at_once) {
      release_fn(object);
      return;
    }
    held[slot].push_back(object);
  }
  static void process(void*, u32 slot) {
    for (u32 s = 0; s < frame_buffer_count; ++s) {
      if (how != every_slot && s != slot) continue;
      for (xe_object* object : held[s]) release_fn(object);
      if (how != twice) held[s].clear();
    }
  }
  static void flush(void*) {
    if (how == keeps_at_flush) return;
    for (u32 s = 0; s < frame_buffer_count; ++s) process(nullptr, s);
  }
  static u32 waiting(const void*, u32 slot) { return static_cast<u32>(held[slot].size()); }
  static const char* error() { return ""; }
  static inline const xe_deferred_release_api api{xe_exercise_abi, create, destroy, deferred_release,
                                                  process,         flush,  waiting, error};
};

class wrong_release_code : public learner_release_test, public ::testing::WithParamInterface<wrong_code::mode> {};

TEST_P(wrong_release_code, is_refused_and_reported_and_nothing_is_freed_early_or_leaked) {
  wrong_code::how = GetParam();
  start(&wrong_code::api);
  texture("early");
  texture("other");
  texture("late");
  frames(1);
  ASSERT_TRUE(gfx::lab::release_texture("early"));
  frames(1);
  ASSERT_TRUE(gfx::lab::release_texture("other"));  // a slot later
  frames(3);                                        // both slots came round
  ASSERT_TRUE(gfx::lab::release_texture("late"));   // waits at the flush
  const u32 before_flush = gfx::lab::learner_release_refusals();
  ASSERT_TRUE(gfx::flush());
  const u32 after_flush = gfx::lab::learner_release_refusals();
  switch (GetParam()) {
    case wrong_code::at_once: EXPECT_EQ(before_flush, 3u); break;     // each, in deferred_release
    case wrong_code::every_slot: EXPECT_EQ(before_flush, 2u); break;  // each, in the next slot's turn
    case wrong_code::twice: EXPECT_EQ(before_flush, 0u); break;       // right once, in each slot's turn...
    case wrong_code::keeps_at_flush: EXPECT_EQ(before_flush, 0u); break;
  }
  if (GetParam() == wrong_code::keeps_at_flush) {
    EXPECT_EQ(after_flush, 1u);  // late: released by the engine
  } else if (GetParam() == wrong_code::twice) {
    EXPECT_EQ(after_flush, 2u);  // ...and early and other again at the flush (late's first release is right)
  }
  for (u32 s = 0; s < gfx::frame_slot_count; ++s) EXPECT_TRUE(waiting(s).empty()) << s;
  frames(1);
}

INSTANTIATE_TEST_SUITE_P(modes, wrong_release_code,
                         ::testing::Values(wrong_code::at_once, wrong_code::every_slot, wrong_code::twice,
                                           wrong_code::keeps_at_flush));

}  // namespace
}  // namespace xe::sandbox
