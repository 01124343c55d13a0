// Can a texture created with one format take an SRV of another? D3D12's rule: a typeless
// resource takes any fully typed format of its cast family; a fully typed resource takes
// its own format, or (when the device reports CastingFullyTypedFormatSupported, the
// relaxed casting rules) another fully typed format of the same family, except _FLOAT to
// or from non-_FLOAT and _SNORM to or from _UNORM; across families never, through
// CreateShaderResourceView on a resource created with one format. Pairs the rule allows
// are then created on the device for real; pairs it forbids are not (that call is invalid
// API use, which the debug layer and the Vulkan validation layer report as an error).
// The verdict is this file's table of D3D12's rules; the device is asked only whether it
// casts fully typed formats and whether it supports the view format.
#include "common/fault.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_texture.h"
#include "graphics/d3d12/lab/lab_experiments.h"

namespace xe::gfx::d3d12 {
namespace {

struct format_entry {
  const char* name;
  DXGI_FORMAT format;
  const char* family;  // the cast set: the same bits per component and component count
  bool typeless;
};

constexpr format_entry formats[] = {
    {"R32_TYPELESS", DXGI_FORMAT_R32_TYPELESS, "R32", true},
    {"R32_FLOAT", DXGI_FORMAT_R32_FLOAT, "R32", false},
    {"R32_UINT", DXGI_FORMAT_R32_UINT, "R32", false},
    {"R32_SINT", DXGI_FORMAT_R32_SINT, "R32", false},
    {"R8G8B8A8_TYPELESS", DXGI_FORMAT_R8G8B8A8_TYPELESS, "R8G8B8A8", true},
    {"R8G8B8A8_UNORM", DXGI_FORMAT_R8G8B8A8_UNORM, "R8G8B8A8", false},
    {"R8G8B8A8_UNORM_SRGB", DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, "R8G8B8A8", false},
    {"R8G8B8A8_UINT", DXGI_FORMAT_R8G8B8A8_UINT, "R8G8B8A8", false},
    {"R8G8B8A8_SNORM", DXGI_FORMAT_R8G8B8A8_SNORM, "R8G8B8A8", false},
    {"R8G8B8A8_SINT", DXGI_FORMAT_R8G8B8A8_SINT, "R8G8B8A8", false},
    {"R16G16_TYPELESS", DXGI_FORMAT_R16G16_TYPELESS, "R16G16", true},
    {"R16G16_FLOAT", DXGI_FORMAT_R16G16_FLOAT, "R16G16", false},
    {"R16G16_UNORM", DXGI_FORMAT_R16G16_UNORM, "R16G16", false},
    {"B8G8R8A8_TYPELESS", DXGI_FORMAT_B8G8R8A8_TYPELESS, "B8G8R8A8", true},
    {"B8G8R8A8_UNORM", DXGI_FORMAT_B8G8R8A8_UNORM, "B8G8R8A8", false},
    {"B8G8R8A8_UNORM_SRGB", DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, "B8G8R8A8", false},
};

bool is_float(const format_entry& f) { return std::string_view{f.name}.find("_FLOAT") != std::string_view::npos; }
bool is_snorm(const format_entry& f) { return std::string_view{f.name}.find("_SNORM") != std::string_view::npos; }
bool is_unorm(const format_entry& f) { return std::string_view{f.name}.find("_UNORM") != std::string_view::npos; }

const format_entry* find_format(std::string_view name) {
  for (const format_entry& f : formats)
    if (name == f.name) return &f;
  return nullptr;
}

std::string known_formats() {
  std::string out;
  for (const format_entry& f : formats) out += (out.empty() ? "" : ", ") + std::string{f.name};
  return out;
}

}  // namespace

namespace {

// A null descriptor (wiki 7.9 says pResource can never be null): CreateShaderResourceView
// with no resource and a full description, written into the srv heap and freed again.
result<lab::view_format_check> check_null_view(core_state& g, const format_entry& view) {
  XE_TRY_ASSIGN(auto handle, g.srv_heap().allocate("view check: null SRV"));
  D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = view.format;
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
  srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  srv.Texture2D.MipLevels = 1;
  g.device.get()->CreateShaderResourceView(nullptr, &srv, handle.cpu);
  XE_TRY(g.srv_heap().free(handle));
  lab::view_format_check out;
  out.allowed = out.created = true;
  out.rule =
      fmt::format("no resource and a full {} description: a null descriptor, which shaders read as zeros", view.name);
  return out;
}

}  // namespace

result<lab::view_format_check> check_view_format(core_state& g, std::string_view resource_format,
                                                 std::string_view view_format) {
  const format_entry* view = find_format(view_format);
  if (resource_format == "null" && view && !view->typeless) return check_null_view(g, *view);
  const format_entry* resource = find_format(resource_format);
  if (!resource || !view)
    return make_error(errc::invalid_argument, fmt::format("unknown format '{}' (known: {})",
                                                          resource ? view_format : resource_format, known_formats()));
  if (view->typeless)
    return make_error(errc::invalid_argument,
                      fmt::format("a view needs a fully typed format; {} is typeless", view->name));

  lab::view_format_check out;
  D3D12_FEATURE_DATA_D3D12_OPTIONS3 options3{};
  out.casting_fully_typed_supported =
      SUCCEEDED(g.device.get()->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS3, &options3, sizeof(options3))) &&
      options3.CastingFullyTypedFormatSupported;

