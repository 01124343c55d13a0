#!/usr/bin/python3
"""Makes a RenderDoc capture with the sandbox's in-application API and checks what it holds,
as RenderDoc's own converter reads it (renderdoccmd convert -c xml): exactly one .rdc written
under out/ with the expected name, the draw and barrier counts of the captured frame, and the
engine's object names (the D3D12 names vkd3d passes on as Vulkan debug names).

Usage: check_capture.py --exe SANDBOX --work DIR [--file-pattern REGEX] [--draws N]
       [--barriers N] [--names A,B] [--present] -- SANDBOX-ARGS...
Fails (exit 1) when RenderDoc or renderdoccmd is missing: CI installs them."""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys


def fail(message):
    print(f"check_capture: {message}", file=sys.stderr)
    sys.exit(1)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--exe", required=True)
    p.add_argument("--work", required=True)
    p.add_argument("--file-pattern", default=r".*\.rdc")
    p.add_argument("--draws", type=int)
    p.add_argument("--barriers", type=int)
    p.add_argument("--names", default="")
    p.add_argument("--present", action="store_true", help="the frame presents to a window's swap chain")
    p.add_argument("args", nargs=argparse.REMAINDER)
    a = p.parse_args()
    if not shutil.which("renderdoccmd"):
        fail("renderdoccmd is not installed (tools/install-deps.sh installs renderdoccmd)")
    shutil.rmtree(a.work, ignore_errors=True)
    os.makedirs(a.work)
    args = [x for x in a.args if x != "--"]
    run = subprocess.run([a.exe, *args], cwd=a.work, capture_output=True, text=True, timeout=240)
    if run.returncode != 0:
        fail(f"the sandbox exited {run.returncode}:\n{run.stderr[-3000:]}")
    out = os.path.join(a.work, "out")
    files = sorted(os.listdir(out)) if os.path.isdir(out) else []
    captures = [f for f in files if f.endswith(".rdc")]
    if len(captures) != 1:
        fail(f"expected one .rdc in {out}, found {captures}")
    if not re.fullmatch(a.file_pattern, captures[0]):
        fail(f"the capture is named {captures[0]}, expected {a.file_pattern}")
    rdc = os.path.join(out, captures[0])
    xml = rdc + ".xml"
    conv = subprocess.run(["renderdoccmd", "convert", "-f", rdc, "-o", xml, "-c", "xml"], capture_output=True,
                          text=True, timeout=120)
    if conv.returncode != 0 or not os.path.exists(xml):
        fail(f"renderdoccmd could not convert {rdc}:\n{conv.stdout}{conv.stderr}")
    with open(xml, encoding="utf-8", errors="replace") as f:
        text = f.read()
    chunks = collections.Counter(re.findall(r'<chunk [^>]*name="([^"]+)"', text))
    names = set(re.findall(r'<string name="ObjectName"[^>]*>([^<]*)<', text))
    draws = chunks["vkCmdDraw"] + chunks["vkCmdDrawIndexed"]
    barriers = chunks["vkCmdPipelineBarrier"]
    summary = f"{captures[0]}: {draws} draw(s), {barriers} barrier(s), {chunks['vkQueuePresentKHR']} present(s), " \
              f"{len(names)} object names"
    if a.draws is not None and draws != a.draws:
        fail(f"{summary}; expected {a.draws} draw(s)")
    if a.barriers is not None and barriers != a.barriers:
        fail(f"{summary}; expected {a.barriers} barrier(s)")
    if a.present and not chunks["vkQueuePresentKHR"]:
        fail(f"{summary}; expected the frame to present to the window's swap chain")
    for wanted in filter(None, a.names.split(",")):
        if not any(re.fullmatch(wanted, n) for n in names):
            fail(f"{summary}; no object named like '{wanted}' (names: {sorted(names)})")
    print(summary)


if __name__ == "__main__":
    main()
