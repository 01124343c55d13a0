#!/usr/bin/env bash
# Instruction cost of the inspector's data path: 1,000 headless frames (60 warm-up + 940
# timed) under callgrind, counting only inside app::frame() (the CPU side of a frame, on
# the main thread). Three runs:
#   on   --overlay --hide-overlay --no-hint: the stats hooks and the 600-frame history, the
#        inspector hidden and nothing drawn (the data path alone)
#   off  --no-overlay --no-hooks: neither
#   hint --overlay --hide-overlay: as on, plus the hidden inspector's "F1 shows the
#        inspector" line, a UI cost reported on its own (not in the ratio)
# On and off run RUNS times (default 5) and the median run counts (see below).
# Prints the totals and the ratio on/off (target <= 1.05), the same without the fence wait
# (time blocked in begin_frame, counted in instructions: it moves by thousands per frame
# from run to run), where the on run's extra goes per frame, and what the hint adds.
# Usage: tools/callgrind-hooks.sh [BUILD_DIR] (default build-release). CALLGRIND_OUT=DIR
# keeps the runs' callgrind files there (on.out, off.out, hint.out) for callgrind_annotate.
# The surface is small because callgrind also runs lavapipe's rasteriser; the hooks' cost
# does not depend on the surface size. --fair-sched: lavapipe and vkd3d threads otherwise
# starve the main thread under valgrind (minutes instead of seconds).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-release}
exe="$build/bin/xengine-sandbox"
[ -x "$exe" ] || { echo "build $exe first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
if [ -n "${CALLGRIND_OUT:-}" ]; then
  out=$CALLGRIND_OUT
  mkdir -p "$out"
else
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi

run() {  # NAME ARGS...: callgrind inside app::frame(), then its inclusive counts by function
  local name=$1
  shift
  valgrind --tool=callgrind --fair-sched=yes --toggle-collect='xe::sandbox::app::frame()' --callgrind-out-file="$out/$name.out" \
    "$exe" --headless --size 320x180 --bench-frames 940 "$@" >"$out/$name.log" 2>&1 ||
    { cat "$out/$name.log" >&2; exit 1; }
  callgrind_annotate --inclusive=yes --threshold=100 "$out/$name.out" >"$out/$name.txt" 2>/dev/null
  callgrind_annotate --inclusive=yes --tree=caller --threshold=100 "$out/$name.out" >"$out/$name.callers" 2>/dev/null
}
total() { awk '/^(summary|totals):/ { print $2; exit }' "$out/$1.out"; }
# Inclusive instructions of the first function whose name contains FUNCTION (0 if none).
inclusive() {  # RUN FUNCTION
  awk -v f="$2" '!found && index($0, f) { gsub(",", "", $1); print $1; found = 1 } END { if (!found) print 0 }' "$out/$1.txt"
}
# Instructions of CALLEE's calls from CALLER (0 if none): the "<" lines above its "*" line.
called_from() {  # RUN CALLEE CALLER
  awk -v callee="$2" -v caller="$3" '
    /^$/ { n = 0; next }
    / \* / && index($0, callee) { for (i = 0; i < n; ++i) if (index(lines[i], caller)) { split(lines[i], w, " "); gsub(",", "", w[1]); print w[1]; found = 1; exit } next }
    { lines[n++] = $0 }
    END { if (!found) print 0 }' "$out/$1.callers"
}
wait_part='xe::gfx::d3d12::wait_for_fence('

# vkd3d and lavapipe do more or less work in a frame depending on how far the GPU threads
# got (their locks, allocations and polls), by up to 1k instructions a frame between two
# runs of one build. So on and off run RUNS times each (a pair at a time, side by side),
# and the run with the median total without the fence wait stands for each.
runs=${RUNS:-5}
without_wait() { echo $(($(total "$1") - $(inclusive "$1" "$wait_part"))); }
median_run() {  # NAME: copies the median run's files to NAME.*, prints every run's figure
  local name=$1 i list=""
  for i in $(seq "$runs"); do list+="$(without_wait "$name$i") $i"$'\n'; done
  local pick
  pick=$(printf '%s' "$list" | sort -n | awk -v m=$(((runs + 1) / 2)) 'NR == m { print $2 }')
  for ext in out txt callers; do cp "$out/$name$pick.$ext" "$out/$name.$ext"; done
  printf '%s' "$list" | sort -n | awk -v n="$name" '{ printf "%s%s", (NR > 1 ? ", " : n " runs without the fence wait: "), $1 } END { print "" }'
}
for i in $(seq "$runs"); do
  run "on$i" --overlay --hide-overlay --no-hint &
  on_pid=$!
  run "off$i" --no-overlay --no-hooks &
  wait "$on_pid" $!
done
median_run on
median_run off
run hint --overlay --hide-overlay
on=$(total on) off=$(total off) hint=$(total hint)
on_wait=$(inclusive on "$wait_part") off_wait=$(inclusive off "$wait_part") hint_wait=$(inclusive hint "$wait_part")
awk -v on="$on" -v off="$off" -v onw="$on_wait" -v offw="$off_wait" 'BEGIN {
  printf "instructions in app::frame() over 1000 frames: hooks+history on %d, off %d\n", on, off
  printf "ratio on/off: %.4f (target <= 1.05)\n", on / off
  printf "without the fence wait (on %d, off %d blocked in wait_for_fence): on %d, off %d, ratio %.4f\n", onw, offw, on - onw, off - offw, (on - onw) / (off - offw)
}'

