#!/usr/bin/env bash
# Peer comparison: the same Dear ImGui demo window drawn by (a) the sandbox's own D3D12
# ImGui renderer on vkd3d -> lavapipe (--imgui-demo) and (b) Dear ImGui's own SDL2 + Vulkan
# example on the same lavapipe, both 1280x720, unlimited frame rate, measured alternately
# in one session. The peer is built from Debian's example source into build-peer/ (not
# committed), with timing added around its main loop and its "Hello, world!" window
# removed so both draw only ShowDemoWindow(). Prints each run and the ratio of p50 frame
# times; target: sandbox <= 1.25x peer.
# Usage: tools/peer-imgui-vulkan.sh [BUILD_DIR] [FRAMES] [ROUNDS]  (default build-release 600 3)
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/bench-common.sh
xe_bench_setup 600 "$@"

peer_dir=build-peer
xe_build_peer "$peer_dir"

sandbox_p50=() peer_p50=()
for round in $(seq "$rounds"); do
  line=$("$exe" --imgui-demo --bench-frames "$frames" 2>/dev/null | tail -n 1)
  echo "round $round sandbox --imgui-demo: $line"
  sandbox_p50+=("$(echo "$line" | xe_p50)")
  line=$(cd "$peer_dir" && XE_BENCH_FRAMES="$frames" ./example_sdl_vulkan 2>/dev/null | tail -n 1)  # its imgui.ini stays there
  echo "round $round imgui example_sdl_vulkan: $line"
  peer_p50+=("$(echo "$line" | xe_p50)")
done
s=$(xe_median "${sandbox_p50[@]}")
p=$(xe_median "${peer_p50[@]}")
awk -v s="$s" -v p="$p" 'BEGIN { printf "median p50: sandbox %.3f ms, peer %.3f ms, ratio %.3f (target <= 1.25)\n", s, p, s / p }'
