# Third-party dependencies. Linux: Debian packages only. Windows: vcpkg.json manifest
# (MSVC) or the mingw-w64 headers and libraries (cross build).
find_package(Threads REQUIRED)

option(XE_DEBIAN_HEADERS_FOR_MINGW "Cross build: take spdlog, fmt, nlohmann-json, stb, CLI11, utfcpp and DirectX-Headers from Debian's /usr/include" OFF)
if(XE_DEBIAN_HEADERS_FOR_MINGW)
  # Only these header trees are exposed (through symlinks in the build folder): putting
  # /usr/include itself on the path would shadow mingw's C headers with glibc's.
  set(_stage ${CMAKE_BINARY_DIR}/debian-headers)
  file(MAKE_DIRECTORY ${_stage})
  # directx/ and dxguids/: DirectX-Headers (directx-headers-dev); CLI/: CLI11
  # (libcli11-dev); utf8cpp/: utfcpp (libutfcpp-dev).
  foreach(dir spdlog fmt nlohmann stb directx dxguids CLI utf8cpp)
    if(NOT EXISTS /usr/include/${dir})
      message(FATAL_ERROR "/usr/include/${dir} is missing: run tools/install-deps.sh")
    endif()
    if(NOT EXISTS ${_stage}/${dir})
      file(CREATE_LINK /usr/include/${dir} ${_stage}/${dir} SYMBOLIC)
    endif()
  endforeach()
  add_library(xe_spdlog_headers INTERFACE)
  target_include_directories(xe_spdlog_headers SYSTEM INTERFACE ${_stage})
  # Compiled once, in engine/common/spdlog_fmt_mingw.cpp, not inline in every file.
  target_compile_definitions(xe_spdlog_headers INTERFACE SPDLOG_COMPILED_LIB SPDLOG_FMT_EXTERNAL)
  add_library(spdlog::spdlog ALIAS xe_spdlog_headers)
  add_library(xe_json_headers INTERFACE)
  target_include_directories(xe_json_headers SYSTEM INTERFACE ${_stage})
  add_library(nlohmann_json::nlohmann_json ALIAS xe_json_headers)
  set(XE_STB_INCLUDE_DIR ${_stage}/stb)
  # CLI11 (header-only, the sandbox's command line) under its package's imported name.
  # utfcpp needs no target: <utf8cpp/utf8.h> is in the stage, which the engine already has.
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  target_include_directories(CLI11::CLI11 SYSTEM INTERFACE ${_stage})
else()
  find_package(spdlog CONFIG REQUIRED)
  find_package(nlohmann_json 3.10 CONFIG REQUIRED)
  find_package(CLI11 2.1 CONFIG REQUIRED)
  # Header-only; the engine includes <utf8cpp/utf8.h> from the default include path (Debian,
  # vcpkg's include folder). Found here so a missing package fails at configure time.
  find_package(utf8cpp 3.2 CONFIG REQUIRED)
endif()

# xe::stb: stb_image / stb_image_write. Debian ships the compiled library (libstb);
# elsewhere the headers come alone and the sandbox compiles the implementation.
add_library(xe_stb INTERFACE)
add_library(xe::stb ALIAS xe_stb)
if(XE_STB_INCLUDE_DIR)
  target_include_directories(xe_stb SYSTEM INTERFACE ${XE_STB_INCLUDE_DIR})
  set(XE_STB_IMPLEMENTATION ON)
elseif(WIN32)
  find_path(XE_STB_INCLUDE_DIR stb_image_write.h PATH_SUFFIXES stb REQUIRED)
  target_include_directories(xe_stb SYSTEM INTERFACE ${XE_STB_INCLUDE_DIR})
  set(XE_STB_IMPLEMENTATION ON)
else()
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(STB REQUIRED IMPORTED_TARGET stb)
  target_link_libraries(xe_stb INTERFACE PkgConfig::STB)
  set(XE_STB_IMPLEMENTATION OFF)
endif()

# xe::d3d12_platform: what the engine links to reach a D3D12 runtime.
add_library(xe_d3d12_platform INTERFACE)
add_library(xe::d3d12_platform ALIAS xe_d3d12_platform)

if(WIN32)
  # DirectX-Headers: d3d12_common.h includes <directx/d3d12.h> and <dxguids/dxguids.h>.
  if(XE_DEBIAN_HEADERS_FOR_MINGW)
    target_include_directories(xe_d3d12_platform SYSTEM INTERFACE ${_stage})
  else()
    find_package(directx-headers CONFIG REQUIRED)
    target_link_libraries(xe_d3d12_platform INTERFACE Microsoft::DirectX-Headers)
  endif()
  target_link_libraries(xe_d3d12_platform INTERFACE d3d12 dxgi dxguid)
  target_compile_definitions(xe_d3d12_platform INTERFACE NOMINMAX WIN32_LEAN_AND_MEAN UNICODE _UNICODE)
  set(XE_PLATFORM_SUFFIX win32)
else()
  find_package(PkgConfig REQUIRED)
  pkg_check_modules(VKD3D REQUIRED IMPORTED_TARGET libvkd3d libvkd3d-utils)
  find_package(Vulkan REQUIRED)
  target_link_libraries(xe_d3d12_platform INTERFACE PkgConfig::VKD3D Vulkan::Vulkan)
  # Struct-returning COM methods must use vkd3d's explicit aggregate-return ABI
  # (docs/platforms.md); NOMINMAX keeps vkd3d's min/max macros out of <algorithm>.
  target_compile_definitions(xe_d3d12_platform INTERFACE WIDL_EXPLICIT_AGGREGATE_RETURNS NOMINMAX)
  set(XE_PLATFORM_SUFFIX vkd3d)
endif()
