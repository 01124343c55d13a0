#pragma once
// The frame-state snapshot, version 2 (docs/snapshot.md, docs/snapshot.schema.json):
// everything the inspector shows, read from the engine's stats, as JSON. Version 1 named
// the frame slot /frame/index and /frame/next_index; the reader takes both versions.
#include <filesystem>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "snapshot/event_recorder.h"

namespace xe::sandbox {

constexpr const char* frame_state_schema{"xengine.frame_state"};
constexpr int frame_state_version{2};
constexpr int frame_state_oldest_readable_version{1};

// Reads the running engine. events may be null (the snapshot then has no events).
nlohmann::json capture_frame_state(const event_recorder* events);
// Writes atomically; small documents are indented, large ones (big heaps) compact.
result<void> write_frame_state(const std::filesystem::path& path, const nlohmann::json& state);

}  // namespace xe::sandbox
