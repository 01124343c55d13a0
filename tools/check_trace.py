#!/usr/bin/python3
"""Checks a trace xengine-sandbox wrote (docs/trace.md): the schema (docs/trace.schema.json),
then what a schema cannot say, as Perfetto and chrome://tracing need it:
  - every track (pid, tid) is named, and its events are in time order;
  - the slices of a track nest: one that starts inside another ends inside it;
  - every flow starts and finishes once, each end inside a slice of its track, the finish
    not before the start.
--min-frames N: at least N CPU frame slices and N GPU frame slices, each GPU frame with a flow
from its submit. --marks: lesson step marks present. --names A,B: instants naming these.
Usage: check_trace.py [--min-frames N] [--marks] [--names A,B] TRACE ; exit 1 with the reason."""
import argparse
import collections
import json
import os
import sys

import jsonschema

SCHEMA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "docs", "trace.schema.json")


class Bad(Exception):
    pass


def ns(micros):
    return round(micros * 1000)


def check(doc, min_frames=0, marks=False, names=()):
    with open(SCHEMA, encoding="utf-8") as f:
        schema = json.load(f)
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(doc), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        raise Bad(f"/{'/'.join(str(p) for p in e.absolute_path)}: {e.message}")
    events = doc["traceEvents"]
    named = {(e["pid"], e.get("tid")) for e in events if e["ph"] == "M" and e["name"] == "thread_name"}
    if not any(e["ph"] == "M" and e["name"] == "process_name" for e in events):
        raise Bad("the process has no name")
    tracks = collections.defaultdict(list)
    for i, e in enumerate(events):
        if e["ph"] != "M":
            tracks[(e["pid"], e["tid"])].append((i, e))
    for track, items in tracks.items():
        if track not in named:
            raise Bad(f"track {track} has no thread_name")
        last = -1
        open_slices = []  # ends of the slices that contain the current time, in ns
        for i, e in items:
            ts = ns(e["ts"])  # the file's µs have three decimals: ns compare exactly
            if ts < last:
                raise Bad(f"track {track}: event {i} ({e['name']}) at {e['ts']} µs comes after {last / 1000} µs")
            last = ts
            if e["ph"] != "X":
                continue
            while open_slices and open_slices[-1] <= ts:  # ended before (or as) this one starts
                open_slices.pop()
            end = ts + ns(e["dur"])
            if open_slices and end > open_slices[-1]:
                raise Bad(f"track {track}: slice {i} ({e['name']}) from {e['ts']} µs to {end / 1000} µs overlaps the "
                          f"slice around it (ends {open_slices[-1] / 1000} µs) without nesting")
            open_slices.append(end)

    def in_a_slice(track, ts):
        return any(e["ph"] == "X" and ns(e["ts"]) <= ns(ts) <= ns(e["ts"]) + ns(e["dur"]) for _, e in tracks[track])

    flows = collections.defaultdict(dict)
    for i, e in enumerate(events):
        if e["ph"] in ("s", "f"):
            if e["ph"] in flows[e["id"]]:
                raise Bad(f"flow {e['id']} has two '{e['ph']}' events")
            flows[e["id"]][e["ph"]] = e
            if not in_a_slice((e["pid"], e["tid"]), e["ts"]):
                raise Bad(f"flow {e['id']} ({e['name']}): its '{e['ph']}' at {e['ts']} µs is in no slice")
    for fid, ends in flows.items():
        if set(ends) != {"s", "f"}:
            raise Bad(f"flow {fid} ({next(iter(ends.values()))['name']}) never {'finishes' if 's' in ends else 'starts'}")
        if ends["f"]["ts"] < ends["s"]["ts"]:
            raise Bad(f"flow {fid} ({ends['s']['name']}) finishes before it starts")

    cpu = [e for e in events if e["ph"] == "X" and e["tid"] == 1 and e["cat"] == "frame" and e["name"].startswith("frame ")]
    gpu = [e for e in events if e["ph"] == "X" and e["tid"] == 2]
    submits = [f["s"] for f in flows.values() if f["s"]["name"] == "submit"]
    if len(cpu) < min_frames or len(gpu) < min_frames:
        raise Bad(f"{len(cpu)} CPU and {len(gpu)} GPU frames, expected at least {min_frames} of each")
    if min_frames and len(submits) < len(gpu):
        raise Bad(f"{len(gpu)} GPU frames but {len(submits)} submit flows")
    if marks and not any(e["ph"] == "i" and e["cat"] == "lesson" for e in events):
        raise Bad("no lesson step marks")
    instants = [e["name"] for e in events if e["ph"] == "i"]
    for name in names:
        if not any(name in n for n in instants):
            raise Bad(f"no instant names '{name}'")
    return f"{len(events)} events, {len(cpu)} CPU and {len(gpu)} GPU frames, {len(flows)} flows, {len(tracks)} tracks"


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("trace")
    p.add_argument("--min-frames", type=int, default=0)
    p.add_argument("--marks", action="store_true")
    p.add_argument("--names", default="")
    args = p.parse_args()
    try:
        with open(args.trace, encoding="utf-8") as f:
            doc = json.load(f)
        print(f"{args.trace}: {check(doc, args.min_frames, args.marks, [n for n in args.names.split(',') if n])}")
    except (OSError, ValueError, Bad) as e:
        print(f"{args.trace}: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
