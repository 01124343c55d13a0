// The learner's 09-free-list code in the engine (d3d12_learner_surfaces.h): the reference
// solution chooses the surfaces' slots as the engine's utl::free_list would, and the engine
// refuses and counts the answers of code that gets it wrong, keeping every surface it has.
#include <gtest/gtest.h>

#include "09-free-list/free_list.h"
#include "graphics/lab.h"
#include "graphics/renderer.h"

// The reference solution is linked into this test (learner_surfaces_reference.cpp).
XE_EXERCISE_EXPORT const xe_free_list_api* xe_exercise_free_list();

namespace xe::sandbox {
namespace {

class learner_surfaces_test : public ::testing::Test {
protected:
  void start(const xe_free_list_api* code) {
    gfx::lab::set_learner_surface_code(code);
    ASSERT_TRUE(gfx::initialize());
  }
  void TearDown() override {
    gfx::lab::set_learner_surface_code(nullptr);
    EXPECT_EQ(gfx::get_validation_error_count(), 0u);
    const auto report = gfx::shutdown();
    EXPECT_EQ(report.device_references_left, 0u);
  }
  static result<gfx::surface_id> open() { return gfx::create_surface({.width = 32, .height = 32}); }
};

TEST_F(learner_surfaces_test, the_reference_solution_chooses_the_slots_the_engine_would) {
  start(xe_exercise_free_list());
  std::vector<gfx::surface_id> ids;
  for (int i = 0; i < 4; ++i) ids.push_back(*open());
  ASSERT_TRUE(gfx::remove_surface(ids[1]));
  ASSERT_TRUE(gfx::remove_surface(ids[3]));
  gfx::surfaces_info info = gfx::calculate_surfaces_info();
  EXPECT_TRUE(info.learner);
  EXPECT_EQ(info.next_free, 3u);  // the chain 3 -> 1, read from the learner's object
  EXPECT_EQ(info.slots[3].next_free, 1u);
  EXPECT_EQ(info.slots[1].next_free, invalid_id);
  EXPECT_EQ(open()->index(), 3u);
  EXPECT_EQ(open()->index(), 1u);
  EXPECT_EQ(open()->index(), 4u);
  info = gfx::calculate_surfaces_info();
  EXPECT_EQ(info.size, 5u);
  EXPECT_EQ(info.faults, 0u);
}

// A learner's free_list that answers wrong: add() hands out slot 0 every time after the first,
// then slot 9; remove() refuses everything.
struct wrong_list {
  static inline u32 adds = 0;
  static void* create() {
    adds = 0;
    return &adds;
  }
  static void destroy(void*) {}
  static u32 add(void*, u64) { return adds++ < 3 ? 0u : 9u; }
  static bool remove(void*, u32) { return false; }
  static bool is_live(const void*, u32) { return true; }
  static u64 value(const void*, u32) { return adds; }  // the value of the first add only
  static u32 size(const void*) { return 1; }
  static u32 next_free(const void*) { return invalid_index; }
  static u32 capacity(const void*) { return 1; }
  static u32 link(const void*, u32) { return invalid_index; }
  static const char* error() { return ""; }
  static inline const xe_free_list_api api{xe_exercise_abi, create, destroy,   add,      remove, is_live,
                                           value,           size,   next_free, capacity, link,   error};
};

TEST_F(learner_surfaces_test, wrong_answers_are_refused_counted_and_named) {
  start(&wrong_list::api);
  auto first = open();
  ASSERT_TRUE(first);
  EXPECT_EQ(first->index(), 0u);
  auto live = open();
  ASSERT_FALSE(live);
  EXPECT_NE(live.error_value().reason.find("returned slot 0, which holds a live surface"), std::string::npos)
      << live.error_value().reason;
  EXPECT_FALSE(open());  // slot 0 again
  auto past = open();
  ASSERT_FALSE(past);
  EXPECT_NE(past.error_value().reason.find("returned slot 9, past the end"), std::string::npos)
      << past.error_value().reason;
  ASSERT_TRUE(gfx::remove_surface(*first));  // removed by the engine, refused by the learner's
  const gfx::surfaces_info info = gfx::calculate_surfaces_info();
  EXPECT_EQ(info.size, 0u);
  EXPECT_EQ(info.faults, 4u);
  EXPECT_NE(info.last_fault.find("your remove(0) refused slot 0"), std::string::npos) << info.last_fault;
}

}  // namespace
}  // namespace xe::sandbox
