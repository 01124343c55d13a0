#pragma once
// The action vocabulary shared by scenario scripts and lessons (docs/scripts.md). Parsing
// checks every parameter's presence and type and rejects unknown ones, so a script with a
// typo fails before it touches the engine.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "graphics/stats.h"

namespace xe::sandbox::actions {

struct create_heap { std::string name; gfx::heap_type type{}; u32 capacity{}; bool shader_visible{}; };
struct allocate { std::string heap; u32 count{1}; std::string as; };
struct free_descriptor { std::string heap; std::optional<u32> index; std::string label; };
struct advance_frames { u32 count{}; };
struct flush {};
struct set_frames_in_flight { u32 count{}; };
struct create_surface { u32 width{}; u32 height{}; };
struct remove_surface { u32 slot{}; };
struct resize { u32 slot{}; u32 width{}; u32 height{}; };
struct toggle_fullscreen { u32 slot{}; };
struct create_texture { std::string name; gfx::resource_kind kind{}; u32 width{}; u32 height{}; };
struct release { std::string name; };
struct snapshot { std::string file; };
struct screenshot { std::string file; std::optional<u32> slot; };
struct expect { std::string path; nlohmann::json::json_pointer pointer; nlohmann::json equals; };
struct show_triangle { bool visible{}; };
struct set_gpu_load { u32 passes{}; };

using action = std::variant<create_heap, allocate, free_descriptor, advance_frames, flush, set_frames_in_flight,
                            create_surface, remove_surface, resize, toggle_fullscreen, create_texture, release,
                            snapshot, screenshot, expect, show_triangle, set_gpu_load>;

struct step {
  u32 number{};       // 1-based position in its list
  std::string name;   // the "do" value
  action what;
};

// Parses one step object {"do": ACTION, ...params}. Errors read
// "step N (ACTION): reason".
result<step> parse_step(const nlohmann::json& object, u32 number);
// Parses an array of step objects.
result<std::vector<step>> parse_steps(const nlohmann::json& array);
// The action names, for messages and docs.
const std::vector<std::string>& action_names();

} // namespace xe::sandbox::actions
