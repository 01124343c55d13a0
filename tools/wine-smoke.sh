#!/usr/bin/env bash
# The Windows path, proven here: cross-builds xengine-sandbox.exe with mingw-w64 (against
# DirectX-Headers, with the inspector: Dear ImGui from Debian's source package) and runs it
# under Wine 8 (whose d3d12 is vkd3d) on lavapipe: headless runs with the golden scenario
# scripts, the Win32 window + DXGI swap chain scenario with the overlay on, the inspector and
# the Chinese lesson panel on screen, a window resized, made fullscreen and minimised through
# the window system, the adapter it records, the WARP path failing cleanly, and the ZIP
# package unpacked into an empty folder playing every lesson from there. Needs a display
# (tools/test.sh provides Xvfb + openbox).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
start=$(date +%s)

export WINEPREFIX=$root/build-mingw/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree=;mshtml="
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
export XDG_CONFIG_HOME=${XDG_CONFIG_HOME:-$(mktemp -d)}  # learner settings stay out of ~/.config
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
# A crash ends the process with a backtrace instead of waiting on a dialog nobody answers.
"$wine" reg add 'HKCU\Software\Wine\WineDbg' /v ShowCrashDialog /t REG_DWORD /d 0 /f >/dev/null 2>&1

out=$root/build-mingw/wine-smoke
rm -rf "$out" && mkdir -p "$out/scripts" && cp sandbox/tests/scripts/*.json "$out/scripts/"
cd "$out"
validate() { /usr/bin/python3 "$root/tools/validate_json.py" "$root/docs/snapshot.schema.json" "$@" >/dev/null; }
passed=0
# run NAME EXPECTED_EXIT ARGS...: runs the exe (at most 120 s), checks its exit code, keeps
# its output.
run() {
  local name=$1 expected=$2
  shift 2
  local code=0
  timeout 120 "$wine" "$exe" "$@" >"$name.out" 2>"$name.err" || code=$?
  if [ "$code" != "$expected" ]; then
    echo "wine smoke: $name exited $code, expected $expected" >&2
    cat "$name.out" "$name.err" >&2
    exit 1
  fi
  passed=$((passed + 1))
}

# The whole product: without Dear ImGui's sources the build falls back to no overlay, and
# that is a failure here.
run version 0 --version
grep -q "^inspector: Dear ImGui" version.out || {
  echo "wine smoke: the Windows build has no inspector (Dear ImGui's sources missing: run tools/install-deps.sh)" >&2
  exit 1
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

# Files (docs/scripts.md, "Files"): an existing snapshot is replaced whole; the NUL device
# and a folder are refused, as output and as input.
run overwrite 0 --headless --frames 2 --snapshot headless.json
validate headless.json
run device 1 --headless --frames 2 --snapshot NUL
grep -q "it is a character device, not a regular file" device.err
run folder_script 2 --headless --script scripts
grep -q "it is a folder, not a file" folder_script.err
[ -z "$(find . -name '*.tmp')" ] || { echo "wine smoke: a temporary file was left" >&2; exit 1; }

# WARP is a stub under Wine: asking for it must fail with a message, not crash.
run warp 1 --headless --adapter software --frames 5
grep -q "WARP software adapter is unavailable" warp.err

# The inspector and the Chinese lesson panel in a real Win32 window, driven through the window
# system while the overlay is on: resized, fullscreen (F11) and back, minimised and restored,
# then closed by the window manager. It must live through all of it and exit 0 in time, and
# its UI must really be on screen (drawn): at the start, in fullscreen and after the restore.
# shot WINDOW FILE: a screenshot for people to look at.
shot() { import -window "$1" "PNG24:$2"; }
# drawn WINDOW NAME: the overlay's pixels as the X server shows them, within 15 s, else the
# smoke test fails. Every ImGui pixel samples the font atlas (panels its white texel, text its
# glyphs), so a texture the runtime does not bind leaves only the clear colour (26, 51, 77).
# Panels must change at least 25% of the window, and text (light pixels) cover at least 0.1%
# (measured: 42-90% and 0.2-1.1%, a window caught mid-resize at the low end; with the
# texture unbound both are 0).
drawn() {
  local verdict="" deadline=$((SECONDS + 15))
  while ((SECONDS < deadline)); do
    # A window just mapped may not be readable yet: try again.
    import -window "$1" -depth 8 "RGB:$2.rgb" 2>/dev/null || { verdict="unreadable window"; sleep 0.5; continue; }
    verdict=$(/usr/bin/python3 - "$2.rgb" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
pixels = len(data) // 3
changed = light = 0
for i in range(0, pixels * 3, 3):
    r, g, b = data[i], data[i + 1], data[i + 2]
    if abs(r - 26) > 4 or abs(g - 51) > 4 or abs(b - 77) > 4:
        changed += 1
    if r + g + b > 540:
        light += 1
ok = changed >= 0.25 * pixels and light >= 0.001 * pixels
print(("ok" if ok else "not drawn") + f": {100 * changed / pixels:.1f}% of {pixels} pixels differ from the clear colour, {100 * light / pixels:.2f}% light")
PY
)
    [[ $verdict == ok* ]] && break
    sleep 0.5
  done
  echo "wine smoke: $2: $verdict"
  rm -f "$2.rgb"
  [[ $verdict == ok* ]] || { echo "wine smoke: the overlay is not drawn in $2" >&2; kill "$app_pid" 2>/dev/null; exit 1; }
}
"$wine" "$exe" --lesson 07 --language zh >interactive.out 2>interactive.err &
app_pid=$!
# Polled, not --sync: Wine maps and destroys helper windows while it starts, and a window gone
# during xdotool's tree walk ends that xdotool with BadWindow (seen in CI). One failed search
# is just another try.
wid="" deadline=$((SECONDS + 30))
while ((SECONDS < deadline)); do
  wid=$(xdotool search --onlyvisible --name "XEngine Sandbox" 2>/dev/null | head -n 1) || true
  [ -n "$wid" ] && break
  kill -0 "$app_pid" 2>/dev/null || break
  sleep 0.25
done
[ -n "$wid" ] || {
  echo "wine smoke: the overlay window did not appear within 30 s" >&2; cat interactive.err >&2
  kill "$app_pid" 2>/dev/null; exit 1; }
drawn "$wid" window_overlay_zh
shot "$wid" window_overlay_zh.png
# geometry WxH: fails the smoke test unless the window's client area gets that size in time.
geometry() {
  local size=""
  for _ in $(seq 50); do
    size=$(xwininfo -id "$wid" | awk '/Width:/ { w = $2 } /Height:/ { h = $2 } END { print w "x" h }')
    [ "$size" = "$1" ] && return 0
    sleep 0.1
  done
  echo "wine smoke: the overlay window is $size, expected $1" >&2
  kill "$app_pid" 2>/dev/null
  exit 1
}
xdotool windowsize "$wid" 800 600
geometry 800x600
xdotool windowactivate "$wid" 2>/dev/null || true
sleep 0.5
xdotool key --window "$wid" F11
geometry 1920x1080
drawn "$wid" window_fullscreen
shot root window_fullscreen.png
xdotool key --window "$wid" F11
geometry 800x600
xdotool windowminimize "$wid"
state=""
for _ in $(seq 50); do state=$(xwininfo -id "$wid"); grep -q "IsUnMapped" <<<"$state" && break; sleep 0.1; done
grep -q "IsUnMapped" <<<"$state" || { echo "wine smoke: the overlay window did not minimise" >&2; kill "$app_pid"; exit 1; }
sleep 1
xdotool windowmap "$wid"; xdotool windowactivate "$wid" 2>/dev/null || true
geometry 800x600
drawn "$wid" window_restored
shot "$wid" window_restored.png
wmctrl -i -c "$wid"
for _ in $(seq 200); do kill -0 "$app_pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$app_pid" 2>/dev/null; then
  echo "wine smoke: the window did not close within 20 s of the window manager's close" >&2
  kill "$app_pid"; exit 1
fi
code=0; wait "$app_pid" || code=$?
[ "$code" = 0 ] || { echo "wine smoke: the overlay window run exited $code" >&2; cat interactive.out interactive.err >&2; exit 1; }
passed=$((passed + 1))

# Lessons clicked through in the Win32 window as a person does (tools/window_tests.py, the
# harness the Linux window tests use): the lesson panel's buttons with the mouse, keys,
# language, Restart, Export; the printed steps and the exported state must equal the
# non-interactive runs'. 07 (descriptor heaps), 10 (resize: the window system's answers), 12
# and 13 (a hazard provoked on purpose: this runtime hands the engine no message, and the step
# says so instead of showing one).
for lesson in 07-descriptor-heaps 10-resize-and-rebuild 12-deferred-release 13-resource-states-and-barriers; do
  timeout 600 /usr/bin/python3 "$root/tools/window_tests.py" lesson "$lesson" --mouse --launcher "$wine" --exe "$exe" \
    --lessons "$root/lessons" --out "$out/clicks-$lesson" >"$out/clicks-$lesson.log" 2>&1 || {
    echo "wine smoke: clicking through lesson $lesson in the Win32 window failed:" >&2
    tail -n 40 "$out/clicks-$lesson.log" >&2; exit 1; }
  echo "wine smoke: lesson $lesson clicked through in the Win32 window, $(tail -n 1 "$out/clicks-$lesson.log")"
  passed=$((passed + 1))
done

# The ZIP as a user gets it: unpacked into an empty folder and run from another one, so
# nothing can come from the source or build tree; --version must name the unpacked lessons
# and font, and every lesson must play and pass from there.
version=$(sed -n 's/^xengine-sandbox //p' version.out | tr -d '\r')
(cd "$root/build-mingw" && cpack -G ZIP >"$out/cpack.log" 2>&1) || { cat "$out/cpack.log" >&2; exit 1; }
zip=$root/build-mingw/packages/xengine-sandbox-$version-win64.zip
mkdir -p "$out/unzipped" "$out/elsewhere"
unzip -q "$zip" -d "$out/unzipped"
exe=$out/unzipped/xengine-sandbox-$version-win64/xengine-sandbox.exe
for f in README-windows.txt lessons/07-descriptor-heaps.json fonts/wqy-microhei.ttc fonts/wqy-microhei-copyright.txt \
         docs/README.md licenses/imgui.txt; do
  [ -f "$out/unzipped/xengine-sandbox-$version-win64/$f" ] || { echo "wine smoke: the ZIP lacks $f" >&2; exit 1; }
done
cd "$out/elsewhere"
run zip_version 0 --version
grep -q "^lessons: .*\\\\xengine-sandbox-$version-win64\\\\lessons" zip_version.out \
  || { echo "wine smoke: the unpacked exe did not find its own lessons" >&2; cat zip_version.out >&2; exit 1; }
grep -q "^font: .*\\\\xengine-sandbox-$version-win64\\\\fonts\\\\wqy-microhei.ttc" zip_version.out \
  || { echo "wine smoke: the unpacked exe did not find its own font" >&2; cat zip_version.out >&2; exit 1; }
# Windows hands no validation messages to the engine: every hazard check is reported as not
# checked (exit 6), never passed; the summary says so in the lessons' language.
run zip_lessons 6 --lesson all --headless --language zh
grep -q "步没有被检查" zip_lessons.out \
  || { echo "wine smoke: the played lessons did not say which hazards went unchecked" >&2; tail -3 zip_lessons.out >&2; exit 1; }
echo "wine smoke: $(basename "$zip") $(du -k "$zip" | cut -f1) KiB, played every lesson from $(dirname "$exe")"
# Build it yourself on the Windows path, from the unpacked ZIP: the reference solution and a
# crashing one cross-built into DLLs here, as a learner's own compiler would, graded by
# xengine-grade.exe (beside the exe, a process of its own); the solution then keeps lesson
# 07's heaps (exit 0: lesson 07 has no hazard check to leave unchecked), the crash is reported
# and replayed to its shortest sequence while the sandbox lives.
exercise_dll() {  # exercise_dll ID SOURCE DLL
  x86_64-w64-mingw32-g++-posix -std=c++20 -shared -O1 -static -fvisibility=hidden \
    -iquote "$root/lessons/exercises/$1" -iquote "$root/lessons/exercises" "$2" -o "$3"
}
exercise_dll 07-deferred-free "$root/lessons/exercises/07-deferred-free/solution.cpp" deferred_free.dll
run exercise_solution 0 --exercise 07-deferred-free --headless --language en --solution deferred_free.dll
grep -q "^passed: " exercise_solution.out && grep -q "every expectation held" exercise_solution.out \
  || { echo "wine smoke: the exercise's solution did not pass and hold lesson 07" >&2; cat exercise_solution.out >&2; exit 1; }
exercise_dll 07-free-stack "$root/sandbox/tests/exercises/crash.cpp" crash.dll
run exercise_crash 3 --exercise 07-free-stack --headless --solution crash.dll
grep -q "crashed (exception 0xC0000005 (access violation)) in free(3)" exercise_crash.out \
  || { echo "wine smoke: the crashing exercise was not reported" >&2; cat exercise_crash.out >&2; exit 1; }
echo "wine smoke: exercises graded by the Windows build: $(grep -m1 '^passed: ' exercise_solution.out | tr -d '\r')"


echo "wine smoke: $passed runs passed; build $(( built - start )) s, runs $(( $(date +%s) - built )) s"
