#pragma once
// The history as a Chrome Trace Event / Perfetto JSON file (docs/trace.md): CPU frames and
// their fence waits, GPU frames from the timestamp queries, flows from each frame's submit
// to its GPU work and from that work's fence value to the wait that needed it, the engine's
// events as instants and the learner's marks (lesson steps, captures). ui.perfetto.dev and
// chrome://tracing open it. Times are the engine's clock (gfx::get_engine_time_ns), in µs.
#include <span>
#include <string>

#include "graphics/stats.h"
#include "snapshot/history.h"

namespace xe::sandbox {

// Something the sandbox did that the engine's events do not name: a lesson step ran, a
// capture was written.
struct trace_mark {
  u64 time{};  // engine clock, ns
  u64 frame{};
  std::string label;
};

struct trace_source {
  const history_ring& history;
  std::span<const trace_mark> marks;  // oldest first; those before the history's first frame are left out
  const gfx::adapter_info& adapter;
};

std::string to_trace_json(const trace_source& source);

}  // namespace xe::sandbox
