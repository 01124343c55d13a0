#include "graphics/d3d12/d3d12_learner_ring.h"

#include "06-frame-ring/frame_ring.h"
#include "graphics/d3d12/d3d12_command.h"

namespace xe::gfx::d3d12 {
namespace {
static_assert(frame_buffer_count == frame_slot_count, "view() fills one value per engine slot");
const xe_frame_ring_api* g_code_next{};
// A value this far above the last is refused: near u64's end, the next value would wrap to 0,
// which every slot counts as reached.
constexpr u64 max_signal_step{u64{1} << 32};
constexpr u32 faults_logged{50};  // then counted only: the skeleton faults every frame
}  // namespace

void set_learner_ring_code(const xe_frame_ring_api* code) { g_code_next = code; }
const xe_frame_ring_api* learner_ring_code() { return g_code_next; }

std::unique_ptr<learner_frame_ring> learner_frame_ring::create(const xe_frame_ring_api& code, d3d12_command& command) {
  void* self = code.create();
  if (!self) {
    XE_LOG_ERROR("frames: your frame_ring's constructor failed ({}); the engine's ring keeps them",
                 code.error() ? code.error() : "");
    return nullptr;
  }
  return std::make_unique<learner_frame_ring>(code, self, command);
}

learner_frame_ring::learner_frame_ring(const xe_frame_ring_api& code, void* self, d3d12_command& command)
    : _code{code}, _self{self}, _command{command} {
  _fence = std::make_unique<xe_fence>(xe_fence{this, completed_value, wait_for, signal});
}

learner_frame_ring::~learner_frame_ring() { _code.destroy(_self); }

void learner_frame_ring::begin_frame(u64 frame, u32 slot, u64 needed) {
  start("begin_frame()", frame);
  const u32 got = _code.begin_frame(_self, _fence.get());
  if (const std::string threw = code_error(); !threw.empty())
    fault(fmt::format("your {} {}", call_name(), threw));
  else if (got != slot)
    fault(
        fmt::format("your begin_frame() returned slot {} for frame {}, but frame N records into slot N % {} = {}; "
                    "the engine recorded into slot {}",
                    got == invalid_index ? std::string{"invalid_index"} : std::to_string(got), frame, frame_slot_count,
                    slot, slot));
  else if (const u64 reached = _command.completed_value(); reached < needed)
    fault(
        fmt::format("your begin_frame() returned slot {} for frame {} before the GPU reached the slot's fence value "
                    "{} (it had reached {}): the engine waited, so as not to reset the slot's command allocator "
                    "while the GPU still executes it",
                    slot, frame, needed, reached));
}

result<void> learner_frame_ring::end_frame(u64 frame) {
  start("end_frame()", frame);
  _code.end_frame(_self, _fence.get());
  if (const std::string threw = code_error(); !threw.empty()) fault(fmt::format("your {} {}", call_name(), threw));
  if (_signalled) return {};
  const u64 value = _command.fence_value() + 1;
  fault(
      fmt::format("your {} signalled no new value: the engine signalled {}, so that begin_frame() can tell "
                  "when the GPU is done with the slot",
                  call_name(), value));
  return _command.signal_value(value);
}

void learner_frame_ring::flush() {
  start("flush()", no_frame);
  _code.flush(_self, _fence.get());
  if (const std::string threw = code_error(); !threw.empty()) fault(fmt::format("your flush() {}", threw));
  if (!_signalled)
    fault(fmt::format("your flush() signalled no new value; the engine waited for the last one, {}",
                      _command.fence_value()));
  else if (const u64 reached = _command.completed_value(); reached < _command.fence_value())
    fault(
        fmt::format("your flush() returned before the GPU reached fence value {} (it had reached {}): the engine "
                    "waited, because what a flush is called before (a resize, a shutdown) frees what the GPU "
                    "may still use",
                    _command.fence_value(), reached));
}

learner_frame_ring::view_state learner_frame_ring::view() const {
  view_state v;
  _code.view(_self, &v.frame_index, &v.fence_value, v.slot_values.data());
  return v;
}

u64 learner_frame_ring::completed_value(void* self) {
  return static_cast<learner_frame_ring*>(self)->_command.completed_value();
}

void learner_frame_ring::wait_for(void* self, u64 value) {
  auto& r = *static_cast<learner_frame_ring*>(self);
  if (value <= r._command.completed_value()) return;
  if (value > r._command.fence_value()) {
    r.fault(
        fmt::format("your {} waited for fence value {}, which nothing will set (the last value signalled is {}): "
                    "the engine returned at once instead of waiting forever",
                    r.call_name(), value, r._command.fence_value()));
    return;
  }
  if (auto waited = r._command.wait_for(value); !waited && waited.error_value().code != errc::stopped)
    r.fault(
        fmt::format("your {}'s wait for fence value {} failed: {}", r.call_name(), value, waited.error_value().reason));
}

void learner_frame_ring::signal(void* self, u64 value) {
  auto& r = *static_cast<learner_frame_ring*>(self);
  const u64 last = r._command.fence_value();
  if (++r._signals > 1)
    r.fault(fmt::format("your {} signalled {} too: one call signals one value; the engine did not signal it",
                        r.call_name(), value));
  else if (std::string_view{r._call} == "begin_frame()")
    r.fault(
        fmt::format("your {} signalled {}: a frame signals once, in end_frame(), after its work is submitted; "
                    "the engine did not signal it",
                    r.call_name(), value));
  else if (value <= last)
    r.fault(
        fmt::format("your {} signalled {}, not above the last value signalled, {}: it would count as reached "
                    "at once; the engine did not signal it",
                    r.call_name(), value, last));
  else if (value - last > max_signal_step)
    r.fault(
        fmt::format("your {} signalled {}, more than 2^32 above the last value signalled, {}: the engine did not "
                    "signal it",
                    r.call_name(), value, last));
  else if (auto signalled = r._command.signal_value(value); !signalled)
    r.fault(fmt::format("your {}'s signal of {} failed: {}", r.call_name(), value, signalled.error_value().reason));
  else
    r._signalled = value;
}

void learner_frame_ring::start(const char* call, u64 frame) {
  _call = call;
  _frame = frame;
  _signals = 0;
  _signalled = 0;
}

std::string learner_frame_ring::call_name() const {
  return _frame == no_frame ? std::string{_call} : fmt::format("{} for frame {}", _call, _frame);
}

void learner_frame_ring::fault(std::string what) {
  ++_faults;
  _last_fault = std::move(what);
  if (_faults <= faults_logged) XE_LOG_WARN("frames (your frame_ring): {}", _last_fault);
  if (_faults == faults_logged)
    XE_LOG_WARN(
        "frames (your frame_ring): {} answers refused; the Fences tab counts the ones after, the Log no longer "
        "lists them",
        faults_logged);
}

std::string learner_frame_ring::code_error() const {
  const char* e = _code.error();
  return e ? e : "";
}

}  // namespace xe::gfx::d3d12