  const bool same_family = std::string_view{resource->family} == view->family;
  if (resource->format == view->format) {
    out.allowed = true;
    out.rule = "the view uses the resource's own format";
  } else if (!same_family) {
    out.rule = fmt::format("{} belongs to the {} family and {} to the {} family: a view never changes the family",
                           resource->name, resource->family, view->name, view->family);
  } else if (resource->typeless) {
    out.allowed = true;
    out.rule = fmt::format("a typeless resource takes any fully typed format of its family ({})", resource->family);
  } else if (is_float(*resource) != is_float(*view)) {
    out.rule = fmt::format("{} to {}: casting between _FLOAT and non-_FLOAT formats is never allowed", resource->name,
                           view->name);
  } else if (((is_snorm(*resource) && is_unorm(*view)) || (is_unorm(*resource) && is_snorm(*view))) &&
             !XE_FAULT(view_cast_snorm_unorm)) {
    out.rule =
        fmt::format("{} to {}: casting between _SNORM and _UNORM formats is never allowed", resource->name, view->name);
  } else if (out.casting_fully_typed_supported) {
    out.allowed = true;
    out.rule = fmt::format("the device casts fully typed formats within a family ({})", resource->family);
  } else {
    out.rule = fmt::format(
        "{} is fully typed and this device does not cast fully typed formats "
        "(CastingFullyTypedFormatSupported is FALSE)",
        resource->name);
  }
  if (!out.allowed) return out;

  // Allowed: create the pair on the device. The texture and its view go through the
  // deferred path like any other.
  D3D12_FEATURE_DATA_FORMAT_SUPPORT support{view->format, {}, {}};
  if (FAILED(g.device.get()->CheckFeatureSupport(D3D12_FEATURE_FORMAT_SUPPORT, &support, sizeof(support))) ||
      !(support.Support1 & D3D12_FORMAT_SUPPORT1_TEXTURE2D)) {
    out.allowed = false;
    out.rule = fmt::format("the device does not support {} for 2D textures", view->name);
    return out;
  }
  const std::string name = fmt::format("view check {} as {}", resource->name, view->name);
  texture_desc shape;
  shape.width = shape.height = 4;
  shape.format = resource->format;
  const D3D12_RESOURCE_DESC desc = make_texture2d_desc(shape);
  D3D12_SHADER_RESOURCE_VIEW_DESC srv{};
  srv.Format = view->format;
  srv.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D;
  srv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  srv.Texture2D.MipLevels = 1;
  d3d12_texture_init_info info;
  info.device = g.device.get();
  info.srv_heap = &g.srv_heap();
  info.name = name;
  info.desc = &desc;
  info.srv_desc = &srv;
  XE_TRY_ASSIGN(auto texture, d3d12_texture::create(info));
  out.created = true;
  texture.release();
  return out;
}

}  // namespace xe::gfx::d3d12
