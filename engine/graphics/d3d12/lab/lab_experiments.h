#pragma once
// lab.h's experiments, each handed the core's state by its entry point (lab_api.cpp), or by
// the core at initialize (create_null_descriptor_sources) and nothing else. The contracts are lab.h's; what is added here is for the core.
#include "graphics/d3d12/d3d12_core_state.h"
#include "graphics/lab.h"

namespace xe::gfx::d3d12 {

// Learner heaps (lab_heaps.cpp). At initialize: the null views learner descriptors start as.
result<void> create_null_descriptor_sources(core_state& g);
void set_learner_heap_code(const xe_deferred_free_api* code);
result<u32> create_heap(core_state& g, const lab::heap_desc& desc);
result<u32> find_heap(core_state& g, std::string_view name);
result<void> allocate_descriptors(core_state& g, u32 heap, u32 count, std::string_view owner, std::vector<u32>& out);
result<void> free_descriptor(core_state& g, u32 heap, u32 index);
result<lab::wiki_handle_report> wiki_allocate_and_free(core_state& g, u32 heap);

// lab_heap_race.cpp
result<lab::heap_race_report> race_heap(core_state& g, const lab::heap_race_desc& desc);

// Learner textures (lab_textures.cpp).
result<void> create_texture(core_state& g, const lab::texture_create_desc& desc);
result<void> release_texture(core_state& g, std::string_view name);

// Hazards and lesson 13's upload (lab_hazards.cpp).
result<lab::immediate_release_report> release_texture_immediately(core_state& g, std::string_view name);
result<void> upload_texture_pattern(core_state& g, std::string_view name, lab::texture_pattern pattern);
result<lab::wrong_barrier_report> record_wrong_barrier(core_state& g, std::string_view name);

// Lesson 14 (lab_textured_quad.cpp).
result<lab::quad_root_signature_info> create_quad_root_signature(core_state& g);
result<void> queue_texture_upload(core_state& g, std::string_view name, lab::texture_pattern pattern);
result<lab::quad_measurement> measure_textured_quad(core_state& g, std::string_view name);

// Lesson 08's MSAA (lab_msaa.cpp).
result<lab::msaa_measurement> measure_msaa_triangle(core_state& g, u32 samples);

// Wiki 7.9 (lab_view_formats.cpp).
result<lab::view_format_check> check_view_format(core_state& g, std::string_view resource_format,
                                                 std::string_view view_format);

}  // namespace xe::gfx::d3d12
