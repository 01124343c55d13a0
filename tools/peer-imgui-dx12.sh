#!/usr/bin/env bash
# Peer comparison on Windows' own path: the same Dear ImGui demo window drawn by (a) the
# Windows build's D3D12 ImGui renderer (xengine-sandbox.exe --imgui-demo) and (b) Dear ImGui's
# official Win32 + DirectX 12 example (imgui_impl_dx12), both cross-built with mingw-w64 and
# run under Wine on the same d3d12 (vkd3d -> lavapipe), 1280x720 client area, both with
# Present(1, 0) (not throttled under Wine), measured alternately in one session. The peer is
# built from the same Debian source package (build-deps/imgui, tools/install-deps.sh) into
# build-peer-dx12/ (not committed), with timing added around its main loop, a 1280x720
# client area (also given to its swap chain: Wine cannot take it from the window) and its
# "Hello, world!" window removed so both draw only ShowDemoWindow(). The renderer backend,
# imgui_impl_dx12.cpp, is used as shipped.
# Prints each run and the ratio of p50 frame times; target: sandbox <= 1.0x peer.
# Usage: tools/peer-imgui-dx12.sh [FRAMES] [ROUNDS]  (default 600 3; builds the windows-mingw preset)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
source tools/bench-common.sh
frames=${1:-600}
rounds=${2:-3}
src=$root/build-deps/imgui
[ -f "$src/examples/example_win32_directx12/main.cpp" ] || { echo "run tools/install-deps.sh first (Dear ImGui sources)" >&2; exit 2; }
cmake --preset windows-mingw >/dev/null
cmake --build --preset windows-mingw -j2 >/dev/null
exe=$root/build-mingw/bin/xengine-sandbox.exe

peer_dir=$root/build-peer-dx12
mkdir -p "$peer_dir"
python3 - "$src/examples/example_win32_directx12/main.cpp" "$peer_dir/main.cpp.new" <<'PY'
import sys
text = open(sys.argv[1], encoding="utf-8").read()
def cut(a, b):
    global text
    i, j = text.index(a), text.index(b)
    text = text[:i] + text[j:]
def replace(a, b):
    global text
    assert a in text, a
    text = text.replace(a, b, 1)
def insert_before(anchor, what):
    global text
    i = text.index(anchor)
    text = text[:i] + what + text[i:]
text = "#include <algorithm>\n#include <chrono>\n#include <cstdio>\n#include <cstdlib>\n#include <vector>\n" + text
cut("        // 2. Show a simple window", "        // 3. Show another simple window")
# A 1280x720 client area, as the sandbox's surface.
replace("    HWND hwnd = ::CreateWindow(wc.lpszClassName, _T(\"Dear ImGui DirectX12 Example\"), WS_OVERLAPPEDWINDOW, 100, 100, 1280, 800,",
        "    RECT xe_rect = {0, 0, 1280, 720};\n    ::AdjustWindowRect(&xe_rect, WS_OVERLAPPEDWINDOW, FALSE);\n"
        "    HWND hwnd = ::CreateWindow(wc.lpszClassName, _T(\"Dear ImGui DirectX12 Example\"), WS_OVERLAPPEDWINDOW, 100, 100, "
        "xe_rect.right - xe_rect.left, xe_rect.bottom - xe_rect.top,")
