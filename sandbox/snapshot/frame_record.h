#pragma once
// frame_record: the engine's state at one moment, as the inspector's panels and the
// snapshot files see it. Captured from the running engine (the history ring keeps one per
// frame), or read back from a snapshot file (a read-only view, or one side of a diff).
//
// Delta recording: the heap list (and each heap's state), the surfaces and the object lists
// are shared between consecutive records while the engine reports them unchanged (their
// versions), so a quiet frame's record holds only its frame stats, back-buffer indices,
// events and timings.
#include <array>
#include <memory>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "graphics/stats.h"
#include "snapshot/event_recorder.h"

namespace xe::sandbox {

struct heap_record {
  gfx::heap_info info;
  std::shared_ptr<const gfx::heap_state> state;
};

struct object_lists {
  u64 version{};
  std::array<std::vector<gfx::object_info>, gfx::frame_slot_count> deferred_releases;
  std::vector<gfx::resource_info> resources;  // sorted by name
  std::vector<gfx::object_info> objects;      // sorted by type, then name
};

struct surface_set {
  u64 version{};            // gfx::get_surfaces_version() when read; 0: not from the running engine
  gfx::surfaces_info info;  // every back_buffer_index 0: the record holds them
};

struct frame_record {
  gfx::frame_stats frame;
  std::shared_ptr<const std::vector<heap_record>> heap_list;
  u64 heaps_version{};  // gfx::get_heaps_version() when captured; 0: not from the running engine
  std::shared_ptr<const object_lists> objects;
  std::shared_ptr<const surface_set> surfaces_shared;
  std::vector<u32> back_buffer_indices;  // by surface slot; they turn every frame
  gfx::upload_stats upload;
  u32 validation_errors{};
  std::vector<recorded_event> events;
  u64 events_dropped{};
  // Frame timings (gfx::frame_timing), oldest first. A record captured after another holds
  // only the entries that changed since it (timings_stamp orders them); timeline_of()
  // rebuilds the whole window from the history. A snapshot holds the whole window.
  std::vector<gfx::frame_timing> timings;
  u64 timings_stamp{};

  const std::vector<heap_record>& heaps() const;  // engine heaps, then learner heaps
  void set_heaps(std::vector<heap_record> heaps);
  // The surfaces' free list; each slot's back_buffer_index there is 0: back_buffer_index().
  const gfx::surfaces_info& surfaces() const;
  u32 back_buffer_index(u32 slot) const;
  void set_surfaces(gfx::surfaces_info info, u64 version = 0);

  const heap_record* find_heap(std::string_view name) const;
  // Bytes this record holds on its own (shared parts counted by whoever owns them first).
  size_t own_bytes() const;
};

// Reads the running engine. previous (may be null) lends its heap states and object lists
// where they have not changed; events (may be null) gives the frame's events.
frame_record capture_frame_record(const event_recorder* events, const frame_record* previous);
// In place: out (a recycled record) keeps its vectors' capacity, so a full history
// captures without allocating. previous must not be out. stats: gfx::get_frame_stats() as
// of now (a caller that has read them passes them on; reading them queries the fence).
void capture_frame_record(const event_recorder* events, const frame_record* previous, frame_record& out);
void capture_frame_record(const event_recorder* events, const frame_record* previous, frame_record& out,
                          const gfx::frame_stats& stats);

// The snapshot document (docs/snapshot.md), in the version this sandbox writes.
nlohmann::json to_json(const frame_record& record, const gfx::adapter_info& adapter);
// One top-level member of that document ("fence", "surfaces"…; not "adapter"), or null when
// the record does not hold it.
nlohmann::json section_to_json(const frame_record& record, std::string_view section);
// Part of the document read from the running engine: the members `needed` passes through
// (in a heap, only the member it names; an array only up to the index it names), so that
// it resolves exactly as in the whole document, or not at all where that would not.
// Reads only what those members need.
nlohmann::json capture_frame_state_part(const event_recorder* events, const nlohmann::json::json_pointer& needed);

struct loaded_snapshot {
  frame_record record;
  gfx::adapter_info adapter;
};
// Reads a snapshot document back. Anything malformed, of another schema or another
// version is an error with a reason; nothing in a loaded record indexes out of range.
result<loaded_snapshot> from_json(const nlohmann::json& document);
result<loaded_snapshot> load_snapshot(const std::string& path);

size_t bytes_of(const gfx::heap_state& state);
size_t bytes_of(const object_lists& lists);
size_t bytes_of(const std::vector<heap_record>& heaps);  // the list, not the states
size_t bytes_of(const surface_set& surfaces);

}  // namespace xe::sandbox
