// latency_meter (app/latency.h): a sample runs from the input an action answers to the first
// present after the action, so a present during the action (a step's own frames) never ends it.
#include <gtest/gtest.h>

#include "app/latency.h"
#include "app/process_clock.h"

namespace xe::sandbox {
namespace {

using namespace std::chrono_literals;
using clock = latency_meter::clock;

TEST(latency_meter, runs_from_the_input_to_the_first_present_after_the_action) {
  latency_meter m;
  const clock::time_point t0{};
  m.input_arrived(t0 + 5ms);  // a key down: the release is the input the action answers
  m.input_arrived(t0 + 10ms);
  m.presented(t0 + 20ms);  // before the action: it shows nothing of it
  m.action_done(latency_kind::step);
  m.presented(t0 + 40ms);
  m.presented(t0 + 60ms);  // a later present adds nothing
  const auto s = m.summarize(latency_kind::step);
  EXPECT_EQ(s.count, 1u);
  EXPECT_DOUBLE_EQ(s.max_ms, 30.0);
  EXPECT_EQ(m.summarize(latency_kind::back).count, 0u);
}

TEST(latency_meter, a_window_change_counts_from_its_own_event_and_an_input_answers_once) {
  latency_meter m;
  const clock::time_point t0{};
  m.input_arrived(t0);
  m.action_done(latency_kind::resize, t0 + 50ms);  // leaves the input to the action it caused
  m.action_done(latency_kind::back);
  m.action_done(latency_kind::home);  // no input left: nothing to measure
  m.presented(t0 + 100ms);
  EXPECT_DOUBLE_EQ(m.summarize(latency_kind::back).max_ms, 100.0);
  EXPECT_DOUBLE_EQ(m.summarize(latency_kind::resize).max_ms, 50.0);
  EXPECT_EQ(m.summarize(latency_kind::home).count, 0u);
  for (int i = 1; i <= 20; ++i) {
    m.input_arrived(t0 + std::chrono::milliseconds(1000 * i));
    m.action_done(latency_kind::step);
    m.presented(t0 + std::chrono::milliseconds(1000 * i + i));  // 1..20 ms
  }
  const auto s = m.summarize(latency_kind::step);
  EXPECT_EQ(s.count, 20u);
  EXPECT_DOUBLE_EQ(s.p50_ms, 11.0);  // nearest rank of 20 sorted values
  EXPECT_DOUBLE_EQ(s.p95_ms, 19.0);
  EXPECT_DOUBLE_EQ(s.max_ms, 20.0);
  EXPECT_NE(m.report().find("latency kind=step count=20 p50_ms=11.0 p95_ms=19.0 max_ms=20.0"), std::string::npos)
      << m.report();
}

// Start-up runs from the process's start: read from the system, it lies between the test
// binary's launch (this machine's tests run for minutes, not hours) and now, and a second
// reading names the same moment to the system's tick (10 ms on Linux).
TEST(process_clock, names_when_this_process_started) {
  const auto now = clock::now();
  const std::optional<clock::time_point> started = process_started();
  ASSERT_TRUE(started.has_value());
  EXPECT_LE(*started, now);
  EXPECT_LT(now - *started, std::chrono::hours{1});
  const std::optional<clock::time_point> again = process_started();
  ASSERT_TRUE(again.has_value());
  EXPECT_LT(std::chrono::abs(*again - *started), 50ms);
}

}  // namespace
}  // namespace xe::sandbox
