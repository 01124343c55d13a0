#pragma once
// The Fences tab's timeline as data: spans on a CPU lane and a GPU lane and the fence
// arrows between them, in ms before the newest time shown. No ImGui: tests read it.
#include <vector>

#include "graphics/stats.h"

namespace xe::sandbox::ui {

struct lane_span {
  // wait: in begin_frame for the fence; record: recording and ExecuteCommandLists; present:
  // from the submission to the Signal, which is the swap chains' Present
  enum class kind : u8 { wait, record, present, gpu };
  kind what{};
  u64 frame{};
  u32 slot{};
  f64 begin_ms{}, end_ms{};  // from the window's start
  u64 value{};               // wait: the value waited for; present: its Signal; gpu: completes
};

// Frame `from` signals `value` (CPU Signal at signal_ms, completed on the GPU at done_ms: the
// end of the frame's GPU work, or the Signal itself when the GPU finished before the CPU
// queued it, as it can with a slow CPU); frame `to`'s begin_frame waited for it and
// returned at wait_end_ms.
struct fence_arrow {
  u64 from{}, to{}, value{};
  f64 signal_ms{}, done_ms{}, wait_end_ms{};
};

// Idle time cut out of the window: while a lesson holds the engine its frames run seconds
// apart, and on one time axis they would be hairlines. A gap with nothing on either lane
// longer than idle_break_ms is drawn as a break of shown_ms.
struct lane_break {
  f64 at_ms{};     // where it starts, on the window's (shortened) axis
  f64 shown_ms{};  // how long it is drawn
  f64 idle_ms{};   // how long it really was
};
inline constexpr f64 idle_break_ms{50.0};

struct frame_lanes {
  std::vector<lane_span> cpu, gpu;  // each in frame order
  std::vector<fence_arrow> arrows;
  std::vector<lane_break> breaks;  // in time order; every time above is on the shortened axis
  f64 span_ms{};                   // the window's length, breaks drawn as shown_ms
  gfx::gpu_time_source source{};   // of the newest completed frame
  u32 ahead{};                     // frames whose recording began before the previous frame finished on the GPU
  f64 longest_present_ms{};
  f64 newest_idle_ms{};  // idle time between the last two begin_frames (the frame stats' CPU frame spans it)
};

// timings: consecutive frames, oldest first (a record's timeline). Durations (a span's end
// minus its begin) are real; only idle gaps are shortened.
frame_lanes build_frame_lanes(const std::vector<gfx::frame_timing>& timings);

}  // namespace xe::sandbox::ui
