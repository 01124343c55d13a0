# Third-party dependencies. Linux: Debian packages only. Windows: vcpkg.json manifest
# (MSVC) or the mingw-w64 headers and libraries (cross build).
find_package(Threads REQUIRED)
find_package(spdlog CONFIG REQUIRED)
find_package(nlohmann_json 3.10 CONFIG REQUIRED)

# xe::d3d12_platform: what the engine links to reach a D3D12 runtime.
add_library(xe_d3d12_platform INTERFACE)
add_library(xe::d3d12_platform ALIAS xe_d3d12_platform)

if(WIN32)
  target_link_libraries(xe_d3d12_platform INTERFACE d3d12 dxgi dxguid)
  target_compile_definitions(xe_d3d12_platform INTERFACE NOMINMAX WIN32_LEAN_AND_MEAN UNICODE _UNICODE)
  set(XE_PLATFORM_SUFFIX win32)
else()
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(VKD3D REQUIRED IMPORTED_TARGET libvkd3d libvkd3d-utils)
  find_package(Vulkan REQUIRED)
  target_link_libraries(xe_d3d12_platform INTERFACE PkgConfig::VKD3D Vulkan::Vulkan)
  # Struct-returning COM methods must use vkd3d's explicit aggregate-return ABI
  # (../shared/notes/linux-vkd3d.md); NOMINMAX keeps vkd3d's min/max macros out of <algorithm>.
  target_compile_definitions(xe_d3d12_platform INTERFACE WIDL_EXPLICIT_AGGREGATE_RETURNS NOMINMAX)
  set(XE_PLATFORM_SUFFIX vkd3d)
endif()
