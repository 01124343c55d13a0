#pragma once
// Runs actions against the engine and a host that owns the surfaces and the frame loop
// (the app: windows or offscreen). Used by scenario scripts and lessons alike.
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "graphics/renderer.h"
#include "script/action.h"

namespace xe::sandbox {

class scenario_host {
public:
  virtual ~scenario_host() = default;
  virtual result<u32> create_surface(u32 width, u32 height) = 0;  // returns the free-list slot
  virtual result<void> remove_surface(u32 slot) = 0;
  virtual result<void> resize_surface(u32 slot, u32 width, u32 height) = 0;
  virtual result<void> toggle_fullscreen(u32 slot) = 0;
  virtual result<gfx::image_rgba8> screenshot(std::optional<u32> slot) = 0;
  virtual result<void> run_frames(u32 count) = 0;
  // What every surface draws after its clear, from the next frame on.
  virtual void set_triangle(bool visible) = 0;
  virtual void set_quad(const std::string& texture) = 0;  // empty: no quad
  virtual const std::string& quad() const = 0;
  virtual void set_gpu_load(u32 passes) = 0;
  virtual nlohmann::json snapshot() = 0;
  // The inspector's history as a trace (snapshot/trace.h).
  virtual result<std::string> trace() = 0;
  // Draws count frames, captured by RenderDoc into file ("" : a name from the lesson, step and
  // frame, in out/); returns the file written (the last, when several).
  virtual result<std::string> capture_frames(u32 count, const std::string& file) = 0;
  virtual result<void> open_capture(const std::string& file) = 0;  // in qrenderdoc
  // At least the part of snapshot() that `needed` points into (what expect reads).
  virtual nlohmann::json snapshot_part(const nlohmann::json::json_pointer& needed) {
    (void)needed;
    return snapshot();
  }
};

class action_runner {
public:
  explicit action_runner(scenario_host& host) : _host{host} {}
  // Runs one step; a failure's reason reads "step N (ACTION): why".
  result<void> run(const actions::step& step);
  // The same without the "step N" prefix: the inner action of expect_error and attempt.
  result<void> run_inner(const actions::step& step);
  // A fresh engine: labels and checks refer to the old one.
  void reset_state() {
    _labels.clear();
    _checks = nlohmann::json::object();
  }
  // What expect and lesson questions read: the snapshot, plus "labels": {LABEL: [indices]}
  // and "checks": {AS: result} from the actions that record.
  nlohmann::json evaluation_document() const;
  // The part of it that `needed` points into, built without the rest (expect's cost then
  // follows what it reads, not the size of the engine's state).
  nlohmann::json evaluation_document(const nlohmann::json::json_pointer& needed) const;

  // For the actions (script/actions/).
  scenario_host& host() { return _host; }
  struct label_entry {
    u32 heap{};
    std::vector<u32> indices;
  };
  // Indices remembered by allocate {as: LABEL}.
  const std::vector<u32>* label(const std::string& name) const;
  label_entry& label_entry_for(const std::string& name) { return _labels[name]; }
  const label_entry* find_label(const std::string& name) const;
  void forget_label(const std::string& name) { _labels.erase(name); }
  // /checks/AS: what an action recorded. With asserts on, run() checks the fields are the
  // ones its kind declares (docs/scripts.md lists them).
  void record(std::string_view as, nlohmann::json result) { _checks[std::string{as}] = std::move(result); }
  // The next frame would draw this texture on the quad: it may go only once nothing uses it.
  result<void> not_on_the_quad(const std::string& texture) const;

private:
  scenario_host& _host;
  std::map<std::string, label_entry> _labels;
  nlohmann::json _checks = nlohmann::json::object();
};

}  // namespace xe::sandbox
