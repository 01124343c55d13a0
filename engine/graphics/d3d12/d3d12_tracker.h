#pragma once
// The object tracker: every engine D3D12 object is named (SetName) and recorded here when
// created and forgotten when released, so the inspector can list what is alive and what
// waits for release. It owns its state and calls nothing above it; thread-safe. Valid while
// the renderer is initialised (shutdown reports and clears what is left).
#include <string_view>
#include <vector>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/stats.h"

namespace xe::gfx::d3d12::tracker {

// What the tracker records about an object; resources also fill size and format.
struct object_desc {
  std::string_view name;
  const char* type{"ID3D12Object"};  // interface name, or "texture2d"/"buffer" for resources
  resource_kind kind{resource_kind::none};
  u32 width{};
  u32 height{};
  DXGI_FORMAT format{DXGI_FORMAT_UNKNOWN};
  u64 bytes{};
  D3D12_RESOURCE_STATES initial_state{D3D12_RESOURCE_STATE_COMMON};
  bool presentable{};  // a swap chain's back buffer: its state 0 is named PRESENT, not COMMON
};

// Names the object and records it. Resources (kind != none) report resource_created.
void track(ID3D12Object* object, const object_desc& desc);
// Forgets an object that is being released now; resources report resource_released.
void untrack(ID3D12Object* object);

// Releases a tracked object immediately; only when the GPU cannot be using it.
template <typename T>
void release_now(com_ptr<T>& object) {
  if (!object) return;
  untrack(object.get());
  object.reset();
}

// Marks an object as waiting in a deferred-release slot; returns its name and type (empty
// when untracked) for the event that reports it.
object_info mark_queued(const ID3D12Object* object, u32 slot, u64 frame_number);
object_info describe(const ID3D12Object* object);
// A transition barrier was recorded: the resource's state is `after` from now on (as the
// command lists recorded so far leave it; the GPU may not have run them yet). Returns the
// state tracked before it, which a correct barrier names as its own before state.
D3D12_RESOURCE_STATES record_transition(const ID3D12Object* object, D3D12_RESOURCE_STATES before,
                                        D3D12_RESOURCE_STATES after);
// While one lives on this thread, record_transition changes nothing and reports nothing: for
// an observer's redraws, whose barriers leave every state as it was.
class unobserved_barriers {
public:
  unobserved_barriers();
  ~unobserved_barriers();
  unobserved_barriers(const unobserved_barriers&) = delete;
  unobserved_barriers& operator=(const unobserved_barriers&) = delete;
};

// The state the last recorded barrier left the resource in (its initial state before any).
D3D12_RESOURCE_STATES state_of(const ID3D12Object* object);
// D3D12_RESOURCE_STATE_* without the prefix, "|"-joined for combined states.
std::string state_name(D3D12_RESOURCE_STATES state, bool presentable = false);

void copy_resources(std::vector<resource_info>& out);
void copy_objects(std::vector<object_info>& out);
u64 version();

// Logs (unless !log: a stop on request leaves them on purpose) and forgets whatever is
// still tracked; returns how many there were.
u32 report_leftovers(bool log = true);

const char* format_name(DXGI_FORMAT format);

}  // namespace xe::gfx::d3d12::tracker
