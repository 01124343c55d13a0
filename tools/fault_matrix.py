#!/usr/bin/env python3
"""The fault matrix: every lesson played on the right engine and on each named engine fault.

A step's checks *catch* a fault when they hold on the right engine and fail on the faulty
one. Lessons with claims made for a window ("on": "window") are also played in a window, which
needs a display (the tests run it under tools/xvfb.sh). Each checked step declares in its lesson file ("catches") the faults it is there to
catch. With --check this exits 1 when a declared fault is not caught, a checked step declares
or catches none, or a fault is caught by no lesson (docs/lesson-authoring.md).

  tools/fault_matrix.py --exe build/bin/xengine-sandbox            # print the matrix
  tools/fault_matrix.py --exe build/bin/xengine-sandbox --check    # and fail on a gap
  tools/fault_matrix.py --list                                      # the faults
Needs a Debug build (the faults are compiled only there: XE_ENGINE_FAULTS).
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PENDING = ROOT / "tools" / "fault_matrix_pending.txt"
TIMEOUT_S = 120  # one lesson on one engine; a hang is reported, never waited out


def read_faults(header):
    """(name, description) in the order of common/fault.h's XE_FAULT_LIST."""
    text = Path(header).read_text(encoding="utf-8")
    body = text[text.index("#define XE_FAULT_LIST"):text.index("enum class id")]
    body = body.replace("\\\n", " ")
    faults = []
    for m in re.finditer(r'X\((\w+),((?:\s*"(?:[^"\\]|\\.)*")+)\s*\)', body):
        what = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2)))
        faults.append((m.group(1), what))
    return faults


def read_lessons(folder):
    lessons = []
    for path in sorted(Path(folder).glob("[0-9][0-9]*-*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        steps = [{"number": i + 1, "checked": bool(s.get("expect")), "catches": s.get("catches", [])}
                 for i, s in enumerate(doc["steps"])]
        # A claim made only for a window ("on": "window") is proven in a window pass too.
        window = any(e.get("on") == "window" for s in doc["steps"] for e in s.get("expect", []))
        lessons.append({"id": doc["id"], "steps": steps, "surfaces": ["offscreen", "window"] if window else ["offscreen"]})
    return lessons


def play(exe, lessons_dir, lesson, fault, surface, workdir):
    """{step number: held?} for one lesson on one engine and surface, and a problem (crash, hang) or None."""
    report = Path(workdir) / f"{lesson}.{fault}.{surface}.json"
    env = dict(os.environ)
    env.setdefault("VK_LOADER_LAYERS_ENABLE", "*validation")  # hazards are checked, never passed by default
    if surface == "window" and not env.get("DISPLAY"):
        return {}, "a window pass needs a display (run under tools/xvfb.sh, as the tests do)"
    how = ["--headless"] if surface == "offscreen" else ["--play"]
    cmd = [exe, *how, "--lesson", lesson, "--lessons", lessons_dir, "--language", "en",
           "--check-report", str(report)]
    if fault != "none":
        cmd += ["--fault", fault]
    problem = None
    try:
        run = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=TIMEOUT_S, text=True,
                             errors="replace", env=env)
        if run.returncode not in (0, 3, 4):  # 3: a step failed, 4: validation errors: both the fault at work
            tail = run.stderr.strip().splitlines()[-1:] or [""]
            problem = f"exit {run.returncode}: {tail[0][:160]}"
    except subprocess.TimeoutExpired:
        problem = f"no end after {TIMEOUT_S} s"
    held = {}
    if report.exists():
        for line in json.loads(report.read_text(encoding="utf-8"))["steps"]:
            held[line["step"]] = line["held"]
    return held, problem


def build(args):
    faults = read_faults(args.header)
    lessons = [l for l in read_lessons(args.lessons) if not args.lesson or any(l["id"].startswith(p) for p in args.lesson)]
    names = ["none"] + [f for f, _ in faults]
    with tempfile.TemporaryDirectory() as work, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        jobs = {(l["id"], f, on): pool.submit(play, args.exe, args.lessons, l["id"], f, on, work)
                for l in lessons for on in l["surfaces"] for f in names}
        results = {key: job.result() for key, job in jobs.items()}
    return faults, lessons, results


def analyse(faults, lessons, results):
    rows, problems = [], []
    caught_by = {f: [] for f, _ in faults}
    for l in lessons:
        for on in l["surfaces"]:
            base, base_problem = results[(l["id"], "none", on)]
            if base_problem:
                problems.append(f"{l['id']} on the right engine ({on}): {base_problem}")
            for s in l["steps"]:
                if base.get(s["number"]) is not True:
                    problems.append(f"{l['id']}:{s['number']} fails on the right engine ({on})")
        for s in l["steps"]:
            n = s["number"]
            key = f"{l['id']}:{n}"
            caught, first = [], []
            for f, _ in faults:
                for on in l["surfaces"]:
                    base = results[(l["id"], "none", on)][0]
                    held = results[(l["id"], f, on)][0]
                    if base.get(n) is True and held.get(n) is False:
                        if f not in caught:
                            caught.append(f)
                            caught_by[f].append(key)
                        # No earlier step of the lesson failed on this engine: the catch cannot be a
                        # knock-on of a step cut short (or of a running count such as validation errors).
                        if f not in first and all(held.get(m) is not False for m in range(1, n)):
                            first.append(f)
            rows.append({"step": key, "checked": s["checked"], "catches": s["catches"], "caught": caught,
                         "first": first})
        for f, _ in faults:
            for on in l["surfaces"]:
                problem = results[(l["id"], f, on)][1]
                if problem:
                    problems.append(f"{l['id']} with {f} ({on}): {problem}")
    return rows, caught_by, problems


