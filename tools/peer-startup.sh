#!/usr/bin/env bash
# Start-up against a peer: from the process's start to its first interactive frame, (a) the
# sandbox in a window with lesson 07 open, its lessons and its font (CJK glyphs) loaded
# (--bench-latency's start_up), and (b) Dear ImGui's own SDL2 + Vulkan example (built by
# tools/bench-common.sh, XE_STARTUP set: its first present), both 1280x720 on the same
# lavapipe, started the same way and alternately. Both read their start with the sandbox's
# sandbox/app/process_clock_posix.cpp (/proc/self/stat).
# Prints each run and the ratio of the medians; target: sandbox <= 1.5x peer.
# Usage: tools/peer-startup.sh [BUILD_DIR] [ROUNDS]  (default build-release 5)
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/bench-common.sh
xe_bench_setup 0 "${1:-build-release}" 0 "${2:-5}"

peer_dir=build-peer
xe_build_peer "$peer_dir"
settings=$(mktemp -d)
trap 'rm -rf "$settings"' EXIT

sandbox_ms=() peer_ms=()
for round in $(seq "$rounds"); do
  # A first run each time: no settings, so nothing learnt from an earlier run is reused.
  rm -f "$settings/settings.json"
  line=$("$exe" --lesson 07 --language en --size 1280x720 --settings "$settings/settings.json" --bench-latency \
    --frames 2 2>/dev/null | grep 'kind=start_up' || true)
  ms=$(echo "$line" | sed -n 's/.*p50_ms=\([0-9.]*\).*/\1/p')
  [ -n "$ms" ] || { echo "round $round: the sandbox reported no start_up" >&2; exit 1; }
  echo "round $round sandbox --lesson 07: start_up_ms=$ms"
  sandbox_ms+=("$ms")
  line=$(cd "$peer_dir" && XE_STARTUP=1 ./example_sdl_vulkan 2>/dev/null | grep '^start_up_ms=')
  echo "round $round imgui example_sdl_vulkan: $line"
  peer_ms+=("${line#start_up_ms=}")
done
s=$(xe_median "${sandbox_ms[@]}")
p=$(xe_median "${peer_ms[@]}")
awk -v s="$s" -v p="$p" 'BEGIN { printf "median start-up: sandbox %.1f ms, peer %.1f ms, ratio %.2f (target <= 1.5)\n", s, p, s / p }'
