// The learner's 06-frame-ring code in the engine (d3d12_learner_ring.h): the reference solution
// keeps the slots' fence values as the engine's ring would, and the engine refuses and counts
// each wrong answer of code that gets it wrong, doing that part itself: the GPU never executes
// from an allocator the CPU reset (the validation layer would say so), no wait hangs, and
// shutdown finds nothing left.
#include <gtest/gtest.h>

#include "06-frame-ring/frame_ring.h"
#include "graphics/lab.h"
#include "engine_fixture.h"
#include "graphics/renderer.h"

// The reference solution is linked into this test (learner_ring_reference.cpp).
XE_EXERCISE_EXPORT const xe_frame_ring_api* xe_exercise_frame_ring();

namespace xe::sandbox {
namespace {

class learner_ring_test : public engine_with_a_surface {
protected:
  void start(const xe_frame_ring_api* code) {
    gfx::lab::set_learner_ring_code(code);
    engine_with_a_surface::start();
  }
  void TearDown() override {
    gfx::lab::set_learner_ring_code(nullptr);
    engine_with_a_surface::TearDown();
  }
};

TEST_F(learner_ring_test, the_reference_solution_keeps_the_values_the_engine_would) {
  start(xe_exercise_frame_ring());
  frames(5);  // frames 0..4 signal 1..5 in slots 0, 1, 2, 0, 1
  gfx::frame_stats f = gfx::get_frame_stats();
  EXPECT_TRUE(f.learner);
  EXPECT_EQ(f.frame_number, 5u);
  EXPECT_EQ(f.cpu_fence_value, 5u);
  EXPECT_EQ(f.slot_fence_values, (std::array<u64, gfx::frame_slot_count>{4, 5, 3}));
  EXPECT_EQ(f.learner_frame_index, 2u);
  ASSERT_TRUE(gfx::flush());  // signals one more value and waits for it
  f = gfx::get_frame_stats();
  EXPECT_EQ(f.cpu_fence_value, 6u);
  EXPECT_GE(f.gpu_completed, 6u);
  frames(1);
  f = gfx::get_frame_stats();
  EXPECT_EQ(f.slot_fence_values, (std::array<u64, gfx::frame_slot_count>{4, 5, 7}));  // frame 5, in slot 2
  EXPECT_EQ(f.ring_faults, 0u);
}

TEST_F(learner_ring_test, without_learner_code_the_engine_keeps_its_own_ring) {
  start(nullptr);
  frames(2);
  ASSERT_TRUE(gfx::flush());
  const gfx::frame_stats f = gfx::get_frame_stats();
  EXPECT_FALSE(f.learner);
  EXPECT_EQ(f.cpu_fence_value, 3u);
}

// A learner's ring that gets it wrong in one way, and is right otherwise.
struct wrong_ring {
  enum mode { wrong_slot, signal_in_begin, waits_forever, no_signal, flush_without_signal, far_value };
  static inline mode how = wrong_slot;
  static inline u64 value = 0;
  static inline u64 slots[frame_buffer_count]{};
  static inline u32 index = 0;
  static void* create() {
    value = index = 0;
    for (u64& s : slots) s = 0;
    return &how;
  }
  static void destroy(void*) {}
  static u32 begin_frame(void*, xe_fence* f) {
    if (how == signal_in_begin) f->signal(f->self, value + 1);
    if (how == waits_forever) f->wait_for(f->self, value + 5);  // nothing will ever set it
    if (f->completed_value(f->self) < slots[index]) f->wait_for(f->self, slots[index]);
    return how == wrong_slot ? (index + 1) % frame_buffer_count : index;
  }
  static void end_frame(void*, xe_fence* f) {
    if (how != no_signal) {
      slots[index] = ++value;
      f->signal(f->self, how == far_value ? value + (u64{1} << 33) : value);  // far: past where u64 wraps soon
    }
    index = (index + 1) % frame_buffer_count;
  }
  static void flush(void*, xe_fence* f) {
    if (how != flush_without_signal) f->signal(f->self, ++value);
    if (f->completed_value(f->self) < value) f->wait_for(f->self, value);
  }
  static void view(const void*, u32* frame_index, u64* fence_value, u64* slot_values) {
    *frame_index = index;
    *fence_value = value;
    for (u32 s = 0; s < frame_buffer_count; ++s) slot_values[s] = slots[s];
  }
  static const char* error() { return ""; }
  static inline const xe_frame_ring_api api{xe_exercise_abi, create, destroy, begin_frame,
                                            end_frame,       flush,  view,    error};
};

class wrong_ring_code : public learner_ring_test, public ::testing::WithParamInterface<wrong_ring::mode> {};

TEST_P(wrong_ring_code, is_refused_and_counted_and_the_engine_does_that_part) {
  wrong_ring::how = GetParam();
  start(&wrong_ring::api);
  frames(2);  // slots 0 and 1, then 2 after the flush: no slot comes round, so no wait is missed by chance
  ASSERT_TRUE(gfx::flush());
  frames(1);
  const gfx::frame_stats f = gfx::get_frame_stats();
  EXPECT_TRUE(f.learner);
  EXPECT_EQ(f.frame_number, 3u);   // the engine went on, frame by frame
  EXPECT_GE(f.gpu_completed, 2u);  // the flush waited for the engine's last value, whatever theirs did
  switch (GetParam()) {
    case wrong_ring::wrong_slot: EXPECT_EQ(f.ring_faults, 3u); break;       // each begin_frame
    case wrong_ring::signal_in_begin: EXPECT_EQ(f.ring_faults, 3u); break;  // each, not signalled
    case wrong_ring::waits_forever:
      EXPECT_EQ(f.ring_faults, 3u);
      break;  // each wait returned at once
    // Each end_frame (the engine signalled 1, 2), then the flush's 1, not above 2, and so no
    // value of its own; then frame 2's end_frame.
    case wrong_ring::no_signal: EXPECT_EQ(f.ring_faults, 5u); break;
    case wrong_ring::flush_without_signal: EXPECT_EQ(f.ring_faults, 1u); break;
    // Each end_frame: refused, so no value of its own (the engine signalled 1, 2, 4); the
    // flush's 3 is above 2 and taken.
    case wrong_ring::far_value: EXPECT_EQ(f.ring_faults, 6u); break;
  }
}

INSTANTIATE_TEST_SUITE_P(modes, wrong_ring_code,
                         ::testing::Values(wrong_ring::wrong_slot, wrong_ring::signal_in_begin,
                                           wrong_ring::waits_forever, wrong_ring::no_signal,
                                           wrong_ring::flush_without_signal, wrong_ring::far_value));

}  // namespace
}  // namespace xe::sandbox
