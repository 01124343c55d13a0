#!/usr/bin/env python3
"""Checks the first-run picture (tools/first-run.sh): every panel the UI map names has ink
in the image (text and drawings, not a flat rectangle), the frame outside them is the clear
colour, the snapshot has indices waiting in a deferred queue, and the printed text says
where to look and how to open the window.

  check_first_run.py SANDBOX_EXE OUT_DIR      exit 0 when it holds, 1 with the reason
"""
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from xe_window import COMPLAINT  # noqa: E402  the suite's rule for runtime complaints


def ink(image, rect):
    """Fraction of pixels in rect (x, y, w, h) that are light (text, lines): > 0.6 in each channel."""
    x, y, w, h = (int(v) for v in rect)
    out = subprocess.run(["convert", image, "-crop", f"{w}x{h}+{x}+{y}", "+repage", "-fx",
                          "(r>0.6&&g>0.6&&b>0.6)?1:0", "-format", "%[fx:mean]", "info:"],
                         stdout=subprocess.PIPE, text=True, check=True, timeout=60).stdout
    return float(out)


def main():
    exe, out = sys.argv[1], os.path.abspath(sys.argv[2])
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["XDG_CONFIG_HOME"] = os.path.join(out, "config")
    ui_map = os.path.join(out, "ui-map.json")
    r = subprocess.run([os.path.join(HERE, "first-run.sh"), exe, out, "--ui-map", ui_map], env=env,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300)
    if r.returncode != 0:
        print(f"FAILED: first-run.sh exited {r.returncode}:\n{r.stderr[-3000:]}", file=sys.stderr)
        return 1
    with open(os.path.join(out, "first-run.txt"), errors="replace") as f:
        complaints = [line for line in f if COMPLAINT.search(line)]
    if complaints:
        print("FAILED: the runtime complained:\n" + "".join(complaints[:20]), file=sys.stderr)
        return 1
    frame = os.path.join(out, "frame.png")
    for needed in (frame, f"--lesson 07"):
        if needed not in r.stdout:
            print(f"FAILED: the printed text does not name {needed!r}:\n{r.stdout}", file=sys.stderr)
            return 1
    with open(ui_map) as f:
        panels = json.load(f)["windows"]
    if sorted(panels) != ["Controls", "Inspector", "Lesson"]:
        print(f"FAILED: panels {sorted(panels)}, expected Controls, Inspector and Lesson", file=sys.stderr)
        return 1
    report = []
    for name, rect in sorted(panels.items()):
        share = ink(frame, rect)
        report.append(f"{name} {share:.1%}")
        if share < 0.01:
            print(f"FAILED: panel {name} at {rect} has {share:.2%} light pixels: no text drawn there", file=sys.stderr)
            return 1
    # Between the columns: the scene, nothing else.
    lesson, inspector = panels["Lesson"], panels["Inspector"]
    gap = (lesson[0] + lesson[2] + 20, 40, inspector[0] - lesson[0] - lesson[2] - 40, 200)
    if ink(frame, gap) > 0:
        print(f"FAILED: ink between the panels at {gap}", file=sys.stderr)
        return 1
    with open(os.path.join(out, "snapshot.json")) as f:
        snapshot = json.load(f)
    waiting = {name: [i for queue in heap["deferred"] for i in queue] for name, heap in snapshot["heaps"].items()}
    waiting = {name: q for name, q in waiting.items() if q}
    if not waiting:
        print("FAILED: no descriptor waits in a deferred queue in the picture's state", file=sys.stderr)
        return 1
    print(f"first-run picture: light pixels {', '.join(report)}; waiting: {waiting}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
