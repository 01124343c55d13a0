#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "utilities/free_list.h"

namespace xe::utl {
namespace {

TEST(free_list, adds_in_order_and_reuses_the_newest_freed_slot_first) {
  free_list<std::string> list;
  EXPECT_EQ(list.add("A"), 0u);
  EXPECT_EQ(list.add("B"), 1u);
  EXPECT_EQ(list.add("C"), 2u);
  EXPECT_EQ(list.next_free(), invalid_id);

  ASSERT_TRUE(list.remove(1));
  EXPECT_EQ(list.next_free(), 1u);
  // The freed slot stores the previous head of the chain: nothing was free before.
  EXPECT_EQ(list.info(1).next_free, invalid_id);
  EXPECT_FALSE(list.info(1).live);

  ASSERT_TRUE(list.remove(0));
  EXPECT_EQ(list.next_free(), 0u);
  EXPECT_EQ(list.info(0).next_free, 1u);  // 0 -> 1 -> end

  EXPECT_EQ(list.add("D"), 0u);  // newest freed first
  EXPECT_EQ(list.next_free(), 1u);
  EXPECT_EQ(list.add("E"), 1u);
  EXPECT_EQ(list.next_free(), invalid_id);
  EXPECT_EQ(list.add("F"), 3u);
  EXPECT_EQ(list[0], "D");
  EXPECT_EQ(list[1], "E");
  EXPECT_EQ(list[2], "C");
  EXPECT_EQ(list.size(), 4u);
  EXPECT_EQ(list.capacity(), 4u);
}

TEST(free_list, add_at_takes_the_chosen_slot_out_of_the_chain_or_appends) {
  free_list<std::string> list;
  for (const char* s : {"A", "B", "C", "D"}) list.add(s);
  ASSERT_TRUE(list.remove(1));
  ASSERT_TRUE(list.remove(3));
  ASSERT_TRUE(list.remove(2));         // chain: 2 -> 3 -> 1
  EXPECT_EQ(list.add_at(3, "X"), 3u);  // from the middle of the chain
  EXPECT_EQ(list.next_free(), 2u);
  EXPECT_EQ(list.info(2).next_free, 1u);
  EXPECT_EQ(list.add_at(2, "Y"), 2u);  // the head
  EXPECT_EQ(list.next_free(), 1u);
  EXPECT_EQ(list.add_at(4, "Z"), 4u);  // a new slot
  EXPECT_EQ(list.next_free(), 1u);
  EXPECT_EQ(list.add(), 1u);  // the chain still holds the rest
  EXPECT_EQ(list.next_free(), invalid_id);
  EXPECT_EQ(list[3], "X");
  EXPECT_EQ(list[2], "Y");
  EXPECT_EQ(list[4], "Z");
  EXPECT_EQ(list.size(), 5u);
}

TEST(free_list, double_remove_is_an_error_and_changes_nothing) {
  free_list<std::string> list;
  list.add("A");
  list.add("B");
  ASSERT_TRUE(list.remove(0));
  auto r = list.remove(0);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error_value().code, errc::double_free);
  EXPECT_EQ(list.size(), 1u);
  EXPECT_EQ(list.next_free(), 0u);
  EXPECT_EQ(list.info(0).next_free, invalid_id);  // chain not corrupted into a loop
  EXPECT_EQ(list.add("C"), 0u);
  EXPECT_EQ(list.add("D"), 2u);
}

// The wiki's free_list cannot see a double remove when the element is exactly a u32
// (the freed slot's next-free index looks like any live value). This one can.
TEST(free_list, double_remove_is_detected_when_element_is_u32_sized) {
  free_list<u32> list;
  list.add(7u);
  list.add(invalid_id);  // a live value equal to the "no next free" marker
  list.add(0u);          // a live value equal to a slot index
  ASSERT_TRUE(list.remove(2));
  EXPECT_EQ(list.remove(2).error_value().code, errc::double_free);
  ASSERT_TRUE(list.remove(1));
  EXPECT_EQ(list.remove(1).error_value().code, errc::double_free);
  EXPECT_TRUE(list.is_live(0));
  EXPECT_EQ(list[0], 7u);
  EXPECT_EQ(list.add(5u), 1u);
  EXPECT_EQ(list.add(6u), 2u);
}

TEST(free_list, out_of_range_ids_are_errors) {
  free_list<int> list;
  EXPECT_EQ(list.remove(0).error_value().code, errc::invalid_handle);
  list.add(1);
  EXPECT_EQ(list.remove(1).error_value().code, errc::invalid_handle);
  EXPECT_EQ(list.remove(invalid_id).error_value().code, errc::invalid_handle);
  EXPECT_FALSE(list.is_live(5));
}

TEST(free_list, generation_advances_on_each_remove) {
  free_list<int> list;
  const u32 id = list.add(1);
  const u32 g0 = list.info(id).generation;
  ASSERT_TRUE(list.remove(id));
  EXPECT_EQ(list.add(2), id);
  EXPECT_NE(list.info(id).generation, g0);
}

// Growth moves live elements; each must be moved exactly once and destroyed exactly once
// (the wiki's vector-growth double release, 8.9).
struct counted {
  static inline int alive = 0;
  std::unique_ptr<int> owned;
  explicit counted(int v) : owned{std::make_unique<int>(v)} { ++alive; }
  counted(counted&& o) noexcept : owned{std::move(o.owned)} { ++alive; }
  ~counted() { --alive; }
};

TEST(free_list, growth_moves_elements_without_double_destruction) {
  counted::alive = 0;
  {
    free_list<counted> list;
    for (int i = 0; i < 100; ++i) list.add(i);
    for (u32 i = 0; i < 100; i += 3) ASSERT_TRUE(list.remove(i));
    for (int i = 0; i < 200; ++i) list.add(1000 + i);
    u32 live = 0;
    list.for_each([&](u32, counted& c) {
      ASSERT_TRUE(c.owned);
      ++live;
    });
    EXPECT_EQ(live, list.size());
    EXPECT_EQ(counted::alive, static_cast<int>(list.size()));
    EXPECT_EQ(*list[1].owned, 1);
  }
  EXPECT_EQ(counted::alive, 0);
}

// Wiki 8.9 says a free_list avoids the vector's moves; it does not. Indices stay, addresses
// change when every slot is taken and the storage grows; a reused slot moves nothing.
TEST(free_list, indices_are_stable_but_growth_moves_every_element) {
  free_list<counted> list;
  const u32 first = list.add(1);
  EXPECT_EQ(list.relocations(), 0u);
  while (list.capacity() < list.storage_capacity()) list.add(2);  // fill the storage
  const void* before = list.address(first);
  const u32 relocations = list.relocations();
  list.add(3);  // no free slot, no room: the vector grows
  EXPECT_EQ(list.relocations(), relocations + 1);
  EXPECT_NE(list.address(first), before);
  EXPECT_EQ(*list[first].owned, 1) << "the element moved with its contents";

  ASSERT_TRUE(list.remove(first));
  const u32 reused = list.add(4);  // the newest freed slot: nothing moves
  EXPECT_EQ(reused, first);
  EXPECT_EQ(list.relocations(), relocations + 1);
}

}  // namespace
}  // namespace xe::utl
