#!/usr/bin/env bash
# The Windows path, proven here: cross-builds xengine-sandbox.exe with mingw-w64 and runs
# it under Wine 8 (whose d3d12 is vkd3d) on lavapipe: headless runs with the golden
# scenario scripts, the Win32 window + DXGI swap chain scenario, the adapter it records,
# and the WARP path failing cleanly. Needs a display (tools/test.sh provides Xvfb).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
start=$(date +%s)

export WINEPREFIX=$root/build-mingw/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree=;mshtml="
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
unset VK_LOADER_LAYERS_ENABLE  # Wine's Vulkan loader is its own; no Linux layers inside
wine=/usr/lib/wine/wine64
trap '/usr/lib/wine/wineserver -k 2>/dev/null || true' EXIT

# A cold prefix takes a while to create: do it while the compiler works.
mkdir -p "$root/build-mingw"
"$wine" wineboot --init >/dev/null 2>&1 &
prefix_pid=$!

cmake --preset windows-mingw >/dev/null
cmake --build --preset windows-mingw -j"$(nproc)"
exe=$root/build-mingw/bin/xengine-sandbox.exe
built=$(date +%s)
wait "$prefix_pid" || true

out=$root/build-mingw/wine-smoke
rm -rf "$out" && mkdir -p "$out/scripts" && cp sandbox/tests/scripts/*.json "$out/scripts/"
cd "$out"
validate() { /usr/bin/python3 "$root/tools/validate_json.py" "$root/docs/snapshot.schema.json" "$@" >/dev/null; }
passed=0
# run NAME EXPECTED_EXIT ARGS...: runs the exe, checks its exit code, keeps its output.
run() {
  local name=$1 expected=$2
  shift 2
  local code=0
  "$wine" "$exe" "$@" >"$name.out" 2>"$name.err" || code=$?
  if [ "$code" != "$expected" ]; then
    echo "wine smoke: $name exited $code, expected $expected" >&2
    cat "$name.out" "$name.err" >&2
    exit 1
  fi
  passed=$((passed + 1))
}

# Headless: frames, snapshot, and the golden scenarios (their expectations run inside).
run headless 0 --headless --frames 120 --snapshot headless.json
for s in worked_example fences deferred_release surfaces_reuse; do
  run "$s" 0 --headless --script "scripts/$s.json"
done
validate headless.json worked_example_end.json fences.json deferred_release_end.json surfaces_reuse.json

# Windowed: Win32 windows + DXGI swap chains: slot reuse, resize, fullscreen, minimise.
run windows 0 --windows 4 --size 300x200 --script scripts/windows.json
validate windows.json
/usr/bin/python3 - <<'PY'
import json, struct
state = json.load(open("windows.json"))
sizes = {s["slot"]: (s.get("width"), s.get("height")) for s in state["surfaces"]["slots"]}
assert sizes[0] == (640, 360) and sizes[1] == (320, 240) and sizes[3] == (0, 0), sizes
assert all(s["kind"] == "window" for s in state["surfaces"]["slots"] if s["live"])
png = open("windows_slot0.png", "rb").read()
assert struct.unpack(">II", png[16:24]) == (640, 360), "screenshot size"
PY

# The adapter Wine reports is recorded (with the Vulkan renderer it is lavapipe's llvmpipe).
WINE_D3D_CONFIG=renderer=vulkan run adapter 0 --headless --frames 5 --snapshot adapter.json
/usr/bin/python3 -c "import json; a = json.load(open('adapter.json'))['adapter']; assert 'llvmpipe' in a['name'], a['name']; print('wine smoke: adapter', a['name'], a['runtime'])"

# WARP is a stub under Wine: asking for it must fail with a message, not crash.
run warp 1 --headless --adapter software --frames 5
grep -q "WARP software adapter is unavailable" warp.err

echo "wine smoke: $passed runs passed; build $(( built - start )) s, runs $(( $(date +%s) - built )) s"
