#pragma once
// The action vocabulary shared by scenario scripts and lessons (docs/scripts.md). Parsing
// checks every parameter's presence and type and rejects unknown ones, so a script with a
// typo fails before it touches the engine.
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "common/result.h"
#include "graphics/stats.h"

namespace xe::sandbox::actions {

struct step;

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
// equals: the value at path is exactly this. contains: a string holds this substring, an
// array holds an element matching it (an object matches when it has every key given).
struct expect { std::string path; nlohmann::json::json_pointer pointer; nlohmann::json value; bool contains{}; };
struct show_triangle { bool visible{}; };
struct set_gpu_load { u32 passes{}; };
// Runs one action that must fail; its message must contain `contains`. `as` records
// {"failed", "message"} under /checks/AS of the evaluation document.
struct expect_error { std::shared_ptr<const step> inner; std::string contains; std::string as; };
// Runs one action that may fail (a device may lack a feature, a headless run has no
// fullscreen); /checks/AS records {"failed", "action", "message"} either way.
struct attempt { std::shared_ptr<const step> inner; std::string as; };
// Asks the device whether a `resource` format texture can take a `view` format SRV
// (gfx::check_view_format); the answer goes to /checks/AS.
struct check_view_format { std::string resource; std::string view; std::string as; };

using action = std::variant<create_heap, allocate, free_descriptor, advance_frames, flush, set_frames_in_flight,
                            create_surface, remove_surface, resize, toggle_fullscreen, create_texture, release,
                            snapshot, screenshot, expect, show_triangle, set_gpu_load, expect_error,
                            attempt, check_view_format>;

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
// An expectation from {"path", "equals" | "contains"}; the reason names what is wrong.
result<expect> parse_expect(const nlohmann::json& object);
// Why state does not meet e, or nothing when it does.
std::optional<std::string> check_expect(const nlohmann::json& state, const expect& e);
// The action names, for messages and docs.
const std::vector<std::string>& action_names();

} // namespace xe::sandbox::actions
