#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "utilities/interned_text.h"

namespace xe::utl {
namespace {

// Equal content is one pointer, whatever it was read from; the pool owns its copy, so the
// source's memory may change or die after.
TEST(interned_text, equal_texts_share_one_copy_and_a_changed_source_gives_its_new_text) {
  std::string source = "surface 0 back buffer 1 (long enough for the heap)";
  const interned_text a{source};
  const std::string copy = source;
  const interned_text b{copy};
  EXPECT_EQ(&a.str(), &b.str()) << "one copy per content";
  EXPECT_NE(a.str().data(), source.data()) << "the pool owns its copy";
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, "surface 0 back buffer 1 (long enough for the heap)");

  // The same address and length, other characters (a renamed resource, a freed name's memory
  // reused): never the old text.
  const size_t bytes = interned_text::pool_bytes();
  source[8] = '9';
  const interned_text c{source};
  EXPECT_EQ(c, source);
  EXPECT_NE(&c.str(), &a.str());
  EXPECT_EQ(a, "surface 0 back buffer 1 (long enough for the heap)") << "a held text never changes";
  EXPECT_GT(interned_text::pool_bytes(), bytes) << "a new text is counted";
  source[8] = '0';
  EXPECT_EQ(&interned_text{source}.str(), &a.str());

  const interned_text none;
  EXPECT_TRUE(none.empty());
  EXPECT_EQ(none, "");
  EXPECT_EQ(interned_text{std::string_view{}}, none);
  EXPECT_EQ(fmt::format("[{}]", a), "[surface 0 back buffer 1 (long enough for the heap)]");
}

TEST(interned_text, threads_interning_the_same_texts_get_the_same_pointers) {
  constexpr int threads = 4, texts = 200;
  std::vector<std::vector<const std::string*>> seen(threads);
  std::vector<std::thread> workers;
  for (int t = 0; t < threads; ++t)
    workers.emplace_back([&, t] {
      for (int i = 0; i < texts; ++i) seen[t].push_back(&interned_text{"thread text " + std::to_string(i)}.str());
    });
  for (auto& w : workers) w.join();
  for (int t = 1; t < threads; ++t) EXPECT_EQ(seen[t], seen[0]);
  EXPECT_EQ(*seen[0][17], "thread text 17");
}

}  // namespace
}  // namespace xe::utl
