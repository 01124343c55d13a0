#include "snapshot/trace.h"

#include <algorithm>
#include <map>
#include <set>

#include <spdlog/fmt/fmt.h>
#include <utf8cpp/utf8.h>


namespace xe::sandbox {
namespace {

// The tracks, one thread each in the trace's one process (docs/trace.md).
enum track : u32 { cpu_track = 1, gpu_track = 2, marks_track = 3 };

void append_string(std::string& out, std::string_view text) {
  // Malformed UTF-8 (a runtime's message) becomes U+FFFD, as in debug names: the file stays JSON.
  const std::string valid = utf8::replace_invalid(std::string{text});
  out += '"';
  for (const char ch : valid) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\')
      out += {'\\', ch};
    else if (c < 0x20)
      out += fmt::format("\\u{:04x}", c);
    else
      out += ch;
  }
  out += '"';
}

// ns on the engine clock as the trace's µs, exactly: 1234567 -> 1234.567.
std::string micros(u64 ns) { return fmt::format("{}.{:03}", ns / 1000, ns % 1000); }

struct trace_event {
  u32 tid{};
  u64 ts{};
  u32 order{};  // at one ts: the order written (a slice before the slices inside it)
  std::string json;
};

class trace_writer {
public:
  // A complete slice [begin, end] on a track.
  void slice(u32 tid, std::string_view name, std::string_view category, u64 begin, u64 end, std::string args) {
    std::string& out = add(tid, begin);
    out += R"({"ph":"X","name":)";
    append_string(out, name);
    out += fmt::format(R"(,"cat":"{}","ts":{},"dur":{},"pid":1,"tid":{},"args":{{{}}}}})", category, micros(begin),
                       micros(end - begin), tid, args);
  }
  void instant(u32 tid, std::string_view name, std::string_view category, u64 at, std::string args) {
    std::string& out = add(tid, at);
    out += R"({"ph":"i","s":"t","name":)";
    append_string(out, name);
    out += fmt::format(R"(,"cat":"{}","ts":{},"pid":1,"tid":{},"args":{{{}}}}})", category, micros(at), tid, args);
  }
  // A flow arrow from the slice around `from` on one track to the slice around `to` on
  // another (both written with slice()).
  void flow(std::string_view name, u32 from_tid, u64 from, u32 to_tid, u64 to) {
    const u32 id = ++_flows;
    std::string& start = add(from_tid, from);
    start += R"({"ph":"s","name":)";
    append_string(start, name);
    start += fmt::format(R"(,"cat":"flow","id":{},"ts":{},"pid":1,"tid":{}}})", id, micros(from), from_tid);
    std::string& finish = add(to_tid, to);
    finish += R"({"ph":"f","bp":"e","name":)";
    append_string(finish, name);
    finish += fmt::format(R"(,"cat":"flow","id":{},"ts":{},"pid":1,"tid":{}}})", id, micros(to), to_tid);
  }

  // Metadata first, then each track in time order.
  std::string finish(std::string head, std::string_view other_data) {
    std::sort(_events.begin(), _events.end(), [](const trace_event& a, const trace_event& b) {
      return std::tie(a.tid, a.ts, a.order) < std::tie(b.tid, b.ts, b.order);
    });
    size_t bytes = head.size() + other_data.size() + 64;
    for (const trace_event& e : _events) bytes += e.json.size() + 2;
    std::string out;
    out.reserve(bytes);
    out += R"({"displayTimeUnit":"ms","traceEvents":[)";
    out += head;
    for (const trace_event& e : _events) {
      out += ",\n";
      out += e.json;
    }
    out += "\n],\"otherData\":";
    out += other_data;
    out += "}\n";
    return out;
  }

private:
  std::string& add(u32 tid, u64 ts) {
    _events.push_back({tid, ts, static_cast<u32>(_events.size()), {}});
    _events.back().json.reserve(160);
    return _events.back().json;
  }

