#include "graphics/d3d12/d3d12_command.h"

#include <algorithm>
#include <chrono>

#include "graphics/d3d12/d3d12_fence.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12 {
namespace {
f32 ms_between(u64 begin_ns, u64 end_ns) { return static_cast<f32>(static_cast<f64>(end_ns - begin_ns) / 1e6); }
}  // namespace

d3d12_command::~d3d12_command() { XE_ASSERT(!_queue); }

result<void> d3d12_command::initialize(ID3D12Device* device) {
  XE_ASSERT(device && !_queue);
  D3D12_COMMAND_QUEUE_DESC desc{};
  desc.Type = D3D12_COMMAND_LIST_TYPE_DIRECT;
  desc.Priority = D3D12_COMMAND_QUEUE_PRIORITY_NORMAL;
  XE_TRY_HR(device->CreateCommandQueue(&desc, IID_PPV_ARGS(_queue.put())));
  tracker::track(_queue.get(), {.name = "main direct queue", .type = "ID3D12CommandQueue"});

  for (u32 i = 0; i < frame_slot_count; ++i)
    XE_TRY(create_command_allocator(device, fmt::format("frame slot {} command allocator", i), _frames[i].allocator));
  XE_TRY(create_command_list(device, _frames[0].allocator.get(), "main command list", _list));
  // Starts at 0: frame N signals N + 1, so a completed value of N + 1 means frame N is done.
  XE_TRY(create_fence(device, "frame fence", _fence, XE_FAULT(fence_initial_value_one) ? 1 : 0));

  _fence_event = runtime::create_fence_event();
  if (!_fence_event) return make_error(errc::api_call_failed, "could not create the fence event");
  _fence_value = 0;
  _completed_seen = 0;
  _frame_number = 0;
  _clock.publish(0, 0);
  gfx::detail::set_clock_epoch();
  _timings = {};
  _timing_stamp = _last_wait_begin = _gpu_frame = _last_gpu_end = 0;
  _cpu_frame_ms = _gpu_frame_ms = 0.f;
  if (const xe_frame_ring_api* code = learner_ring_code()) _ring = learner_frame_ring::create(*code, *this);
  if (_ring) XE_TRY(create_fence(device, "flush fence (the learner's ring)", _idle_fence, 0));
  _idle_value = 0;
  if (_timer.create(device, _queue.get())) XE_TRY(calibrate_timer());
  if (_timer.usable())
    XE_LOG_INFO("GPU frame times: {}", _timer.info().method);
  else
    XE_LOG_WARN("GPU frame times: {}", _timer.info().method);
  return {};
}

u64 d3d12_command::now_ns() const { return gfx::detail::clock_ns(); }

// On a fence of its own, so the frame fence's values stay the lessons' (frame N signals N + 1).
result<void> d3d12_command::calibrate_timer() {
  com_ptr<ID3D12Device> device;
  XE_TRY_HR(_queue->GetDevice(IID_PPV_ARGS(device.put())));
  com_ptr<ID3D12Fence> fence;
  XE_TRY_HR(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(fence.put())));
  tracker::track(fence.get(), {.name = "timestamp calibration fence", .type = "ID3D12Fence"});
  result<void> status;
  for (u64 value = 1; value <= 5 && status; ++value) {
    status = [&]() -> result<void> {
      XE_TRY_HR(_frames[0].allocator->Reset());
      XE_TRY_HR(_list->Reset(_frames[0].allocator.get(), nullptr));
      _timer.record_begin(_list.get(), 0);
      _timer.record_end(_list.get(), 0);
      XE_TRY_HR(_list->Close());
      ID3D12CommandList* lists[] = {_list.get()};
      const u64 before = now_ns();
      _queue->ExecuteCommandLists(1, lists);
      XE_TRY_HR(_queue->Signal(fence.get(), value));
      XE_TRY(wait_for_fence(fence.get(), value, _fence_event, {_queue.get(), value}));
      _timer.add_bracket(before, now_ns());
      return {};
    }();
  }
  tracker::release_now(fence);
  if (!status) return status;
  _timer.finish_calibration();
  return {};
}

