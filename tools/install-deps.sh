#!/usr/bin/env bash
# Installs the Debian 12 packages the build, the sandbox and the tests need, and fetches
# Dear ImGui's full sources (Debian's source package `imgui`, the same version as
# libimgui-dev) into build-deps/ for the Windows build; skips what is already there, so it
# is cheap to run every time. Needs root (or sudo).
#   tools/install-deps.sh          everything (tools/test.sh)
#   tools/install-deps.sh --run    only what building and running the sandbox needs
#                                  (tools/run.sh): no test tools, no Windows build
set -euo pipefail
cd "$(dirname "$0")/.."

run_only=0
case "${1:-}" in
  "") ;;
  --run) run_only=1 ;;
  *) echo "usage: tools/install-deps.sh [--run]" >&2; exit 2 ;;
esac

packages=(
  # toolchain
  cmake ninja-build g++ pkg-config ccache
  # D3D12 on Vulkan, the software Vulkan driver, validation (lessons 12 and 13 show its
  # messages)
  libvkd3d-dev libvkd3d-utils1 mesa-vulkan-drivers libvulkan-dev vulkan-validationlayers
  # libraries
  libsdl2-dev libx11-dev libspdlog-dev nlohmann-json3-dev libstb-dev libcli11-dev libutfcpp-dev
  # the inspector: Dear ImGui and a font with Chinese glyphs
  libimgui-dev fonts-wqy-microhei
  # captures for RenderDoc: the in-application API's header, its library and the converter
  librenderdoc-dev librenderdoc renderdoccmd
)
test_packages=(
  # the suites and benchmarks
  libgtest-dev libbenchmark-dev
  # tests: shader checks, schema validation, fuzzing (clang's libFuzzer), a display
  vkd3d-compiler spirv-tools
  python3-jsonschema clang libclang-rt-14-dev xvfb openbox wmctrl xdotool x11-utils imagemagick gdb
  # the Windows build, cross-compiled and run under Wine, against DirectX-Headers
  g++-mingw-w64-x86-64 wine64 directx-headers-dev
  # packages: cpack's DEB generator reads shared-library dependencies with dpkg-shlibdeps
  dpkg-dev unzip
)
[ "$run_only" -eq 1 ] || packages+=("${test_packages[@]}")

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

[ "$run_only" -eq 1 ] && exit 0

# Dear ImGui's sources for the mingw build (imgui*.cpp, the Win32 and DX12 backends, the
# DX12 example): libimgui-dev is built for Linux only. Unpacked into build-deps/imgui,
# never committed; CMake's windows-mingw configuration reads it from there.
imgui_version=$(dpkg-query -W -f='${source:Version}' libimgui-dev)
imgui_dir=build-deps/imgui
if [ "$(cat "$imgui_dir/.debian-version" 2>/dev/null)" != "$imgui_version" ]; then
  # apt-get source needs a deb-src entry: the same URIs, suites, components and key as
  # the deb stanzas of debian.sources (deb822), added once.
  src_list=/etc/apt/sources.list.d/xengine-deb-src.sources
  if ! apt-get source --print-uris -qq "imgui=$imgui_version" >/dev/null 2>&1; then
    if [ ! -f "$src_list" ] && [ -f /etc/apt/sources.list.d/debian.sources ]; then
      sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources | $sudo tee "$src_list" >/dev/null
    fi
    $sudo apt-get update -qq || true
  fi
  download=$(mktemp -d)
  if (cd "$download" && apt-get source --download-only -qq "imgui=$imgui_version" >/dev/null 2>&1); then
    orig=$(ls "$download"/imgui_*.orig.tar.* | head -n 1)
    rm -rf "$imgui_dir" && mkdir -p "$imgui_dir"
    tar -xf "$orig" -C "$imgui_dir" --strip-components=1
    echo "$imgui_version" >"$imgui_dir/.debian-version"
    echo "Dear ImGui $imgui_version sources unpacked into $imgui_dir"
  else
    # Not fatal here: the mingw build says so and builds without the overlay (CI fails).
    echo "install-deps: could not fetch Debian's source package imgui=$imgui_version (no deb-src entry reachable?)" >&2
  fi
  rm -rf "$download"
fi
