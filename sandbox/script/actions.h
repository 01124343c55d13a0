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
#include "graphics/lab.h"
#include "graphics/renderer.h"

namespace xe::sandbox::actions {

struct step;

struct create_heap {
  std::string name;
  gfx::heap_type type{};
  u32 capacity{};
  bool shader_visible{};
  gfx::heap_model model{gfx::heap_model::engine};
};
struct allocate {
  std::string heap;
  u32 count{1};
  std::string as;
};
struct free_descriptor {
  std::string heap;
  std::optional<u32> index;
  std::string label;
};
struct advance_frames {
  u32 count{};
};
struct flush {};
struct set_frames_in_flight {
  u32 count{};
};
// as: /checks/AS records {"slot"}, the free-list slot the surface took.
struct create_surface {
  u32 width{};
  u32 height{};
  std::string as{};
};
struct remove_surface {
  u32 slot{};
};
// as: /checks/AS records the rebuild: {"old_rtvs", "new_rtvs", "old_dsv", "new_dsv",
// "reused_freed"} (whether a new view took an index the old ones had just freed).
struct resize {
  u32 slot{};
  u32 width{};
  u32 height{};
  std::string as{};
};
struct toggle_fullscreen {
  u32 slot{};
};
struct create_texture {
  std::string name;
  gfx::resource_kind kind{};
  u32 width{};
  u32 height{};
};
struct release {
  std::string name;
};
struct snapshot {
  std::string file;
};
struct screenshot {
  std::string file;
  std::optional<u32> slot;
};
// One claim about the evaluation document, at path:
//   equals      exactly this value
//   contains    a string holds this substring; an array holds an element matching it (an
//               object matches when it has every key given)
//   at_least / at_most     a number within these bounds (one or both)
//   changed_by  the number moved since the step began by exactly this much, or, given
//               {"at_least", "at_most"}, by an amount within those bounds
//   changed     true: the value differs from before the step; false: it does not
// changed_by and changed compare with the state before a lesson step, so only lessons
// have them; check_expect then needs that earlier value.
struct expect {
  enum class compare : u8 { value, changed_by, changed };
  std::string path;
  nlohmann::json::json_pointer pointer;
  nlohmann::json value;  // equals / contains; changed_by's exact change; changed's bool
  bool contains{};
  std::optional<f64> at_least{};  // with compare::value: on the value; with changed_by: on the change
  std::optional<f64> at_most{};
  compare against{compare::value};
  bool needs_before() const { return against != compare::value; }
};
struct show_triangle {
  bool visible{};
};
struct set_gpu_load {
  u32 passes{};
};
// Runs one action that must fail; its message must contain `contains`. `as` records
// {"failed", "message"} under /checks/AS of the evaluation document.
struct expect_error {
  std::shared_ptr<const step> inner;
  std::string contains;
  std::string as;
};
// Runs one action that may fail (a device may lack a feature, a headless run has no
// fullscreen); /checks/AS records {"failed", "action", "message"} either way.
struct attempt {
  std::shared_ptr<const step> inner;
  std::string as;
};
// Asks the device whether a `resource` format texture can take a `view` format SRV
// (gfx::lab::check_view_format); the answer goes to /checks/AS.
struct check_view_format {
  std::string resource;
  std::string view;
  std::string as;
};
// Two threads on a private heap of `model` (gfx::lab::race_heap); the report goes to /checks/AS.
struct race {
  gfx::heap_model model{};
  u32 iterations{};
  std::string as;
};
// Lesson 12: the texture's last reference released while a copy of it is covered by no fence.
struct release_immediately {
  std::string name;
  std::string as;
};
// A pattern copied in (barriers to COPY_DEST and on to PIXEL_SHADER_RESOURCE): through a
// staging buffer on the immediate list, waited for (lesson 13), or through the upload ring
// at the start of the next frame (lesson 14).
enum class upload_path : u8 { staging, upload_ring };
struct upload_texture {
  std::string name;
  upload_path through{upload_path::staging};
  gfx::lab::texture_pattern pattern{gfx::lab::texture_pattern::checker};
};
// Lesson 14: the textured quad's root signature (gfx::lab::create_quad_root_signature); what it was
// created from goes to /checks/AS.
struct create_quad_root_signature {
  std::string as;
};
// Lesson 14: the learner texture drawn on the quad from the next frame on; empty: no quad.
struct show_quad {
  std::string texture;
};
// Lesson 14: the quad drawn into the engine's own target and compared with the texture
// (gfx::lab::measure_textured_quad); the counts go to /checks/AS.
struct measure_quad {
  std::string name;
  std::string as;
};
// Lesson 13: a transition naming COPY_DEST as its before state while the texture is elsewhere.
struct wrong_barrier {
  std::string name;
  std::string as;
};

using action =
    std::variant<create_heap, allocate, free_descriptor, advance_frames, flush, set_frames_in_flight, create_surface,
                 remove_surface, resize, toggle_fullscreen, create_texture, release, snapshot, screenshot, expect,
                 show_triangle, set_gpu_load, expect_error, attempt, check_view_format, race, release_immediately,
                 upload_texture, wrong_barrier, create_quad_root_signature, show_quad, measure_quad>;

struct step {
  u32 number{};      // 1-based position in its list
  std::string name;  // the "do" value
  action what;
};

// Parses one step object {"do": ACTION, ...params}. Errors read
// "step N (ACTION): reason".
result<step> parse_step(const nlohmann::json& object, u32 number);
// Parses an array of step objects.
result<std::vector<step>> parse_steps(const nlohmann::json& array);
// An expectation from {"path", and one of "equals", "contains", "at_least"/"at_most",
// "changed_by", "changed"}; the reason names what is wrong. allow_relative false refuses
// changed_by and changed (scripts have no step to compare with).
result<expect> parse_expect(const nlohmann::json& object, bool allow_relative = true);
// The keys an expectation object may have.
const std::vector<std::string>& expect_keys();
// Why state does not meet e, or nothing when it does. before_state: the evaluation document
// when the step began, needed when e.needs_before().
std::optional<std::string> check_expect(const nlohmann::json& state, const expect& e,
                                        const nlohmann::json* before_state = nullptr);
// after - before when both are numbers (exact for integers), else nothing.
std::optional<nlohmann::json> numeric_change(const nlohmann::json& before, const nlohmann::json& after);
// The action names, for messages and docs.
const std::vector<std::string>& action_names();

}  // namespace xe::sandbox::actions
