// The reference solution of 12-deferred-release (graded in CI). The engine's
// (engine/graphics/d3d12/d3d12_deferred_release.cpp) keeps each entry's frame and name for
// the inspector and takes a lock, since any thread may queue a release.
#include <vector>

#include "deferred_release.h"

class deferred_releases {
public:
  void deferred_release(xe_object* object, u32 frame_slot) {
    if (object) _deferred_releases[frame_slot].push_back(object);
  }

  void process_deferred_releases(u32 frame_slot) {
    // Swapped out first: a release may lead the engine to queue another object.
    std::vector<xe_object*> list;
    list.swap(_deferred_releases[frame_slot]);
    for (xe_object* object : list) release(object);
  }

  void flush() {
    for (u32 slot = 0; slot < frame_buffer_count; ++slot) process_deferred_releases(slot);
  }

  // Given: what the inspector draws. Leave it as it is.
  u32 waiting(u32 frame_slot) const { return static_cast<u32>(_deferred_releases[frame_slot].size()); }

private:
  std::vector<xe_object*> _deferred_releases[frame_buffer_count]{};
};

XE_DEFERRED_RELEASE(deferred_releases)
