// lab.h's entry points: each takes the running core once and hands it to its experiment.
#include "graphics/d3d12/lab/lab_experiments.h"

namespace xe::gfx::lab {

void set_learner_heap_code(const xe_deferred_free_api* code) { d3d12::set_learner_heap_code(code); }
void set_learner_release_code(const xe_deferred_release_api* code) { d3d12::set_learner_release_code(code); }
bool learner_release_code_running() { return d3d12::learner_release_code_running(); }
u32 learner_release_refusals() { return d3d12::learner_release_refusals(); }
void set_learner_surface_code(const xe_free_list_api* code) { d3d12::set_learner_surface_code(code); }
void set_learner_ring_code(const xe_frame_ring_api* code) { d3d12::set_learner_ring_code(code); }

result<u32> create_heap(const heap_desc& desc) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::create_heap(*g, desc);
}

result<u32> find_heap(std::string_view name) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::find_heap(*g, name);
}

result<u32> allocate_descriptor(u32 heap, std::string_view owner) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  std::vector<u32> index;
  XE_TRY(d3d12::allocate_descriptors(*g, heap, 1, owner, index));
  return index.front();
}

result<void> allocate_descriptors(u32 heap, u32 count, std::string_view owner, std::vector<u32>& out) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::allocate_descriptors(*g, heap, count, owner, out);
}

result<void> free_descriptor(u32 heap, u32 index) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::free_descriptor(*g, heap, index);
}

result<wiki_handle_report> wiki_allocate_and_free(u32 heap) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::wiki_allocate_and_free(*g, heap);
}

result<heap_race_report> race_heap(const heap_race_desc& desc) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::race_heap(*g, desc);
}

result<void> create_texture(const texture_create_desc& desc) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::create_texture(*g, desc);
}

result<void> release_texture(std::string_view name) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::release_texture(*g, name);
}

bool has_texture(std::string_view name) {
  auto g = d3d12::running_core();
  return g && (*g)->lab.textures.count(name) != 0;
}

result<immediate_release_report> release_texture_immediately(std::string_view name) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::release_texture_immediately(*g, name);
}

result<void> upload_texture_pattern(std::string_view name, texture_pattern pattern) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::upload_texture_pattern(*g, name, pattern);
}

result<wrong_barrier_report> record_wrong_barrier(std::string_view name) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::record_wrong_barrier(*g, name);
}

result<msaa_measurement> measure_msaa_triangle(u32 samples) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::measure_msaa_triangle(*g, samples);
}

result<quad_root_signature_info> create_quad_root_signature() {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::create_quad_root_signature(*g);
}

result<void> queue_texture_upload(std::string_view name, texture_pattern pattern) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::queue_texture_upload(*g, name, pattern);
}

result<quad_measurement> measure_textured_quad(std::string_view texture) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::measure_textured_quad(*g, texture);
}

result<view_format_check> check_view_format(std::string_view resource_format, std::string_view view_format) {
  XE_TRY_ASSIGN(auto* g, d3d12::running_core());
  return d3d12::check_view_format(*g, resource_format, view_format);
}

}  // namespace xe::gfx::lab
