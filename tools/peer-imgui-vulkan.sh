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

src=/usr/share/doc/libimgui-dev/examples
peer_dir=build-peer
mkdir -p "$peer_dir"
python3 - "$src/example_sdl_vulkan/main.cpp" "$peer_dir/main.cpp.new" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
def cut(a, b):
    global text
    i, j = text.index(a), text.index(b)
    text = text[:i] + text[j:]
def insert_before(anchor, what):
    global text
    i = text.index(anchor)
    text = text[:i] + what + text[i:]
text = "#include <algorithm>\n#include <chrono>\n#include <cstdlib>\n#include <vector>\n" + text
cut("        // 2. Show a simple window", "        // 3. Show another simple window")
insert_before("    while (!done)\n", """    // Timing (added by tools/peer-imgui-vulkan.sh): 60 warm-up frames, then N timed.
    std::vector<double> xe_ms;
    int xe_frame = 0;
    const int xe_frames = std::atoi(std::getenv("XE_BENCH_FRAMES") ? std::getenv("XE_BENCH_FRAMES") : "600");
    auto xe_last = std::chrono::steady_clock::now();
""")
anchor = "            FramePresent(wd);\n        }\n"
i = text.index(anchor) + len(anchor)
text = text[:i] + """        {
            const auto now = std::chrono::steady_clock::now();
            if (xe_frame++ >= 60) xe_ms.push_back(std::chrono::duration<double, std::milli>(now - xe_last).count());
            xe_last = now;
            if ((int)xe_ms.size() >= xe_frames) done = true;
        }
""" + text[i:]
insert_before("    // Cleanup\n", """    {
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
    "$src/backends/imgui_impl_sdl.cpp" "$src/backends/imgui_impl_vulkan.cpp" \
    -I"$src/backends" -I/usr/include/imgui/backends $(pkg-config --cflags --libs imgui) $(sdl2-config --cflags --libs) -lvulkan
fi
rm -f "$peer_dir/main.cpp.new"

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
