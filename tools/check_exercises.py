#!/usr/bin/env python3
"""Grades the build-it-yourself exercises as CI must (lessons/exercises/<id>/tests.json):
the reference solution passes; the skeleton, the wiki's version and every mutant of the
solution (an engine fault written into it) fail, each with the message expected, as the
first thing the sandbox reports. A grader that lets a mutant pass is a grader's bug.

  check_exercises.py --exe SANDBOX --lessons DIR [ID ...]
  check_exercises.py --exe SANDBOX --lessons DIR --case ID FILE TEXT   (one file, must fail with TEXT)
"""
import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile


def grade(exe, lessons, exercise, source, data_home, timeout=300):
    env = dict(os.environ, XDG_DATA_HOME=str(data_home), XDG_CONFIG_HOME=str(pathlib.Path(data_home) / "config"))
    run = subprocess.run([exe, "--exercise", exercise, "--solution", str(source), "--lessons", str(lessons), "--headless"],
                         capture_output=True, text=True, timeout=timeout, env=env)
    return run.returncode, run.stdout + run.stderr


def first_verdict(output):
    for line in output.splitlines():
        if line.startswith(("passed:", "not yet", "build:")) or ": error: " in line:
            return line
    return ""


def expect_fail(exe, lessons, exercise, source, text, data_home, label, anywhere=False, lesson=None):
    """Exit 3, and the first verdict (or, anywhere: some line) holds text; lesson: a line of
    the lesson played on the code in the engine holds that too."""
    code, output = grade(exe, lessons, exercise, source, data_home)
    verdict = first_verdict(output)
    if anywhere:
        verdict = next((line for line in output.splitlines() if text in line), "")
    if code != 3 or not verdict.startswith("not yet") or text not in verdict:
        print(f"FAIL {exercise} {label}: exit {code}, expected 3 and a first verdict containing {text!r}\n{output}")
        return False
    if lesson and lesson not in output:
        print(f"FAIL {exercise} {label}: graded as expected, but the lesson on it in the engine never said {lesson!r}\n{output}")
        return False
    print(f"ok   {exercise} {label}: {verdict[:150]}")
    return True


def check_exercise(exe, lessons, ex, data_home):
    home = lessons / "exercises" / ex["id"]
    tests = json.loads((home / "tests.json").read_text())
    ok = True
    ok &= expect_fail(exe, lessons, ex["id"], home / ex["file"], tests["skeleton"], data_home, "skeleton",
                      lesson=tests.get("skeleton_lesson"))
    if (home / "wiki.cpp").exists():
        if "wiki" not in tests:
            print(f"FAIL {ex['id']}: wiki.cpp has no expected message in tests.json")
            ok = False
        else:
            ok &= expect_fail(exe, lessons, ex["id"], home / "wiki.cpp", tests["wiki"], data_home, "wiki's version")
    solution = (home / "solution.cpp").read_text()
    with tempfile.TemporaryDirectory() as work:
        for i, mutant in enumerate(tests.get("mutants", [])):
            old, new = mutant["replace"]
            if solution.count(old) != 1:
                print(f"FAIL {ex['id']} mutant {mutant['fault']}: its text is in solution.cpp {solution.count(old)} times, not once")
                ok = False
                continue
            path = pathlib.Path(work) / f"mutant{i}-{ex['file']}"
            path.write_text(solution.replace(old, new))
            ok &= expect_fail(exe, lessons, ex["id"], path, mutant["expect"], data_home, f"mutant {mutant['fault']}",
                              lesson=mutant.get("lesson"))
    # Progress: only a pass marks the exercise done in the learner's settings.
    if ex["id"] in passed_exercises(data_home):
        print(f"FAIL {ex['id']}: marked done in the settings before its solution was graded")
        ok = False
    code, output = grade(exe, lessons, ex["id"], home / "solution.cpp", data_home)
    if code != 0 or not first_verdict(output).startswith("passed:"):
        print(f"FAIL {ex['id']} solution: exit {code}\n{output}")
        ok = False
    elif ex["engine_differs"]["en"] not in output:
        print(f"FAIL {ex['id']} solution: passed, but what the engine's version does differently is not said\n{output}")
        ok = False
    elif ex["id"] not in passed_exercises(data_home):
        print(f"FAIL {ex['id']} solution: passed, but not marked done in the settings")
        ok = False
    else:
        print(f"ok   {ex['id']} solution: {first_verdict(output)}; marked done")
    return ok


