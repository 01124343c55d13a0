#!/usr/bin/env bash
# The inspector's cost on the frame: windowed 1280x720 frames with the overlay shown, with
# it hidden (F1), and with no overlay at all (--no-overlay), alternated in one session.
# Prints each run and the frame-rate ratios against --no-overlay (target for the shown
# overlay: >= 0.8). Usage: tools/bench-overlay.sh [BUILD_DIR] [FRAMES] [ROUNDS]
# (default build-release 300 3). Starts Xvfb when there is no display.
set -euo pipefail
cd "$(dirname "$0")/.."
source tools/bench-common.sh
xe_bench_setup 300 "$@"

declare -A p50s
for round in $(seq "$rounds"); do
  for mode in plain hidden shown; do
    case $mode in
      plain) args=(--no-overlay) ;;
      hidden) args=(--hide-overlay) ;;
      shown) args=() ;;
    esac
    line=$("$exe" "${args[@]}" --settings "$(mktemp -u)" --bench-frames "$frames" 2>/dev/null | tail -n 1)
    echo "round $round $mode: $line"
    p50s[$mode]+="$(echo "$line" | xe_p50) "
  done
done
# shellcheck disable=SC2086  # each entry is a space-separated list of numbers
plain=$(xe_median ${p50s[plain]})
for mode in hidden shown; do
  m=$(xe_median ${p50s[$mode]})
  awk -v p="$plain" -v m="$m" -v mode="$mode" \
    'BEGIN { printf "median p50 %s %.3f ms vs plain %.3f ms: frame-rate ratio %.3f\n", mode, m, p, p / m }'
done