line() { printf '  %-70s %8.0f per frame\n' "$1" "$2"; }
per_frame() { awk -v n="$1" 'BEGIN { printf "%.0f", n / 1000 }'; }
# FUNCTION's inclusive count in the on run less the off run's.
extra() { echo $(($(inclusive on "$1") - $(inclusive off "$1"))); }
recorder='xe::sandbox::event_recorder::on_event('
barrier='xe::gfx::d3d12::tracker::record_transition('
all=$(((on - on_wait) - (off - off_wait)))
history=$(inclusive on 'xe::sandbox::inspector::record(')
copies=$(inclusive on "$recorder")
new_frame=$(inclusive on 'xe::sandbox::event_recorder::new_frame(')
# With hooks installed the engine names each barrier's resource and states for its event.
barriers=$(($(extra "$barrier") - $(called_from on "$recorder" "$barrier")))
echo "where the on run's extra goes:"
line "all of it, without the fence wait" "$(per_frame $all)"
line "history (inspector::record)" "$(per_frame "$history")"
line "  of it, the engine's getters: frame timings" "$(per_frame "$(inclusive on 'xe::gfx::copy_frame_timings(')")"
line "  heaps' version (get_heaps_version)" "$(per_frame "$(inclusive on 'xe::gfx::get_heaps_version(')")"
line "  frame stats (on less off; the app reads them once and the record keeps them)" "$(per_frame "$(extra 'xe::gfx::get_frame_stats(')")"
line "hooks, the recorder's copies (event_recorder::on_event)" "$(per_frame "$copies")"
line "hooks, the recorder's new_frame" "$(per_frame "$new_frame")"
line "hooks, the engine naming barriers (record_transition, on less off)" "$(per_frame "$barriers")"
line "the rest (run-to-run differences in vkd3d and lavapipe)" "$(per_frame $((all - history - copies - new_frame - barriers)))"

awk -v hint="$hint" -v on="$on" -v hw="$hint_wait" -v onw="$on_wait" 'BEGIN {
  printf "the hidden inspector'"'"'s hint, a UI cost (--overlay --hide-overlay, not in the ratio): %d, %+.0f per frame over on (%+.0f without the fence wait)\n", hint, (hint - on) / 1000, ((hint - hw) - (on - onw)) / 1000
}'
line "hint: UI built (imgui_overlay::build)" "$(per_frame "$(inclusive hint '::imgui_overlay::build(')")"
line "hint: UI drawn (imgui_renderer::render)" "$(per_frame "$(inclusive hint 'xe::sandbox::imgui_renderer::render(')")"
# Resetting a list that recorded a draw, and lavapipe rasterising one more pass.
line "hint: begin_frame, without the fence wait, hint less on" \
  "$(per_frame $(($(inclusive hint 'xe::gfx::begin_frame()') - hint_wait - $(inclusive on 'xe::gfx::begin_frame()') + on_wait)))"
