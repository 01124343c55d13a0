#pragma once
// What changed between two records (two snapshots, or two frames of the history):
// descriptors allocated, freed (now waiting) and returned, objects created and released,
// surfaces added, removed, resized or switched to fullscreen, fence progress.
#include <string>
#include <vector>

#include "snapshot/frame_record.h"
#include "text/text.h"

namespace xe::sandbox {

// Per-index state derived from a heap record: what the inspector colours.
enum class descriptor_state : u8 { free, allocated, deferred0, deferred1, deferred2 };
std::vector<descriptor_state> descriptor_states(const heap_record& heap);

struct heap_change {
  std::string heap;
  std::vector<u32> allocated;           // free before, allocated after
  std::vector<u32> freed;               // allocated before, waiting in a deferred queue after
  std::vector<u32> returned;            // waiting before, free after
  std::vector<u32> reused;              // waiting before, allocated again after (returned, then popped)
  std::vector<u32> passed;              // free before, waiting after (allocated and freed in between)
  std::vector<u32> other;               // any other path of several steps
  std::vector<std::string> properties;  // "capacity 4 -> 8": a heap of this name, made again
  bool created{false};
  bool removed{false};
};

struct record_diff {
  // How far apart, never wrapped (snapshots are files: any u64 may come in). earlier: "after"
  // is the older of the two (its frame number is lower, or equal with a lower fence value).
  bool earlier{};
  u64 frames{};        // |frame number after - before|
  u64 fence_values{};  // |cpu fence value after - before|
  std::vector<heap_change> heaps;
  std::vector<std::string> objects_created;
  std::vector<std::string> objects_released;
  std::vector<localized> surfaces;  // one line per surface change
  // Every other field of the snapshot that changed, "/fence/gpu_completed: 3 -> 5": not the
  // ones said above, nor measured times (*_ms), the timeline or the events (histories).
  std::vector<std::string> fields;
  size_t fields_left_out{};  // past the first max_field_lines
  bool empty() const;
  // One line per change in lang: the inspector's Diff tab; the CLI's --diff prints English.
  std::vector<std::string> describe(language lang) const;
};

constexpr size_t max_field_lines = 40;
record_diff diff(const frame_record& before, const frame_record& after);

}  // namespace xe::sandbox
