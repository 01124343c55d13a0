#pragma once
// Lesson 14's textured quad: a square in the middle of a surface showing a learner texture,
// read through a descriptor table (one SRV range) and a static sampler, its texels copied in
// through the upload ring at the start of a frame. For the core (d3d12_core.cpp records the
// queued uploads in begin_frame and the quad in each surface's pass) and lesson 13's upload.
#include <string_view>
#include <vector>

#include "graphics/d3d12/d3d12_frame.h"
#include "graphics/lab.h"

namespace xe::gfx::d3d12 {

struct core_state;

// The pixels of a pattern (lab.h's texture_pattern), RGBA8, rows top to bottom.
std::vector<u8> pattern_pixels(lab::texture_pattern pattern, u32 width, u32 height);

// Records every upload lab::queue_texture_upload queued, into list, from the upload ring's
// current slot. In begin_frame, after the slot was reclaimed and published.
result<void> record_queued_uploads(core_state& g, ID3D12GraphicsCommandList* list);

// Draws the quad with the learner texture named texture. A texture whose pixels are not in
// yet (an upload still queued, never uploaded) draws nothing; one that does not exist is an
// error. The list must have the engine's shader-visible heap bound.
result<void> record_learner_quad(core_state& g, const render_context& ctx, std::string_view texture);

}  // namespace xe::gfx::d3d12
