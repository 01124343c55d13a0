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

// A step's own run (its actions and frames) is the lesson's content: the rest of a sample is
// the app's, the wait before the action (a redraw in progress) and the present after it.
TEST(latency_meter, keeps_an_actions_own_run_apart_from_what_the_app_added) {
  latency_meter m;
  const clock::time_point t0{};
  m.input_arrived(t0);
  m.action_done(latency_kind::step, latency_meter::span{t0 + 10ms, t0 + 55ms});  // waited 10, ran 45
  m.presented(t0 + 60ms);
  m.input_arrived(t0 + 100ms);
  m.action_done(latency_kind::step, latency_meter::span{t0 + 100ms, t0 + 100ms});  // ran nothing
  m.presented(t0 + 130ms);
  m.input_arrived(t0 + 200ms);
  m.action_done(latency_kind::step, latency_meter::span{t0 + 205ms, t0 + 215ms});
  m.presented(t0 + 230ms);
  m.input_arrived(t0 + 300ms);
  m.action_done(latency_kind::resize, latency_meter::span{t0 + 250ms, t0 + 320ms});  // stamped late:
  m.presented(t0 + 330ms);                                                           // no wait, ran 20
  const auto s = m.summarize(latency_kind::step);  // totals 60, 30, 30; rests 15, 30, 20; waits 10, 0, 5
  EXPECT_DOUBLE_EQ(s.p50_ms, 30.0);
  EXPECT_DOUBLE_EQ(s.max_ms, 60.0);
  EXPECT_DOUBLE_EQ(s.rest_p50_ms, 20.0);
  EXPECT_DOUBLE_EQ(s.rest_p95_ms, 30.0);
  EXPECT_DOUBLE_EQ(s.wait_p95_ms, 10.0);
  EXPECT_NE(m.report().find("max_ms=60.0 rest_p50_ms=20.0 rest_p95_ms=30.0 wait_p95_ms=10.0"), std::string::npos)
      << m.report();
  const auto r = m.summarize(latency_kind::resize);
  EXPECT_DOUBLE_EQ(r.rest_p95_ms, 10.0);
  EXPECT_DOUBLE_EQ(r.wait_p95_ms, 0.0);
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
