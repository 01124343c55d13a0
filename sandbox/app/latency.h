#pragma once
// latency_meter: what a learner waits for. For each input that changes what is shown (a
// lesson step, Back, Home, Step one frame, a resize, F11), the time from the input's arrival
// to the end of the present of the first frame drawn after its action ran: the frame that
// shows the result. Arrival is the event's time stamp: for keys and buttons when the input
// was posted (GetMessageTime; the X server's stamp), so the time one waits while the app is
// busy counts; other events when SDL read them. --bench-latency prints p50/p95/max per kind.
#include <array>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "common/types.h"

namespace xe::sandbox {

// back and home, and a step that starts the engine again (lesson_player::next_replays):
// until their state is on screen (kept records, at once, when there are); back_live,
// home_live and step_live: until the engine has been replayed to it and a frame shows it;
// start_up: from the process's start to the first frame of the window's loop, the first
// that answers input.
enum class latency_kind : u8 {
  step,
  back,
  home,
  step_frame,
  resize,
  fullscreen,
  back_live,
  home_live,
  start_up,
  step_live
};
constexpr size_t latency_kind_count{10};
const char* to_string(latency_kind kind);

class latency_meter {
public:
  using clock = std::chrono::steady_clock;

  // A key or mouse button event, when it arrived: the latest is the one an action answers.
  void input_arrived(clock::time_point at) { _input = at; }
  // When an action ran: its own work (a step's actions and frames, a replay). The rest of a
  // sample is the app's: the wait before the action (the loop busy, a redraw in progress) and
  // the present after it.
  struct span {
    clock::time_point began, ended;
  };
  // An action finished, answering the latest input (none: nothing to measure). An input
  // answers once.
  void action_done(latency_kind kind, std::optional<span> ran = {});
  // Measured from a given input: a window change's own event (the latest input is left to
  // its action), or an input already answered once (Back on screen, then its replay done).
  void action_done(latency_kind kind, clock::time_point input, std::optional<span> ran = {});
  std::optional<clock::time_point> latest_input() const { return _input; }
  // A present ended: every action done before it is shown now.
  void presented(clock::time_point at);
  u64 presents() const { return _presents; }  // so far, of every window

  struct summary {
    size_t count{};
    f64 p50_ms{}, p95_ms{}, max_ms{};
    f64 rest_p50_ms{}, rest_p95_ms{};  // each sample less its action's own run
    f64 wait_p95_ms{};                 // from the input to the action's start
  };
  summary summarize(latency_kind kind) const;
  std::string report() const;  // one line per kind measured, for --bench-latency

private:
  struct sample {
    latency_kind kind;
    clock::time_point input;
    f64 wait_ms, action_ms;
  };
  std::optional<clock::time_point> _input;
  u64 _presents{0};
  std::vector<sample> _open;  // done, not yet presented
  std::array<std::vector<f64>, latency_kind_count> _ms, _rest_ms, _wait_ms;
};

// The value at fraction p (0..1) of sorted values, nearest rank; 0 when empty.
f64 percentile(const std::vector<f64>& sorted, f64 p);

}  // namespace xe::sandbox
