#!/usr/bin/env bash
# Installs the Debian 12 packages the build, the sandbox and the tests need; skips what is
# already installed, so it is cheap to run every time. Needs root (or sudo).
set -euo pipefail

packages=(
  # toolchain
  cmake ninja-build g++ pkg-config ccache
  # D3D12 on Vulkan, the software Vulkan driver, validation
  libvkd3d-dev libvkd3d-utils1 mesa-vulkan-drivers libvulkan-dev vulkan-validationlayers
  # libraries
  libsdl2-dev libspdlog-dev nlohmann-json3-dev libstb-dev libgtest-dev libbenchmark-dev
  # the inspector: Dear ImGui and a font with Chinese glyphs
  libimgui-dev fonts-wqy-microhei
  # tests: shader checks, schema validation, fuzzing (clang's libFuzzer), a display
  vkd3d-compiler spirv-tools
  python3-jsonschema clang libclang-rt-14-dev xvfb openbox wmctrl
  # the Windows build, cross-compiled and run under Wine
  g++-mingw-w64-x86-64 wine64
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
