#include "script/runner.h"

#include <algorithm>
#include <charconv>

#include <spdlog/fmt/fmt.h>

#include "common/log.h"
#include "snapshot/frame_state.h"
#include "snapshot/png.h"

namespace xe::sandbox {
namespace {

template <class... F>
struct overloaded : F... {
  using F::operator()...;
};
template <class... F>
overloaded(F...) -> overloaded<F...>;

error failed(const std::string& reason) { return make_error(errc::invalid_argument, reason); }

// A provoked hazard's checks plus what the runtime said. With the validation layer on it must
// have said something; without it nothing checks, and silence is the honest result.
template <typename Report>
nlohmann::json with_capture(nlohmann::json checks, const Report& report) {
  const bool reported = !report.messages.empty();
  checks["capture_available"] = report.capture_available;
  checks["validation_layer"] = report.validation_layer;
  checks["messages"] = report.messages;
  checks["reported"] = reported;
  checks["reported_as_the_layer_predicts"] = reported == (report.validation_layer && report.capture_available);
  return checks;
}

}  // namespace

const std::vector<u32>* action_runner::label(const std::string& name) const {
  auto it = _labels.find(name);
  return it == _labels.end() ? nullptr : &it->second.indices;
}

nlohmann::json action_runner::evaluation_document() const {
  nlohmann::json document = _host.snapshot();
  nlohmann::json labels = nlohmann::json::object();
  for (const auto& [name, entry] : _labels) labels[name] = entry.indices;
  document["labels"] = std::move(labels);
  document["checks"] = _checks;
  return document;
}

nlohmann::json action_runner::evaluation_document(const nlohmann::json::json_pointer& needed) const {
  if (needed.empty()) return evaluation_document();
  nlohmann::json::json_pointer top = needed;
  while (!top.parent_pointer().empty()) top = top.parent_pointer();
  const std::string section = top.back();
  if (section == "checks") return {{"checks", _checks}};
  if (section != "labels") return _host.snapshot_part(needed);
  // "/labels/NAME/K" needs that label's first K + 1 indices.
  nlohmann::json labels = nlohmann::json::object();
  nlohmann::json::json_pointer rest = needed;
  std::vector<std::string> tokens;
  while (!rest.empty()) {
    tokens.insert(tokens.begin(), rest.back());
    rest.pop_back();
  }
  for (const auto& [name, entry] : _labels) {
    if (tokens.size() > 1 && name != tokens[1]) continue;
    size_t count = entry.indices.size();
    u64 k = 0;
    if (tokens.size() > 2) {
      const std::string& t = tokens[2];
      if (auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), k);
          ec == std::errc{} && end == t.data() + t.size())
        count = std::min<size_t>(count, k + 1);
    }
    labels[name] = std::vector<u32>(entry.indices.begin(), entry.indices.begin() + static_cast<std::ptrdiff_t>(count));
  }
  return {{"labels", std::move(labels)}};
}

result<void> action_runner::run(const actions::step& step) {
  if (auto r = run_action(step.what); !r)
    return make_error(r.error_value().code,
                      fmt::format("step {} ({}): {}", step.number, step.name, r.error_value().reason),
                      r.error_value().native);
  return {};
}

// The next frame would draw a texture on the quad: it may go only once nothing will use it.
result<void> action_runner::not_on_the_quad(const std::string& texture) const {
  if (_host.quad() != texture) return {};
  return failed(fmt::format(
      "texture '{}' is on the quad: take it off first ({{\"do\": \"show_quad\", \"visible\": false}})", texture));
}

