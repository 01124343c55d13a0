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

# xe_build_peer DIR: Dear ImGui's own SDL2 + Vulkan example from Debian's source, built into
# DIR (not committed), with its "Hello, world!" window removed so it draws only
# ShowDemoWindow(), timing added around its main loop (XE_BENCH_FRAMES timed frames after
# 60 warm-up ones), and with XE_STARTUP set, its start-up printed at its first present.
xe_build_peer() {
  local peer_dir=$1 src=/usr/share/doc/libimgui-dev/examples
  mkdir -p "$peer_dir"
  python3 - "$src/example_sdl_vulkan/main.cpp" "$peer_dir/main.cpp.new" <<'PY'
import sys
# Start-up (XE_STARTUP set): from the process's start to its first present, read by the
# sandbox's own reader (sandbox/app/process_clock_posix.cpp, compiled in below).
START_UP = '#include "app/process_clock.h"\n'
text = open(sys.argv[1], encoding="utf-8").read()
def cut(a, b):
    global text
    i, j = text.index(a), text.index(b)
    text = text[:i] + text[j:]
def insert_before(anchor, what):
    global text
    i = text.index(anchor)
    text = text[:i] + what + text[i:]
text = "#include <algorithm>\n#include <chrono>\n#include <cstdlib>\n#include <vector>\n" + START_UP + text
cut("        // 2. Show a simple window", "        // 3. Show another simple window")
insert_before("    while (!done)\n", """    // Timing (added by tools/bench-common.sh): 60 warm-up frames, then N timed.
    std::vector<double> xe_ms;
    int xe_frame = 0;
    const int xe_frames = std::atoi(std::getenv("XE_BENCH_FRAMES") ? std::getenv("XE_BENCH_FRAMES") : "600");
    auto xe_last = std::chrono::steady_clock::now();
""")
anchor = "            FramePresent(wd);\n        }\n"
i = text.index(anchor) + len(anchor)
text = text[:i] + """        {
            const auto now = std::chrono::steady_clock::now();
            if (xe_frame == 0 && std::getenv("XE_STARTUP")) {
                const auto started = xe::sandbox::process_started();
                if (started) printf("start_up_ms=%.1f\\n", std::chrono::duration<double, std::milli>(now - *started).count());
                done = true;
            }
            if (xe_frame++ >= 60) xe_ms.push_back(std::chrono::duration<double, std::milli>(now - xe_last).count());
            xe_last = now;
            if ((int)xe_ms.size() >= xe_frames) done = true;
        }
""" + text[i:]
insert_before("    // Cleanup\n", """    if (!xe_ms.empty()) {
        double total = 0;
        for (double m : xe_ms) total += m;
        std::sort(xe_ms.begin(), xe_ms.end());
        auto pct = [&](double p) { return xe_ms[std::min(xe_ms.size() - 1, (size_t)(p * (xe_ms.size() - 1) + 0.5))]; };
        printf("frames=%zu mean_ms=%.3f p50_ms=%.3f p95_ms=%.3f\\n", xe_ms.size(), total / xe_ms.size(), pct(0.5), pct(0.95));
    }
""")
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
  # Rebuild only when the patched source changed (or was never built).
  if ! cmp -s "$peer_dir/main.cpp.new" "$peer_dir/main.cpp" || [ ! -x "$peer_dir/example_sdl_vulkan" ]; then
    mv "$peer_dir/main.cpp.new" "$peer_dir/main.cpp"
    g++ -O2 -std=c++17 -DIMGUI_UNLIMITED_FRAME_RATE -o "$peer_dir/example_sdl_vulkan" "$peer_dir/main.cpp" \
      sandbox/app/process_clock_posix.cpp -Isandbox \
      "$src/backends/imgui_impl_sdl.cpp" "$src/backends/imgui_impl_vulkan.cpp" \
      -I"$src/backends" -I/usr/include/imgui/backends $(pkg-config --cflags --libs imgui) $(sdl2-config --cflags --libs) -lvulkan
  fi
  rm -f "$peer_dir/main.cpp.new"
}