# Wine 8's dxgi makes a zero-size swap chain (and then fails inside winevulkan) when
# Width/Height are 0, "take the window's": give the size, as the sandbox does.
replace("        sd.Width = 0;\n        sd.Height = 0;", "        sd.Width = 1280;\n        sd.Height = 720;")
insert_before("    while (!done)\n", """    // Timing (added by tools/peer-imgui-dx12.sh): 60 warm-up frames, then N timed.
    std::vector<double> xe_ms;
    int xe_frame = 0;
    const int xe_frames = std::atoi(std::getenv("XE_BENCH_FRAMES") ? std::getenv("XE_BENCH_FRAMES") : "600");
    auto xe_last = std::chrono::steady_clock::now();
""")
anchor = "        frameCtx->FenceValue = fenceValue;\n    }\n"
i = text.index(anchor) + len(anchor) - len("    }\n")
text = text[:i] + """        {
            const auto now = std::chrono::steady_clock::now();
            if (xe_frame++ >= 60) xe_ms.push_back(std::chrono::duration<double, std::milli>(now - xe_last).count());
            xe_last = now;
            if ((int)xe_ms.size() >= xe_frames) done = true;
        }
""" + text[i:]
insert_before("    WaitForLastSubmittedFrame();\n\n    // Cleanup\n", """    {
        double total = 0;
        for (double m : xe_ms) total += m;
        std::sort(xe_ms.begin(), xe_ms.end());
        auto pct = [&](double p) { return xe_ms[std::min(xe_ms.size() - 1, (size_t)(p * (xe_ms.size() - 1) + 0.5))]; };
        printf("frames=%zu mean_ms=%.3f p50_ms=%.3f p95_ms=%.3f\\n", xe_ms.size(), total / xe_ms.size(), pct(0.5), pct(0.95));
        fflush(stdout);
    }
""")
open(sys.argv[2], "w", encoding="utf-8").write(text)
PY
# The backend as shipped, plus the one typedef mingw-w64's d3d12.h lacks (the Windows SDK
# has it): the function type of D3D12SerializeRootSignature, which the backend loads itself.
sed 's|^#include <d3d12.h>$|#include <d3d12.h>\
typedef HRESULT(WINAPI* PFN_D3D12_SERIALIZE_ROOT_SIGNATURE)(const D3D12_ROOT_SIGNATURE_DESC*, D3D_ROOT_SIGNATURE_VERSION, ID3DBlob**, ID3DBlob**);|' \
  "$src/backends/imgui_impl_dx12.cpp" >"$peer_dir/imgui_impl_dx12.cpp.new"
grep -q PFN_D3D12_SERIALIZE_ROOT_SIGNATURE\) "$peer_dir/imgui_impl_dx12.cpp.new"
# Rebuild only when a patched source changed (or was never built). Same compiler and
# optimisation as the windows-mingw preset (-O2 -DNDEBUG).
peer=$peer_dir/example_win32_directx12.exe
if ! cmp -s "$peer_dir/main.cpp.new" "$peer_dir/main.cpp" || ! cmp -s "$peer_dir/imgui_impl_dx12.cpp.new" "$peer_dir/imgui_impl_dx12.cpp" \
   || [ ! -f "$peer" ]; then
  mv "$peer_dir/main.cpp.new" "$peer_dir/main.cpp"
  mv "$peer_dir/imgui_impl_dx12.cpp.new" "$peer_dir/imgui_impl_dx12.cpp"
  x86_64-w64-mingw32-g++-posix -O2 -DNDEBUG -std=c++17 -o "$peer" "$peer_dir/main.cpp" "$peer_dir/imgui_impl_dx12.cpp" \
    "$src"/imgui.cpp "$src"/imgui_demo.cpp "$src"/imgui_draw.cpp "$src"/imgui_tables.cpp "$src"/imgui_widgets.cpp \
    "$src"/backends/imgui_impl_win32.cpp -I"$src" -I"$src/backends" \
    -static -ld3d12 -ldxgi -ld3dcompiler_47 -ldwmapi -lgdi32 -luuid
fi
rm -f "$peer_dir/main.cpp.new" "$peer_dir/imgui_impl_dx12.cpp.new"

source tools/xvfb.sh
xe_start_xvfb
export WINEPREFIX=$root/build-mingw/wineprefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree=;mshtml="
export XDG_RUNTIME_DIR=${XDG_RUNTIME_DIR:-$(mktemp -d)}
unset VK_LOADER_LAYERS_ENABLE
wine=/usr/lib/wine/wine64
trap '/usr/lib/wine/wineserver -k 2>/dev/null || true; kill "${XE_WM_PID:-}" "${XE_XVFB_PID:-}" 2>/dev/null || true' EXIT
"$wine" wineboot --init >/dev/null 2>&1 || true

sandbox_p50=() peer_p50=()
for round in $(seq "$rounds"); do
  line=$(cd "$peer_dir" && "$wine" "$exe" --imgui-demo --bench-frames "$frames" 2>/dev/null | tr -d '\r' | tail -n 1)
  echo "round $round sandbox --imgui-demo: $line"
  sandbox_p50+=("$(echo "$line" | xe_p50)")
  line=$(cd "$peer_dir" && XE_BENCH_FRAMES="$frames" "$wine" "$peer" 2>/dev/null | tr -d '\r' | tail -n 1)  # its imgui.ini stays there
  echo "round $round imgui example_win32_directx12: $line"
  peer_p50+=("$(echo "$line" | xe_p50)")
done
s=$(xe_median "${sandbox_p50[@]}")
p=$(xe_median "${peer_p50[@]}")
awk -v s="$s" -v p="$p" 'BEGIN { printf "median p50: sandbox %.3f ms, peer %.3f ms, ratio %.3f (target <= 1.0)\n", s, p, s / p }'