result<void> action_runner::run_action(const actions::action& what) {
  using namespace actions;
  return std::visit(
      overloaded{
          [&](const create_heap& a) -> result<void> {
            XE_TRY(gfx::lab::create_heap({a.name, a.type, a.capacity, a.shader_visible, a.model}));
            return {};
          },
          [&](const allocate& a) -> result<void> {
            XE_TRY_ASSIGN(auto heap, gfx::lab::find_heap(a.heap));
            label_entry* entry = nullptr;
            if (!a.as.empty()) {
              entry = &_labels[a.as];
              if (!entry->indices.empty() && entry->heap != heap)
                return failed(fmt::format("label '{}' already names descriptors of another heap", a.as));
              entry->heap = heap;
            }
            // All or nothing on the engine's heap: a request it cannot meet takes no index. A
            // heap running the wiki's code allocates one by one, missing capacity check included.
            std::vector<u32> scratch;
            std::vector<u32>& indices = entry ? entry->indices : scratch;
            return gfx::lab::allocate_descriptors(heap, a.count, a.as.empty() ? std::string_view{"script"} : a.as,
                                                  indices);
          },
          [&](const free_descriptor& a) -> result<void> {
            XE_TRY_ASSIGN(auto heap, gfx::lab::find_heap(a.heap));
            if (a.index) return gfx::lab::free_descriptor(heap, *a.index);
            auto it = _labels.find(a.label);
            if (it == _labels.end()) return failed(fmt::format("no allocate step remembered label '{}'", a.label));
            if (it->second.heap != heap)
              return failed(fmt::format("label '{}' names descriptors of another heap", a.label));
            for (u32 index : it->second.indices) XE_TRY(gfx::lab::free_descriptor(heap, index));
            _labels.erase(it);
            return {};
          },
          [&](const advance_frames& a) { return _host.run_frames(a.count); },
          [&](const flush&) { return gfx::flush(); },
          [&](const set_frames_in_flight& a) { return gfx::set_frames_in_flight(a.count); },
          [&](const create_surface& a) -> result<void> {
            XE_TRY_ASSIGN(auto slot, _host.create_surface(a.width, a.height));
            if (!a.as.empty()) _checks[a.as] = {{"slot", slot}};
            return {};
          },
          [&](const remove_surface& a) { return _host.remove_surface(a.slot); },
          [&](const resize& a) -> result<void> {
            const auto views = [&]() -> std::pair<std::vector<u32>, nlohmann::json> {
              const gfx::surfaces_info info = gfx::calculate_surfaces_info();
              if (a.slot >= info.slots.size() || !info.slots[a.slot].live) return {};
              const gfx::surface_info& s = info.slots[a.slot];
              return {s.rtv_indices, s.dsv_index == invalid_id ? nlohmann::json(nullptr) : nlohmann::json(s.dsv_index)};
            };
            // Plain pairs, not structured bindings: clang 14 cannot capture bindings in a lambda.
            const auto old_views = views();
            XE_TRY(_host.resize_surface(a.slot, a.width, a.height));
            if (a.as.empty()) return {};
            const auto new_views = views();
            const std::vector<u32>& old_rtvs = old_views.first;
            const std::vector<u32>& new_rtvs = new_views.first;
            const bool reused =
                std::any_of(new_rtvs.begin(), new_rtvs.end(),
                            [&](u32 i) { return std::find(old_rtvs.begin(), old_rtvs.end(), i) != old_rtvs.end(); }) ||
                (!new_views.second.is_null() && new_views.second == old_views.second);
            _checks[a.as] = {{"old_rtvs", old_rtvs},
                             {"new_rtvs", new_rtvs},
                             {"old_dsv", old_views.second},
                             {"new_dsv", new_views.second},
                             {"reused_freed", reused}};
            return {};
          },
          [&](const toggle_fullscreen& a) { return _host.toggle_fullscreen(a.slot); },
          [&](const create_texture& a) {
            return gfx::lab::create_texture({a.name, a.kind, a.width, a.height});
          },
          [&](const release& a) -> result<void> {
            XE_TRY(not_on_the_quad(a.name));
            return gfx::lab::release_texture(a.name);
          },
          [&](const snapshot& a) { return write_frame_state(a.file, _host.snapshot()); },
          [&](const screenshot& a) -> result<void> {
            XE_TRY_ASSIGN(auto image, _host.screenshot(a.slot));
            return write_png(a.file, image);
          },
          [&](const show_triangle& a) -> result<void> {
            _host.set_triangle(a.visible);
            return {};
          },
          [&](const set_gpu_load& a) -> result<void> {
            _host.set_gpu_load(a.passes);
            return {};
          },
          [&](const expect_error& a) -> result<void> {
            auto r = run_action(a.inner->what);
            if (r) return failed(fmt::format("{} was expected to fail, and it succeeded", a.inner->name));
            const std::string& message = r.error_value().reason;
            if (!a.contains.empty() && message.find(a.contains) == std::string::npos)
              return failed(fmt::format("{} failed, but its message does not contain \"{}\": {}", a.inner->name,
                                        a.contains, message));
            XE_LOG_INFO("expected failure of {}: {}", a.inner->name, message);
            if (!a.as.empty())
              _checks[a.as] = {{"failed", true},
                               {"action", a.inner->name},
                               {"message", message},
                               {"code", to_string(r.error_value().code)}};
            return {};
          },
          [&](const attempt& a) -> result<void> {
            auto r = run_action(a.inner->what);
            const std::string message = r ? std::string{} : r.error_value().reason;
            if (!r) XE_LOG_INFO("{} failed (allowed by attempt): {}", a.inner->name, message);
            _checks[a.as] = {{"failed", !r},
                             {"action", a.inner->name},
                             {"message", message},
                             {"code", r ? nlohmann::json(nullptr) : nlohmann::json(to_string(r.error_value().code))}};
            return {};
          },
          [&](const check_view_format& a) -> result<void> {
            XE_TRY_ASSIGN(auto check, gfx::lab::check_view_format(a.resource, a.view));
            XE_LOG_INFO("{} texture with a {} SRV: {} ({})", a.resource, a.view,
                        check.allowed ? "allowed" : "not allowed", check.rule);
            _checks[a.as] = {{"resource", a.resource},
                             {"view", a.view},
                             {"allowed", check.allowed},
                             {"created", check.created},
                             {"casting_fully_typed_supported", check.casting_fully_typed_supported},
                             {"rule", check.rule}};
            return {};
          },
          [&](const race& a) -> result<void> {
            XE_TRY_ASSIGN(auto report, gfx::lab::race_heap({a.model, a.iterations}));
            _checks[a.as] = {{"model", gfx::to_string(a.model)},
                             {"rounds", report.rounds},
                             {"landed_inside", report.landed_inside},
                             {"iterations", report.iterations},
                             {"final_size", report.final_size},
                             {"duplicates", report.duplicates},
                             {"faults", report.faults},
                             {"damage", report.damage},
                             {"sound", report.damage == 0},
                             {"ms", report.ms}};
            return {};
          },
          [&](const release_immediately& a) -> result<void> {
            XE_TRY(not_on_the_quad(a.name));
            XE_TRY_ASSIGN(auto report, gfx::lab::release_texture_immediately(a.name));
            _checks[a.as] = with_capture({{"released", report.released},
                                          {"fence_completed", report.fence_completed_at_release},
                                          {"fence_signalled", report.fence_signalled_at_release},
                                          {"marker_wait_ms", report.marker_wait_ms}},
                                         report);
            return {};
          },
          [&](const upload_texture& a) {
            return a.through == upload_path::upload_ring ? gfx::lab::queue_texture_upload(a.name, a.pattern)
                                                         : gfx::lab::upload_texture_pattern(a.name, a.pattern);
          },
          [&](const create_quad_root_signature& a) -> result<void> {
            XE_TRY_ASSIGN(auto info, gfx::lab::create_quad_root_signature());
            _checks[a.as] = {{"name", info.name},
                             {"parameters", info.parameters},
                             {"parameter_type", info.parameter_type},
                             {"range_type", info.range_type},
                             {"range_descriptors", info.range_descriptors},
                             {"range_register", info.range_register},
                             {"visibility", info.visibility},
                             {"static_samplers", info.static_samplers},
                             {"sampler_filter", info.sampler_filter},
                             {"sampler_address", info.sampler_address},
                             {"sampler_register", info.sampler_register},
                             {"input_assembler", info.input_assembler}};
            return {};
          },
          [&](const show_quad& a) -> result<void> {
            if (!a.texture.empty() && !gfx::lab::has_texture(a.texture))
              return failed(fmt::format("there is no live texture named '{}'", a.texture));
            _host.set_quad(a.texture);
            return {};
          },
          [&](const measure_quad& a) -> result<void> {
            XE_TRY_ASSIGN(auto m, gfx::lab::measure_textured_quad(a.name));
            const char* shows = m.texel_pixels == m.quad_pixels   ? "texture"
                                : m.clear_pixels == m.quad_pixels ? "nothing"
                                                                  : "not the texture";
            _checks[a.as] = {{"width", m.width},
                             {"height", m.height},
                             {"quad_pixels", m.quad_pixels},
                             {"texel_pixels", m.texel_pixels},
                             {"clear_pixels", m.clear_pixels},
                             {"other_pixels", m.other_pixels},
                             {"first_other", m.first_other},
                             {"outside_pixels", m.outside_pixels},
                             {"outside_clear", m.outside_clear},
                             {"shows", shows},
                             {"outside_is_clear", m.outside_clear == m.outside_pixels}};
            return {};
          },
          [&](const wrong_barrier& a) -> result<void> {
            XE_TRY_ASSIGN(auto report, gfx::lab::record_wrong_barrier(a.name));
            _checks[a.as] = with_capture({{"tracked_before", report.tracked_before},
                                          {"claimed_before", report.claimed_before},
                                          {"after", report.after}},
                                         report);
            return {};
          },
          [&](const expect& a) -> result<void> {
            if (auto why = actions::check_expect(evaluation_document(a.pointer), a)) return failed(*why);
            return {};
          },
      },
      what);
}

}  // namespace xe::sandbox