  std::vector<trace_event> _events;
  u32 _flows{0};
};

std::string metadata(std::string_view kind, u32 tid, std::string_view name, u32 sort_index) {
  std::string out = fmt::format(R"({{"ph":"M","name":"{}","pid":1,"tid":{},"args":{{"name":)", kind, tid);
  append_string(out, name);
  out += "}},\n";
  out += fmt::format(R"({{"ph":"M","name":"thread_sort_index","pid":1,"tid":{},"args":{{"sort_index":{}}}}})", tid,
                     sort_index);
  return out;
}

// An engine event as an instant: its name says what happened to what, in the engine's names.
void add_event(trace_writer& w, const recorded_event& e) {
  using enum gfx::event_type;
  const std::string where = e.slot == invalid_id ? std::string{} : fmt::format(R"(,"slot":{})", e.slot);
  std::string name, args = fmt::format(R"("frame":{}{})", e.frame, where), category;
  auto text_arg = [&](std::string_view key, std::string_view value) {
    args += fmt::format(R"(,"{}":)", key);
    append_string(args, value);
  };
  switch (e.type) {
    case descriptor_allocated:
    case descriptor_freed:
    case descriptor_returned:
      category = "descriptor";
      name = fmt::format("{} {}[{}]",
                         e.type == descriptor_allocated ? "allocate"
                         : e.type == descriptor_freed   ? "free (deferred)"
                                                        : "return to the free stack",
                         e.heap.str(), e.index);
      text_arg("heap", e.heap.str());
      args += fmt::format(R"(,"index":{})", e.index);
      break;
    case fence_signaled:
      category = "fence";
      name = fmt::format("Signal({})", e.value);
      args += fmt::format(R"(,"value":{})", e.value);
      break;
    case fence_waited:
      category = "fence";
      name = fmt::format("waited for {} ({:.3f} ms)", e.value, e.wait_ms);
      args += fmt::format(R"(,"value":{},"wait_ms":{:.3f})", e.value, e.wait_ms);
      break;
    case release_queued:
    case release_done:
      category = "release";
      name = fmt::format("{}: {}", e.type == release_queued ? "release queued" : "released", e.name.str());
      text_arg("object", e.name.str());
      text_arg("type", e.detail.str());
      break;
    case surface_created:
    case surface_removed:
    case surface_resized:
      category = "surface";
      name = e.type == surface_created   ? fmt::format("surface {} created {}x{}", e.surface, e.width, e.height)
             : e.type == surface_removed ? fmt::format("surface {} removed", e.surface)
                                         : fmt::format("surface {} resized {}x{} -> {}x{}", e.surface, e.old_width,
                                                       e.old_height, e.width, e.height);
      args += fmt::format(R"(,"surface":{})", e.surface);
      if (!e.detail.empty()) text_arg("detail", e.detail.str());
      break;
    case resource_created:
    case resource_released:
      category = "resource";
      name = fmt::format("{}: {}", e.type == resource_created ? "created" : "released", e.name.str());
      text_arg("resource", e.name.str());
      text_arg("type", e.detail.str());
      if (e.type == resource_created) args += fmt::format(R"(,"bytes":{})", e.value);
      break;
    case validation_message:
      category = "validation";
      name = fmt::format("validation: {}", e.detail.str().substr(0, 120));
      text_arg("message", e.detail.str());
      args += fmt::format(R"(,"severity":{})", e.value);
      break;
    case resource_barrier:
      category = "barrier";
      name = fmt::format("barrier {}: {}", e.name.str(), e.detail.str());
      text_arg("resource", e.name.str());
      text_arg("transition", e.detail.str());
      break;
    case release_refused:
      category = "release";
      name = fmt::format("release refused: {}", e.name.str());
      text_arg("object", e.name.str());
      text_arg("why", e.detail.str());
      break;
  }
  w.instant(cpu_track, name, category, e.time, std::move(args));
}

}  // namespace