def read_pending(path):
    """Checked steps known to catch no fault yet: {step: why}. A ratchet, never a place to hide."""
    pending = {}
    if path and Path(path).exists():
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                step, _, why = line.partition(" ")
                pending[step] = why.strip()
    return pending


def gaps(rows, caught_by, pending):
    out = [f"{step}: listed in {PENDING.name} but no such step" for step in pending
           if step not in {r["step"] for r in rows}]
    for r in rows:
        if r["step"] in pending:
            if not r["checked"] or r["caught"] or r["catches"]:
                out.append(f"{r['step']}: listed as pending in {PENDING.name}, but it now checks nothing or catches "
                           f"{', '.join(r['caught']) or 'nothing'}: take it off the list and declare what it catches")
            continue
        if r["checked"] and not r["catches"]:
            out.append(f"{r['step']}: checks, but declares no fault it catches")
        if r["checked"] and not r["caught"]:
            out.append(f"{r['step']}: its checks catch no fault: they hold whatever the engine does")
        for f in r["catches"]:
            if f not in r["caught"]:
                out.append(f"{r['step']}: declares {f}, which its checks do not catch")
    for f, steps in caught_by.items():
        if not steps:
            out.append(f"fault {f}: no lesson step catches it")
    return out


def print_matrix(faults, rows, caught_by, out):
    out.write("faults:\n")
    for i, (f, what) in enumerate(faults, 1):
        out.write(f"  F{i:<2} {f}: {what} (caught by {len(caught_by[f])} steps)\n")
    head = "".join(f"{i:>3}" for i in range(1, len(faults) + 1))
    out.write(f"\n{'step':<40}{head}\n")
    for r in rows:
        cells = ""
        for f, _ in faults:
            declared, caught = f in r["catches"], f in r["caught"]
            after = caught and f not in r["first"]
            cells += "  " + ("+" if declared and after else "#" if declared and caught else "x" if declared else
                             "~" if after else "o" if caught else ".")
        mark = "" if r["checked"] else "  (shows only)"
        out.write(f"{r['step']:<40}{cells}{mark}\n")
    out.write("\n# caught and declared, o caught (not declared), x declared but not caught, . neither;\n"
              "+ and ~ as # and o, but an earlier step of the lesson had failed on that engine (maybe a knock-on)\n")
    checked = [r for r in rows if r["checked"]]
    catching = [r for r in checked if r["caught"]]
    declared_ok = [r for r in checked if r["catches"] and all(f in r["caught"] for f in r["catches"])]
    faults_caught = [f for f, steps in caught_by.items() if steps]
    own = [r for r in checked if any(f in r["first"] for f in r["catches"])]
    out.write(f"{len(rows)} steps, {len(checked)} with checks, {len(rows) - len(checked)} showing only\n")
    out.write(f"score: {len(catching)} of {len(checked)} checked steps catch a fault; "
              f"{len(declared_ok)} of {len(checked)} catch every fault they declare; "
              f"{len(faults_caught)} of {len(faults)} faults are caught; {len(own)} of {len(checked)} catch a declared fault "
              f"before any other step of their lesson fails\n")


def declare(folder, rows):
    caught = {r["step"]: r["caught"] for r in rows if r["checked"]}
    for path in sorted(Path(folder).glob("[0-9][0-9]*-*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        for i, s in enumerate(doc["steps"]):
            faults = caught.get(f"{doc['id']}:{i + 1}")
            if faults:
                s["catches"] = faults
        path.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--exe", default=str(ROOT / "build/bin/xengine-sandbox"))
    parser.add_argument("--lessons", default=str(ROOT / "lessons"))
    parser.add_argument("--header", default=str(ROOT / "engine/include/common/fault.h"))
    parser.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--check", action="store_true", help="exit 1 on any gap (CI)")
    parser.add_argument("--lesson", action="append", default=[],
                        help="only lessons whose id starts with this (repeatable); faults caught elsewhere are "
                             "then not reported as uncaught")
    parser.add_argument("--list", action="store_true", help="print the faults and exit")
    parser.add_argument("--json", help="write the matrix to this file")
    parser.add_argument("--declare", action="store_true",
                        help="write each checked step's caught faults into its lesson file as 'catches' (review the "
                             "diff: declare what the step is there to catch)")
    args = parser.parse_args()
    faults = read_faults(args.header)
    if args.list:
        for f, what in faults:
            print(f"{f}: {what}")
        return 0
    faults, lessons, results = build(args)
    rows, caught_by, problems = analyse(faults, lessons, results)
    print_matrix(faults, rows, caught_by, sys.stdout)
    if args.json:
        Path(args.json).write_text(json.dumps({"faults": [f for f, _ in faults], "steps": rows}, indent=1) + "\n",
                                   encoding="utf-8")
    if args.declare:
        declare(args.lessons, rows)
    pending = read_pending(PENDING)
    if args.lesson:  # a part of the matrix: only its own steps' gaps
        pending = {k: v for k, v in pending.items() if any(k.startswith(p) for p in args.lesson)}
        caught_by = {f: ["elsewhere"] for f in caught_by}
    found = problems + gaps(rows, caught_by, pending)
    for line in found:
        print(f"fault_matrix: {line}", file=sys.stderr)
    if args.check and found:
        print(f"fault_matrix: {len(found)} problem(s)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
