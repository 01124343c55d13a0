#!/usr/bin/env bash
# Scripts at scale (docs/PERFORMANCE.md): the cost of `allocate count=1000000`, of 1,000
# `expect` steps on a 200,000-descriptor heap, and of 180 more allocate/free cycles (memory
# must follow the heap's size, not the work), each measured as the difference between a
# script with the work and the same script without it (device start-up cancels out), with
# the peak resident memory of both. Headless; medians of ROUNDS alternated runs.
# Usage: tools/bench-scripts.sh [BUILD_DIR] [ROUNDS] (default build-release 5).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build-release}
rounds=${2:-5}
exe="$build/bin/xengine-sandbox"
[ -x "$exe" ] || { echo "build $exe first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
source tools/bench-common.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

python3 - "$dir" <<'EOF'
import json, sys
d = sys.argv[1]
def write(name, steps): json.dump({"steps": steps}, open(f"{d}/{name}.json", "w"))
heap = lambda n: {"do": "create_heap", "name": "big", "type": "cbv_srv_uav", "capacity": n}
write("heap_1m", [heap(1_000_000)])
write("allocate_1m", [heap(1_000_000), {"do": "allocate", "heap": "big", "count": 1_000_000}])
fill = [heap(200_000), {"do": "allocate", "heap": "big", "count": 200_000, "as": "all"}]
expects = [{"do": "expect", "path": "/heaps/big/size", "equals": 200_000},
           {"do": "expect", "path": "/heaps/big/free_stack/7", "equals": 7},
           {"do": "expect", "path": "/labels/all/3", "equals": 3},
           {"do": "expect", "path": "/heaps/big/owners/5", "equals": "all"}]
write("expect_1", fill + expects[:1])
def cycles(n):  # allocate, free and let the indices come back, n times: memory must not grow with n
    c = [heap(100_000)]
    for _ in range(n):
        c += [{"do": "allocate", "heap": "big", "count": 50_000, "as": "x"},
              {"do": "free", "heap": "big", "label": "x"}, {"do": "advance_frames", "count": 3}]
    return c
write("cycles_20", cycles(20))
write("cycles_200", cycles(200))
write("expect_1000", fill + [expects[i % 4] for i in range(1000)])
EOF

# Seconds and peak KB of one run: "S KB".
measure() {
  /usr/bin/time -f '%e %M' -o "$dir/time" env -u DISPLAY -u WAYLAND_DISPLAY "$exe" --headless --script "$dir/$1.json" \
    >/dev/null 2>"$dir/err" || { cat "$dir/err" >&2; exit 1; }
  cat "$dir/time"
}

declare -A secs kbs
for round in $(seq "$rounds"); do
  for name in heap_1m allocate_1m expect_1 expect_1000 cycles_20 cycles_200; do
    read -r s kb < <(measure "$name")
    echo "round $round $name: ${s} s, peak ${kb} KB"
    secs[$name]+="$s "
    kbs[$name]+="$kb "
  done
done
# shellcheck disable=SC2086  # each entry is a space-separated list of numbers
report() {  # LABEL WITH WITHOUT
  local t1 t0 m1 m0
  t1=$(xe_median ${secs[$2]}); t0=$(xe_median ${secs[$3]})
  m1=$(xe_median ${kbs[$2]}); m0=$(xe_median ${kbs[$3]})
  awk -v l="$1" -v t1="$t1" -v t0="$t0" -v m1="$m1" -v m0="$m0" \
    'BEGIN { printf "%s: %.3f s (%.3f - %.3f), peak memory +%.1f MB (%.1f MB vs %.1f MB)\n", l, t1 - t0, t1, t0, (m1 - m0) / 1024, m1 / 1024, m0 / 1024 }'
}
report "allocate count=1000000" allocate_1m heap_1m
report "1000 expects on a 200000-descriptor heap" expect_1000 expect_1
report "180 more allocate/free cycles of 50000 descriptors" cycles_200 cycles_20
