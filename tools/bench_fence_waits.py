#!/usr/bin/env python3
"""How long the CPU waits on fences, and whether a wait ever stalls: every lesson played
headless, round after round, until at least --steps steps have run, then --frames plain frames
with no GPU load. Each run prints the engine's fence-wait figures at exit (blocked waits, the
longest, how many took over 100 ms, re-signals; gfx::get_fence_wait_stats); this adds them up.

A wait over 100 ms is a stall only when the GPU had finished: lesson 06 gives each frame 20
full-screen passes (GPU load 20) with one frame in flight, so its waits there are the GPU's
work. The frames part has no such load: a wait over 100 ms there (a frame's, or the start-up or
shutdown flush's) is a stall. A benchmark, not a test: its figures go in docs/PERFORMANCE.md;
it exits 1 when the frames part stalled.

Usage: tools/bench_fence_waits.py --exe build/bin/xengine-sandbox --lessons lessons [--steps 1000] [--frames 3000]
"""
import argparse
import re
import subprocess
import sys

WAITS = re.compile(r"fence waits: (\d+) blocked, longest ([0-9.]+) ms, (\d+) over 100 ms, (\d+) re-signals")
STEPS = re.compile(r"(\d+) lesson\(s\), (\d+) step\(s\)")


def run(args, what):
    done = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600)
    waits = WAITS.search(done.stdout)
    if not waits:
        sys.exit(f"{what}: no fence-wait figures in its output (exit {done.returncode}):\n{done.stdout[-2000:]}")
    steps = STEPS.search(done.stdout)
    return [int(waits[1]), float(waits[2]), int(waits[3]), int(waits[4])], int(steps[2]) if steps else 0


def report(what, runs):
    waits = sum(r[0] for r in runs)
    longest = max(r[1] for r in runs)
    over = sum(r[2] for r in runs)
    resignals = sum(r[3] for r in runs)
    print(f"{what}: {waits} blocked waits, longest {longest:.1f} ms, {over} over 100 ms, {resignals} re-signals")
    return over


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--exe", required=True)
    p.add_argument("--lessons", required=True)
    p.add_argument("--steps", type=int, default=1000)
    p.add_argument("--frames", type=int, default=3000)
    args = p.parse_args()
    base = [args.exe, "--headless", "--lessons", args.lessons, "--language", "en"]
    lessons, steps = [], 0
    while steps < args.steps:
        figures, ran = run(base + ["--lesson", "all"], "the lessons")
        if ran == 0:
            sys.exit("the lessons ran no step")
        lessons.append(figures)
        steps += ran
        print(f"lesson round {len(lessons)}: {ran} steps, longest wait {figures[1]:.1f} ms", flush=True)
    report(f"lessons ({steps} steps, {len(lessons)} rounds)", lessons)
    frames, _ = run(base + ["--frames", str(args.frames)], "the frames")
    stalls = report(f"frames ({args.frames}, no GPU load)", [frames])
    return 1 if stalls else 0


if __name__ == "__main__":
    sys.exit(main())
