// Exercise 12-deferred-release: deferred release of COM objects (lesson 12, changelog
// 2026-03-30).
//
// A resource the GPU may still use (a texture of the frame in flight, an old swap-chain
// buffer) may not be released at once. deferred_release(object, frame_slot) keeps it in
// that frame slot's list; when the slot comes round again, after the engine waited for its
// fence value, process_deferred_releases(slot) releases what that list holds. flush() is
// called once the GPU is idle (a resize, a shutdown): everything still waiting goes then.
//   deferred_release(object, frame_slot): keeps object in frame_slot's list; a null object
//                                         is ignored.
//   process_deferred_releases(slot):      release(object) for each object in slot's list,
//                                         once, then empties the list.
//   flush():                              the same for every slot.
// Add members if you need them; keep the one below: the inspector reads it.
#include <vector>

#include "deferred_release.h"

class deferred_releases {
public:
  void deferred_release(xe_object* object, u32 frame_slot) {
    // TODO
    (void)object;
    (void)frame_slot;
  }

  void process_deferred_releases(u32 frame_slot) {
    // TODO
    (void)frame_slot;
  }

  void flush() {
    // TODO
  }

  // Given: what the inspector draws. Leave it as it is.
  u32 waiting(u32 frame_slot) const { return static_cast<u32>(_deferred_releases[frame_slot].size()); }

private:
  std::vector<xe_object*> _deferred_releases[frame_buffer_count]{};
};

XE_DEFERRED_RELEASE(deferred_releases)
