#!/usr/bin/env python3
"""What a learner waits for, as the app measures it (--bench-latency): from an input's arrival
to the present of the first frame that shows its result. A scripted session of real X input
in a window (Xvfb + openbox, xdotool), with a person's pauses: lesson 07's steps (Right), Back
(Left), Home, Step one frame (a click), resizes (the window manager's) and F11. Prints the
app's p50/p95/max per kind, and the ratio of each p95 to the app's frame time. "rest" is each
sample less its action's own run (a step's actions and frames, a replay), "wait" the part
before the action began: what the app added to the lesson's content. A benchmark,
not a test: its figures go in docs/PERFORMANCE.md.

Usage: tools/bench_latency.py --exe build/bin/xengine-sandbox --lessons lessons [--rounds N]
  [--load N] [--launcher /usr/lib/wine/wine64 (with WINEPREFIX set) --exe build-mingw/bin/xengine-sandbox.exe]
With --load, N busy processes run beside the session. It ends with where the session's time
went per group of processes (tools/sched_sample.py): CPU, and time runnable but waiting.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sched_sample import SchedSampler  # noqa: E402
from xe_window import Display, Sandbox, TestFailure, wait_for  # noqa: E402

PAUSE = 0.4  # between a person's actions


def steps_done(app, n, what):
    """Until the lesson is at step n on the live engine (the UI map says "replaying" until a
    replay has reached the step it shows)."""
    def reached():
        m = wait_for("a readable UI map", app.ui_map, 10)
        return m.get("lesson", {}).get("steps_done") == n and "replaying" not in m
    app.guard(f"step {n} ({what})", reached, 60)


def session(app, display, rounds):
    app.wait_window()
    steps_done(app, 0, "the lesson opening")
    for r in range(rounds):
        for n in range(1, 7):  # six steps forward, one key at a time
            app.key("Right")
            steps_done(app, n, "a step")
            time.sleep(PAUSE)
        for n in (5, 4):  # Back twice
            app.key("Left")
            steps_done(app, n, "Back")
            time.sleep(PAUSE)
        app.key("Home")
        steps_done(app, 0, "Home")
        time.sleep(PAUSE)
        for _ in range(3):  # the engine is held by the lesson: Step one frame advances it
            frame = app.ui_map()["engine"]["frame"]
            app.click("Step one frame")
            app.guard("one frame", lambda: app.ui_map()["engine"]["frame"] == frame + 1, 10)
            time.sleep(PAUSE)
        for w, h in ((1100, 700), (1280, 720)):
            display.run("xdotool", "windowsize", app.window, str(w), str(h))
            app.guard(f"the window at {w}x{h}", lambda: app.ui_map()["display"] == [w, h], 10)
            time.sleep(PAUSE)
        before = app.ui_map()["display"]
        app.key("F11")
        app.guard("fullscreen", lambda: app.ui_map()["display"] == list(display.size), 10)
        time.sleep(PAUSE)
        app.key("F11")
        app.guard("back from fullscreen", lambda: app.ui_map()["display"] == before, 10)
        time.sleep(PAUSE)
        print(f"round {r + 1} of {rounds} done", flush=True)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--exe", required=True)
    p.add_argument("--lessons", required=True)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--out", help="keep the app's files here (default: a temporary folder, removed)")
    p.add_argument("--launcher", help="runs the exe: /usr/lib/wine/wine64 for the Windows build")
    p.add_argument("--load", type=int, default=0, metavar="N", help="N busy processes beside the session")
    args = p.parse_args()
    missing = [t for t in ("Xvfb", "openbox", "xdotool", "wmctrl", "xwininfo") if not shutil.which(t)]
    if missing:
        print(f"skipped: {', '.join(missing)} not installed (tools/install-deps.sh installs them)")
        return 77
    out = os.path.abspath(args.out) if args.out else tempfile.mkdtemp(prefix="xe-latency-")
    os.makedirs(os.path.join(out, "out"), exist_ok=True)
    hogs, failed = [], False
    try:
        for _ in range(args.load):
            hogs.append(subprocess.Popen(["sh", "-c", "while :; do :; done"]))
        with Display() as display, SchedSampler() as sched:
            app = Sandbox(display, os.path.abspath(args.exe),
                          ["--lessons", os.path.abspath(args.lessons), "--settings", os.path.join(out, "settings.json"),
                           "--lesson", "07", "--language", "en", "--size", "1280x720", "--bench-latency"], out,
                          args.launcher)
            sched.app_pid = app.proc.pid
            try:
                session(app, display, args.rounds)
                app.close_expecting(0, "the latency session")
            except TestFailure as failure:
                print(f"FAILED: {failure}\n(files in {out})", file=sys.stderr)
                failed = True
            finally:
                app.kill()
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    if failed:
        print(sched.report(), file=sys.stderr)
        return 1
    stdout = app.stdout()
    lines = [line.strip() for line in stdout.splitlines() if line.strip().startswith("latency kind=")]
    frame = re.search(r"frame time: mean ([0-9.]+) ms", stdout)
    frame_ms = float(frame.group(1)) if frame else 0.0
    for line in lines:
        p95 = float(re.search(r" p95_ms=([0-9.]+)", line).group(1))
        rest = float(re.search(r" rest_p95_ms=([0-9.]+)", line).group(1))
        print(line + (f" p95/frame={p95 / frame_ms:.1f} rest_p95/frame={rest / frame_ms:.1f}" if frame_ms else ""))
    print(f"frame time: mean {frame_ms:.1f} ms (the app's own frames, CPU wall time)")
    print(sched.report())
    if not args.out:
        shutil.rmtree(out, ignore_errors=True)
    return 0 if lines else 1


if __name__ == "__main__":
    sys.exit(main())
