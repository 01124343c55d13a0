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

struct frame_lanes {
  std::vector<lane_span> cpu, gpu;  // each in frame order
  std::vector<fence_arrow> arrows;
  f64 span_ms{};                  // the window's length
  gfx::gpu_time_source source{};  // of the newest completed frame
  u32 ahead{};                    // frames whose recording began before the previous frame finished on the GPU
  f64 longest_present_ms{};
};

// timings: consecutive frames, oldest first (a record's timeline).
frame_lanes build_frame_lanes(const std::vector<gfx::frame_timing>& timings);

}  // namespace xe::sandbox::ui
