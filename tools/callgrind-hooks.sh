#!/usr/bin/env bash
# Instruction cost of the inspector's data path: 1,000 headless frames (60 warm-up + 940
# timed) under callgrind, counting only inside app::frame() (the CPU side of a frame, on
# the main thread), with the stats hooks and the 600-frame history on (the inspector
# hidden: only its one-line hint is drawn) and off (--no-overlay --no-hooks). Prints both
# totals and the ratio (target <= 1.05), then where the difference goes in the "on" run,
# per frame: the history (inspector::record), the hooks (event_recorder) and the hint (its
# UI built, only when it changes, and drawn every frame).
# Usage: tools/callgrind-hooks.sh [BUILD_DIR] (default build-release).
# The surface is small because callgrind also runs lavapipe's rasteriser; the hooks' cost
# does not depend on the surface size. --fair-sched: lavapipe and vkd3d threads otherwise
# starve the main thread under valgrind (minutes instead of seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-release}
exe="$build/bin/xengine-sandbox"
[ -x "$exe" ] || { echo "build $exe first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

instructions() {  # NAME ARGS...: the Ir collected inside app::frame()
  local name=$1
  shift
  valgrind --tool=callgrind --fair-sched=yes --toggle-collect='xe::sandbox::app::frame()' --callgrind-out-file="$out/$name.out" \
    "$exe" --headless --size 320x180 --bench-frames 940 "$@" >"$out/$name.log" 2>&1 ||
    { cat "$out/$name.log" >&2; exit 1; }
  awk '/^(summary|totals):/ { print $2; exit }' "$out/$name.out"
}

on=$(instructions on --overlay --hide-overlay)
off=$(instructions off --no-overlay --no-hooks)
awk -v on="$on" -v off="$off" 'BEGIN {
  printf "instructions in app::frame() over 1000 frames: hooks+history on %d, off %d\n", on, off
  printf "ratio on/off: %.4f (target <= 1.05)\n", on / off
}'
# Inclusive instructions of one function in one run, per frame.
part() {  # RUN FUNCTION LABEL
  callgrind_annotate --inclusive=yes --threshold=100 "$out/$1.out" 2>/dev/null |
    awk -v f="$2" -v label="$3" '!found && index($0, f) { gsub(",", "", $1); printf "  %-44s %8.0f per frame\n", label, $1 / 1000; found = 1 }
      END { if (!found) printf "  %-44s %8s\n", label, "0" }'  # reads to the end: no SIGPIPE under pipefail
}
echo "in the on run:"
part on 'xe::sandbox::inspector::record(' "history (inspector::record)"
part on 'xe::sandbox::event_recorder::on_event(' "hooks (event_recorder::on_event)"
part on 'xe::sandbox::event_recorder::new_frame(' "hooks (event_recorder::new_frame)"
part on '::imgui_overlay::build(' "hint: UI built (imgui_overlay::build)"
part on 'xe::sandbox::imgui_renderer::render(' "hint: UI drawn (imgui_renderer::render)"
# Not the history's: resetting a list that recorded a draw, and waiting longer for a GPU
# (lavapipe) that rasterises one more pass, both in begin_frame.
part on 'xe::gfx::d3d12::d3d12_command::begin_frame(' "begin_frame, on"
part off 'xe::gfx::d3d12::d3d12_command::begin_frame(' "begin_frame, off"
