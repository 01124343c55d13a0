// exercise.07-deferred-free.race (tools/check_exercises.py --race): a 07-deferred-free heap
// shared by two threads, as the engine's threads share one (wiki 7.8), built with this file
// under ThreadSanitizer. Each frame, the slot that came round is processed, then both threads
// allocate and free at once. A class that leaves a call unlocked is reported as a data race
// whether or not the race corrupted anything this time; exit 1 if indices were lost.
#include <cstdio>
#include <thread>

#include "deferred_free.h"

extern "C" const xe_deferred_free_api* xe_exercise_deferred_free();  // the solution's XE_DEFERRED_FREE

int main() {
  const xe_deferred_free_api* api = xe_exercise_deferred_free();
  constexpr u32 capacity = 1024, per_thread = 100, frames = 60;
  void* heap = api->create(capacity);
  for (u32 frame = 0; frame < frames; ++frame) {
    const u32 slot = frame % frame_buffer_count;
    api->process_deferred_free(heap, slot);  // its fence value completed
    const auto work = [&] {
      u32 got[per_thread];
      for (u32& index : got) index = api->allocate(heap);
      for (const u32 index : got)
        if (index != invalid_index) api->free(heap, index, slot);
    };
    std::thread other{work};
    work();
    other.join();
  }
  for (u32 frame = frames; frame < frames + frame_buffer_count; ++frame)
    api->process_deferred_free(heap, frame % frame_buffer_count);
  const u32 left = api->size(heap);
  api->destroy(heap);
  if (left != 0) std::printf("%u indices never came back to the stack\n", left);
  return left == 0 ? 0 : 1;
}