def passed_exercises(data_home):
    settings = pathlib.Path(data_home) / "config" / "xengine-sandbox" / "settings.json"
    return json.loads(settings.read_text()).get("exercises", []) if settings.exists() else []


def check_race(source_dir, lessons):
    """07-deferred-free under ThreadSanitizer, two threads at once (wiki 7.8): the reference
    solution must run clean, and the same solution with its locks taken out must be reported
    as a data race (proof that the check can fail)."""
    home = lessons / "exercises" / "07-deferred-free"
    solution = (home / "solution.cpp").read_text()
    lock = "    const std::lock_guard lock{_mutex};\n"
    if solution.count(lock) != 3:
        print(f"FAIL race: the solution does not take its lock in allocate(), free() and process_deferred_free()")
        return False
    ok = True
    with tempfile.TemporaryDirectory() as work:
        for label, text, racy in (("solution", solution, False), ("solution without its locks", solution.replace(lock, ""), True)):
            source = pathlib.Path(work) / "deferred_free.cpp"
            source.write_text(text)
            exe = pathlib.Path(work) / "race"
            build = subprocess.run([os.environ.get("CXX") or "c++", "-std=c++20", "-g", "-O1", "-fsanitize=thread",
                                    "-iquote", str(home), "-I", str(home), "-I", str(lessons / "exercises"), str(source),
                                    str(source_dir / "sandbox" / "tests" / "exercises" / "race_deferred_free.cpp"),
                                    "-o", str(exe)], capture_output=True, text=True, timeout=300)
            if build.returncode != 0:
                print(f"FAIL race {label}: does not build with -fsanitize=thread\n{build.stdout}{build.stderr}")
                ok = False
                continue
            run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300,
                                 env=dict(os.environ, TSAN_OPTIONS="halt_on_error=1"))
            reported = "ThreadSanitizer: data race" in run.stderr
            if racy != reported or (not racy and run.returncode != 0):
                print(f"FAIL race {label}: exit {run.returncode}, data race {'not ' if not reported else ''}reported, "
                      f"expected {'a report' if racy else 'a clean run'}\n{run.stdout}{run.stderr[-3000:]}")
                ok = False
            else:
                print(f"ok   07-deferred-free race, {label}: {'a data race reported' if racy else 'clean'}")
    return ok


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", required=True)
    parser.add_argument("--lessons", required=True, type=pathlib.Path)
    parser.add_argument("--case", nargs=3, metavar=("ID", "FILE", "TEXT"))
    parser.add_argument("--race", action="store_true", help="07-deferred-free under ThreadSanitizer")
    parser.add_argument("ids", nargs="*")
    args = parser.parse_args()
    if args.race:
        return 0 if check_race(pathlib.Path(__file__).resolve().parent.parent, args.lessons) else 1
    with tempfile.TemporaryDirectory() as data_home:
        if args.case:
            exercise, source, text = args.case
            return 0 if expect_fail(args.exe, args.lessons, exercise, source, text, data_home, pathlib.Path(source).name,
                                    anywhere=True) else 1
        catalogue = json.loads((args.lessons / "exercises" / "exercises.json").read_text())["exercises"]
        chosen = [ex for ex in catalogue if not args.ids or ex["id"] in args.ids]
        if args.ids and len(chosen) != len(args.ids):
            print(f"unknown exercise among {args.ids}")
            return 2
        ok = all([check_exercise(args.exe, args.lessons, ex, data_home) for ex in chosen])
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