void d3d12_command::collect_gpu_times() {
  const u64 completed = completed_value();
  // Oldest first, so a fence-observed frame can start where the previous one ended.
  const u64 first = _frame_number > frame_timing_capacity ? _frame_number - frame_timing_capacity : 0;
  for (u64 n = first; n < _frame_number; ++n) {
    frame_timing& t = timing_of(n);
    if (t.frame != n || t.signal_value == 0 || t.signal_value > completed || t.gpu_source != gpu_time_source::none)
      continue;
    u64 begin = 0, end = 0;
    if (_timer.read_ticks(t.slot, begin, end)) {
      _timer.keep_after(begin, t.cpu_submit);
      t.gpu_begin = _timer.to_ns(begin);
      t.gpu_end = _timer.to_ns(end);
      t.gpu_source = gpu_time_source::timestamps;
    } else {
      t.gpu_end = std::max(now_ns(), t.cpu_signal);
      t.gpu_begin = std::min(t.gpu_end, std::max(t.cpu_submit, _last_gpu_end));
      t.gpu_source = gpu_time_source::fence_observed;
    }
    _last_gpu_end = t.gpu_end;
    _gpu_frame = n;
    _gpu_frame_ms = ms_between(t.gpu_begin, t.gpu_end);
    touch(t);
  }
}

u64 d3d12_command::copy_timings(std::vector<frame_timing>& out, u64 since) const {
  out.clear();
  const frame_timing& current = _timings[_frame_number % frame_timing_capacity];
  const u64 end = _frame_number + (current.frame == _frame_number && current.cpu_wait_end ? 1 : 0);  // frames begun
  const u64 first = end > frame_timing_capacity ? end - frame_timing_capacity : 0;
  for (u64 n = first; n < end; ++n) {
    const frame_timing& t = _timings[n % frame_timing_capacity];
    if (t.frame == n && t.stamp > since) out.push_back(t);
  }
  return _timing_stamp;
}

void d3d12_command::release() {
  if (!_queue) return;
  drop_learner_ring();
  if (auto r = flush(); !r) XE_LOG_ERROR("d3d12_command::release: flush failed; releasing anyway");
  tracker::release_now(_idle_fence);
  runtime::destroy_fence_event(_fence_event);
  _fence_event = nullptr;
  _timer.release();
  tracker::release_now(_fence);
  tracker::release_now(_list);
  for (auto& frame : _frames) {
    tracker::release_now(frame.allocator);
    frame.fence_value = 0;
  }
  tracker::release_now(_queue);
  _recording = false;
}

u64 d3d12_command::completed_value() const {
  if (!_fence) return 0;
  _completed_seen = std::max(_completed_seen, _fence->GetCompletedValue());
  return _completed_seen;
}

result<void> d3d12_command::wait_for(u64 value, f32* waited_ms) {
  return wait_for_fence(_fence.get(), value, _fence_event, {_queue.get(), _fence_value}, waited_ms);
}

result<void> d3d12_command::begin_frame(const std::function<void(u32 slot)>& reclaim) {
  XE_ASSERT(!_recording);
  // Frame N may start once frame N - frames_in_flight has finished on the GPU. That frame
  // is at least as late as this slot's previous use, so the slot is free too.
  const u32 slot = next_slot();
  const u32 in_flight = XE_FAULT(frames_in_flight_ignored) ? frame_slot_count : _frames_in_flight;
  const u32 oldest_slot = (slot + frame_slot_count - in_flight) % frame_slot_count;
  const u64 target = _frames[oldest_slot].fence_value;
  const bool behind = completed_value() < target;
  const u64 wait_begin = now_ns();
  if (_ring) _ring->begin_frame(_frame_number, slot, _frames[slot].fence_value);  // their wait, checked
  XE_TRY(wait_for(target, &_last_wait_ms));  // with their ring: frames in flight, and a safety net
  if (_ring) _last_wait_ms = ms_between(wait_begin, now_ns());
  if (XE_FAULT(fence_initial_value_one) && target == 1) {
    // The fault's safety net: a fence born at 1 cannot tell frame 0's end from the start, so
    // this slot waits for everything submitted; lavapipe never runs reset commands.
    f32 ignored = 0;
    XE_TRY(wait_for(_fence_value, &ignored));
  }
  collect_gpu_times();  // before this slot's queries are recorded again
  _wait_ms_total += _last_wait_ms;
  if (behind) ++_blocked_waits;
  _pending_at_begin = _fence_value - completed_value();
  _max_pending_at_begin = std::max(_max_pending_at_begin, _pending_at_begin);
  if (detail::hooks_installed()) {
    event e{.type = event_type::fence_waited, .slot = slot, .value = target, .wait_ms = _last_wait_ms};
    detail::emit(e);
  }
  if (reclaim) reclaim(XE_FAULT(wrong_slot_reclaimed) ? (slot + 1) % frame_slot_count : slot);
  _clock.publish(slot, _frame_number);

  command_frame& frame = _frames[slot];
  XE_TRY_HR(frame.allocator->Reset());
  XE_TRY_HR(_list->Reset(frame.allocator.get(), nullptr));
  _timer.record_begin(_list.get(), slot);
  _recording = true;
  if (_last_wait_begin) _cpu_frame_ms = ms_between(_last_wait_begin, wait_begin);
  _last_wait_begin = wait_begin;
  frame_timing& t = timing_of(_frame_number);
  t = {.frame = _frame_number,
       .waited_value = target,
       .cpu_wait_begin = wait_begin,
       .cpu_wait_end = now_ns(),
       .slot = slot};
  touch(t);
  return {};
}

