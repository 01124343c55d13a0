// The learner's 07-deferred-free code in the engine (d3d12_learner_heap.h): the reference
// solution keeps a lesson heap as the engine's would, and the engine refuses, counts and
// describes the answers of code that gets it wrong, writing nothing through them.
#include <gtest/gtest.h>

#include "07-deferred-free/deferred_free.h"
#include "graphics/lab.h"
#include "engine_fixture.h"
#include "graphics/renderer.h"

// The reference solution is linked into this test (learner_heap_reference.cpp).
XE_EXERCISE_EXPORT const xe_deferred_free_api* xe_exercise_deferred_free();

namespace xe::sandbox {
namespace {

class learner_heap_test : public engine_with_a_surface {
protected:
  void SetUp() override { start(); }
  void TearDown() override {
    gfx::lab::set_learner_heap_code(nullptr);
    engine_with_a_surface::TearDown();
  }
  static gfx::heap_info info(u32 heap) { return gfx::get_heap_info(heap); }
};

TEST_F(learner_heap_test, the_reference_solution_keeps_a_heap_as_the_engine_would) {
  gfx::lab::set_learner_heap_code(xe_exercise_deferred_free());
  auto heap = gfx::lab::create_heap({.name = "mine", .type = gfx::heap_type::cbv_srv_uav, .capacity = 3});
  ASSERT_TRUE(heap);
  EXPECT_EQ(info(*heap).model, gfx::heap_model::learner);
  EXPECT_EQ(*gfx::lab::allocate_descriptor(*heap), 0u);
  EXPECT_EQ(*gfx::lab::allocate_descriptor(*heap), 1u);
  frames(1);
  ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 0));
  auto twice = gfx::lab::free_descriptor(*heap, 0);
  ASSERT_FALSE(twice);
  EXPECT_NE(twice.error_value().reason.find("already waiting"), std::string::npos) << twice.error_value().reason;
  gfx::heap_state state;
  gfx::copy_heap_state(*heap, state);
  u32 waiting = 0;
  for (const auto& list : state.deferred) waiting += static_cast<u32>(list.size());
  EXPECT_EQ(waiting, 1u);
  EXPECT_EQ(info(*heap).size, 2u);  // a freed index counts until processed (errata #6)
  frames(3);                        // its slot comes round: back on the stack, on top
  EXPECT_EQ(info(*heap).size, 1u);
  EXPECT_EQ(*gfx::lab::allocate_descriptor(*heap), 0u);
  EXPECT_EQ(info(*heap).faults, 0u);
}

// A learner's code that answers wrong: allocate() hands out an index outside the heap, then
// the same index twice; free() accepts anything.
struct wrong_code {
  static inline u32 next = 7;
  static void* create(u32) { return &next; }
  static void destroy(void*) {}
  static u32 allocate(void*) { return next == 7 ? (next = 1, 7u) : 1u; }
  static bool free(void*, u32, u32) { return true; }
  static void process(void*, u32) {}
  static u32 size(const void*) { return 0; }
  static void view(const void*, u32* entries, u32* top) {
    for (u32 i = 0; i < 3; ++i) entries[i] = i;
    *top = 0;
  }
  static u32 waiting(const void*, u32, u32*, u32) { return 0; }
  static const char* error() { return ""; }
  static inline const xe_deferred_free_api api{xe_exercise_abi, create, destroy, allocate, free,
                                               process,         size,   view,    waiting,  error};
};

TEST_F(learner_heap_test, the_engine_refuses_counts_and_names_wrong_answers) {
  gfx::lab::set_learner_heap_code(&wrong_code::api);
  auto heap = gfx::lab::create_heap({.name = "wrong", .type = gfx::heap_type::cbv_srv_uav, .capacity = 3});
  ASSERT_TRUE(heap);
  auto outside = gfx::lab::allocate_descriptor(*heap);
  ASSERT_FALSE(outside);
  EXPECT_NE(outside.error_value().reason.find("returned 7, outside the heap"), std::string::npos)
      << outside.error_value().reason;
  EXPECT_EQ(*gfx::lab::allocate_descriptor(*heap), 1u);
  auto twice = gfx::lab::allocate_descriptor(*heap);
  ASSERT_FALSE(twice);
  EXPECT_NE(twice.error_value().reason.find("already allocated"), std::string::npos) << twice.error_value().reason;
  auto never = gfx::lab::free_descriptor(*heap, 2);
  ASSERT_FALSE(never);
  EXPECT_NE(never.error_value().reason.find("accepted index 2, which is free"), std::string::npos)
      << never.error_value().reason;
  // Index 1 freed: the wrong code leaves it on its stack, which the engine's record notes.
  ASSERT_TRUE(gfx::lab::free_descriptor(*heap, 1));
  EXPECT_EQ(info(*heap).faults, 4u);
  gfx::heap_state state;
  gfx::copy_heap_state(*heap, state);
  EXPECT_NE(state.last_fault.find("index 1 is on your free stack after free(1"), std::string::npos) << state.last_fault;
  frames(1);
}

}  // namespace
}  // namespace xe::sandbox