std::string to_trace_json(const trace_source& source) {
  const history_ring& history = source.history;
  trace_writer w;
  // Every frame's newest timing in the history (a record holds those that changed).
  std::map<u64, gfx::frame_timing> frames;
  for (u32 i = 0; i < history.size(); ++i)
    for (const gfx::frame_timing& t : history.at(i).timings)
      if (auto [it, added] = frames.try_emplace(t.frame, t); !added && t.stamp > it->second.stamp) it->second = t;
  std::map<u64, const gfx::frame_timing*> by_signal;
  for (const auto& [n, t] : frames)
    if (t.signal_value) by_signal[t.signal_value] = &t;

  std::set<u64> cpu_written, gpu_written;  // frames whose slices are in the trace: flows bind to them
  u64 gpu_free_from = 0;                   // the previous GPU slice's end: one queue runs one frame at a time
  // A point strictly inside [begin, end] where there is room: a flow's end then binds to that
  // slice, not to its neighbour that ends or begins there.
  const auto inside = [](u64 begin, u64 end) { return end - begin >= 2 ? begin + 1 : begin; };
  for (auto& [n, t] : frames) {
    // Still recording, or a frame whose submit failed (times unset): no slices.
    if (!t.cpu_signal ||
        !(t.cpu_wait_begin <= t.cpu_wait_end && t.cpu_wait_end <= t.cpu_submit && t.cpu_submit <= t.cpu_signal))
      continue;
    cpu_written.insert(n);
    w.slice(cpu_track, fmt::format("frame {} (slot {})", n, t.slot), "frame", t.cpu_wait_begin, t.cpu_signal,
            fmt::format(R"("frame":{},"slot":{},"waited_value":{},"signal_value":{})", n, t.slot, t.waited_value,
                        t.signal_value));
    // begin_frame's part: the wait for the slot's fence value (none before the slot's first
    // use), then the slot's reclaim and the allocator and list resets.
    w.slice(cpu_track,
            t.waited_value ? fmt::format("begin_frame: wait for fence {}, reclaim slot {}", t.waited_value, t.slot)
                           : fmt::format("begin_frame: reclaim slot {}", t.slot),
            "fence", t.cpu_wait_begin, t.cpu_wait_end, fmt::format(R"("value":{})", t.waited_value));
    w.slice(cpu_track, "record", "frame", t.cpu_wait_end, t.cpu_submit, "");
    w.slice(cpu_track, fmt::format("ExecuteCommandLists, Present, Signal({})", t.signal_value), "fence", t.cpu_submit,
            t.cpu_signal, fmt::format(R"("value":{})", t.signal_value));
    if (t.gpu_source == gfx::gpu_time_source::none || !t.gpu_end) continue;
    // A fence-observed end next to timestamps can overlap the slice before by the clocks'
    // disagreement: the later frame starts where the earlier ended.
    t.gpu_begin = std::min(std::max(t.gpu_begin, gpu_free_from), t.gpu_end);
    gpu_free_from = t.gpu_end;
    gpu_written.insert(n);
    w.slice(gpu_track, fmt::format("frame {}", n), "gpu", t.gpu_begin, t.gpu_end,
            fmt::format(R"("frame":{},"signal_value":{},"source":"{}")", n, t.signal_value, to_string(t.gpu_source)));
    const u64 to = inside(t.gpu_begin, t.gpu_end), from = std::min(inside(t.cpu_submit, t.cpu_signal), to);
    w.flow("submit", cpu_track, from, gpu_track, to);
  }
  // The fence value a frame's GPU work set (the end of its GPU slice), to the later
  // begin_frame whose wait it ended (the end of its wait slice). Left out where the two
  // measurements disagree: a GPU end estimated when the CPU saw the fence (fence_observed),
  // or timestamps within the calibration error, can fall after the wait returned.
  u32 flows_left_out = 0;
  const auto last_ns = [](u64 begin, u64 end) { return end > begin ? end - 1 : begin; };  // still inside
  for (const auto& [n, t] : frames) {
    if (!t.waited_value || !cpu_written.count(n)) continue;
    const auto signaled = by_signal.find(t.waited_value);
    if (signaled == by_signal.end() || !gpu_written.count(signaled->second->frame)) continue;
    const gfx::frame_timing& s = *signaled->second;
    const u64 from = last_ns(s.gpu_begin, s.gpu_end), to = last_ns(t.cpu_wait_begin, t.cpu_wait_end);
    if (to < from) {
      ++flows_left_out;
      continue;
    }
    w.flow(fmt::format("fence {}", t.waited_value), gpu_track, from, cpu_track, to);
  }

  for (u32 i = 0; i < history.size(); ++i)
    for (const recorded_event& e : history.new_events(i)) add_event(w, e);
  const u64 first_frame = history.empty() ? 0 : history.at(0).frame.frame_number;
  for (const trace_mark& m : source.marks)
    if (m.frame >= first_frame)
      w.instant(marks_track, m.label, "lesson", m.time, fmt::format(R"("frame":{})", m.frame));

  // The engine's own names for the queue the GPU track shows.
  std::string queue = "direct queue";
  if (!history.empty())
    for (const gfx::object_info& o : history.latest().objects->objects)
      if (o.type == "ID3D12CommandQueue") queue = o.name;
  std::string head = R"({"ph":"M","name":"process_name","pid":1,"args":{"name":)";
  append_string(head, fmt::format("XEngine Sandbox: {}, {}", source.adapter.name, source.adapter.runtime));
  head += "}},\n";
  head += metadata("thread_name", cpu_track, "CPU: renderer thread", 0) + ",\n";
  head += metadata("thread_name", gpu_track, fmt::format("GPU: {}", queue), 1) + ",\n";
  head += metadata("thread_name", marks_track, "Sandbox: lesson steps and captures", 2);

  std::string other = R"({"producer":"xengine-sandbox )" XE_VERSION R"(")";
  other += R"(,"clock":"the engine clock: time since the frame queue was created")";
  other += fmt::format(R"(,"frames":[{},{}],"fence_flows_left_out":{},"gpu_clock":)", first_frame,
                       history.empty() ? 0 : history.latest().frame.frame_number, flows_left_out);
  append_string(other, source.adapter.gpu_clock.method);
  other += "}";
  return w.finish(std::move(head), other);
}

}  // namespace xe::sandbox