result<void> d3d12_command::execute() {
  XE_ASSERT(_recording);
  _recording = false;
  _timer.record_end(_list.get(), next_slot());
  XE_TRY_HR(_list->Close());
  ID3D12CommandList* lists[] = {_list.get()};
  frame_timing& t = timing_of(_frame_number);
  t.cpu_submit = now_ns();
  touch(t);
  _queue->ExecuteCommandLists(1, lists);
  return {};
}

result<void> d3d12_command::signal() {
  XE_ASSERT(!_recording);
  XE_TRY(_ring ? _ring->end_frame(_frame_number) : signal_value(_fence_value + 1));
  const u32 slot = next_slot();
  _frames[slot].fence_value = _fence_value;
  frame_timing& t = timing_of(_frame_number);
  t.signal_value = _fence_value;
  t.cpu_signal = now_ns();
  touch(t);
  if (detail::hooks_installed()) {
    event e{.type = event_type::fence_signaled, .slot = slot, .value = _fence_value};
    detail::emit(e);
  }
  ++_frame_number;
  detail::set_event_frame(_frame_number);
  return {};
}

result<void> d3d12_command::signal_value(u64 value) {
  XE_ASSERT(value > _fence_value);
  XE_TRY_HR(_queue->Signal(_fence.get(), value));
  _fence_value = value;
  return {};
}

result<void> d3d12_command::signal_only() {
  XE_ASSERT(!_recording);
  ++_fence_value;
  XE_TRY_HR(_queue->Signal(_fence.get(), _fence_value));
  return {};
}

// Reported as a wait like begin_frame's, with detail "flush": the lessons check that it waited.
result<void> d3d12_command::flush() {
  XE_ASSERT(!_recording);
  const u64 begin = now_ns();
  if (_ring)
    _ring->flush();  // signals and waits, checked
  else
    XE_TRY(signal_value(_fence_value + 1));
  f32 waited_ms = 0.f;
  XE_TRY(wait_for(_fence_value, &waited_ms));
  if (_ring) {  // work submitted after their last signal (an overlay redraw) may still run
    XE_TRY_HR(_queue->Signal(_idle_fence.get(), ++_idle_value));
    XE_TRY(wait_for_fence(_idle_fence.get(), _idle_value, _fence_event, {_queue.get(), _idle_value}));
    waited_ms = ms_between(begin, now_ns());
  }
  collect_gpu_times();  // every frame has completed: the GPU lane shows them all, the newest too
  if (detail::hooks_installed()) {
    static const utl::interned_text flushed{"flush"};
    event e{.type = event_type::fence_waited, .detail = flushed, .value = _fence_value, .wait_ms = waited_ms};
    detail::emit(e);
  }
  return {};
}

void d3d12_command::set_frames_in_flight(u32 count) {
  XE_ASSERT(count >= 1 && count <= frame_slot_count);
  _frames_in_flight = count;
  _max_pending_at_begin = 0;
}

}  // namespace xe::gfx::d3d12
