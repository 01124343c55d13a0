#pragma once
// The one include point for D3D12 and DXGI types. Windows: the platform SDK (or
// DirectX-Headers). Linux: vkd3d's own headers, whose COM methods use the Microsoft
// ABI; the build defines WIDL_EXPLICIT_AGGREGATE_RETURNS and NOMINMAX (see
// ../shared/notes/linux-vkd3d.md). Only interfaces both runtimes implement are used
// directly; newer ones are queried and reported.
#if defined(_WIN32)
#include <d3d12.h>
#include <d3d12sdklayers.h>
#include <dxgi1_6.h>
#else
#include <vkd3d.h>
#include <vkd3d_d3d12sdklayers.h>
#include <vkd3d_utils.h>
#ifndef IID_PPV_ARGS
#define IID_PPV_ARGS(pp) __uuidof(**(pp)), reinterpret_cast<void**>(pp)
#endif
#endif

#include <string>
#include <string_view>

#include "common/check.h"
#include "common/log.h"
#include "common/result.h"
#include "common/types.h"
#include "graphics/d3d12/com_ptr.h"

namespace xe::gfx::d3d12 {

// Every engine D3D12 object carries a debug name (STYLE.md principle 6).
void set_name(ID3D12Object* object, std::string_view name);
// UTF-8 → the platform's wide string (UTF-16 on Windows, UTF-32 with vkd3d).
std::wstring to_wide(std::string_view utf8);

} // namespace xe::gfx::d3d12
