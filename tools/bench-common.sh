# Sourced by the frame benchmark scripts: their arguments [BUILD_DIR] [FRAMES] [ROUNDS], the
# sandbox binary, a display (Xvfb when there is none), and helpers for --bench-frames lines.

xe_bench_setup() {  # DEFAULT_FRAMES "$@": sets build, frames, rounds, exe
  local default_frames=$1
  shift
  build=${1:-build-release}
  frames=${2:-$default_frames}
  rounds=${3:-3}
  exe="$build/bin/xengine-sandbox"
  [ -x "$exe" ] || { echo "build $exe first (cmake --preset release && cmake --build --preset release)" >&2; exit 2; }
  source tools/xvfb.sh
  xe_start_xvfb
}

# The p50_ms of the last --bench-frames line on stdin.
xe_p50() { sed -n 's/.*p50_ms=\([0-9.]*\).*/\1/p' | tail -n 1; }

# The median of the numbers given as arguments.
xe_median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
