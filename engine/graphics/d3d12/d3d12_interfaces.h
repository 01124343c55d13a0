#pragma once
#include <vector>

#include "graphics/d3d12/d3d12_common.h"
#include "graphics/stats.h"

namespace xe::gfx::d3d12 {
// QueryInterface for each newer device, command-list and fence interface; records which
// ones this runtime provides (vkd3d 1.2: ID3D12Device and command lists up to 2 only).
std::vector<interface_support> query_interfaces(ID3D12Device* device, ID3D12GraphicsCommandList* list,
                                                ID3D12Fence* fence);
}  // namespace xe::gfx::d3d12
