#!/usr/bin/env python3
"""Tests that drive xengine-sandbox's real window with real input (tools/xe_window.py).

  window_tests.py lesson ID [--mouse] [--back-restart] [--check-focus] [--burst]
      Clicks (or presses keys) through lesson ID in Chinese at 0 s and 0.5 s between presses
      (0 s: the next press as soon as the step shows; --burst: every press at once),
      switches to English with the panel's button, restarts with Home and steps through again;
      exports a snapshot with the Export button and closes the window. Passes only if every
      step held, the printed steps equal the headless player's, and the exported state equals
      the state a non-interactive run of the lesson ends in.
  window_tests.py slow ID LANGUAGE      the same, 5 s between presses, one language
  window_tests.py layout                panels inside the window and apart, at five sizes
  window_tests.py lifecycle             minimise, restore, close, SIGINT, SIGTERM in each state
  window_tests.py step-frame            paused: Step one frame advances exactly one frame, at once
  window_tests.py next-replays          Next after Step one frame replays, counted to the kept state and after
  window_tests.py failure               a failed step: Retry, no silent replay, Back, exit 3
  window_tests.py glossary              a step's term opens the Glossary tab; See; search
  window_tests.py exercises             "Your turn" solved with the Controls' own buttons, then Check
  window_tests.py feedback              F1 hides (a hint stays), Export says what it wrote,
                                        Diff against opens the Diff tab
  window_tests.py timeline              lesson 07's events marked on the history; [ and <<
                                        jump back to them, ] and >> forward

Common options: --exe PATH --lessons DIR --out DIR (kept for failures: screenshots, logs);
--launcher /usr/lib/wine/wine64 with the Windows build's .exe drives the Win32 window.
XE_DISPLAY_RANGE=FIRST-LAST limits the Xvfb display numbers tried (default 140-239).
Exit 0 when the test passes, 1 with the reason when it fails.
"""
import argparse
import difflib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from xe_window import Display, Sandbox, TestFailure, wait_for  # noqa: E402

# Snapshot fields that differ between two runs of the same steps for reasons outside the
# lesson: timings, what the GPU had finished when the file was written, the UI's own upload
# use, how the window system hands out swap-chain images.
TIMING = {"events", "events_dropped", "upload", "validation", "adapter", "timeline"}


def comparable(snapshot, presentation):
    """The parts of a snapshot a lesson determines. presentation=False keeps only what does
    not depend on presenting to a window rather than offscreen: a window's swap chain has
    its own image count and format, so its RTVs, back buffers and surface details go."""
    s = {k: v for k, v in snapshot.items() if k not in TIMING}
    s["fence"] = {k: v for k, v in s["fence"].items()
                  if k not in ("gpu_completed", "last_wait_ms", "wait_ms_total", "blocked_waits", "pending_at_begin",
                               "max_pending_at_begin")}
    s.pop("checks", None)  # attempts at window operations succeed in a window, fail offscreen
    for slot in s["surfaces"]["slots"]:
        slot.pop("back_buffer_index", None)  # the window system's acquire decides
        slot.pop("address", None)  # where this process put the surface object
    if presentation:
        return s
    s.pop("surfaces")
    s["heaps"] = {name: heap for name, heap in s["heaps"].items() if name != "rtv"}
    back_buffer = lambda o: "back buffer" in o["name"]
    s["resources"] = [r for r in s["resources"] if not back_buffer(r)]
    s["objects"] = [o for o in s["objects"] if not back_buffer(o)]
    return s


def first_difference(a, b, path=""):
    if type(a) is not type(b):
        return f"{path or '/'}: {json.dumps(a)[:200]} vs {json.dumps(b)[:200]}"
    if isinstance(a, dict):
        for k in sorted(set(a) | set(b)):
            if k not in a or k not in b:
                return f"{path}/{k}: only in {'the first' if k in a else 'the second'}"
            d = first_difference(a[k], b[k], f"{path}/{k}")
            if d:
                return d
        return None
    if isinstance(a, list):
        if len(a) != len(b):
            only_a = [x for x in a if x not in b][:3]
            only_b = [y for y in b if y not in a][:3]
            return (f"{path}: {len(a)} entries vs {len(b)}; only in the first: {json.dumps(only_a)[:300]}, "
                    f"only in the second: {json.dumps(only_b)[:300]}")
        for i, (x, y) in enumerate(zip(a, b)):
            d = first_difference(x, y, f"{path}/{i}")
            if d:
                return d
        return None
    return None if a == b else f"{path}: {json.dumps(a)[:200]} vs {json.dumps(b)[:200]}"


def summary_patterns():
    """The played lessons' closing line ("15 lesson(s), 122 step(s): ...") in every language of
    the catalogue (assets/text/), as regular expressions."""
    keys = ["{} lesson(s), {} step(s): every expectation held", "{} lesson(s), {} step(s): {} failed (--check-report {})",
            "{} lesson(s), {} step(s): every expectation held, but {} step(s) were not checked: no validation layer "
            "watched their hazards (exit {})"]
    forms = set(keys)
    folder = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "assets", "text")
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            texts = json.load(f)["texts"]
        forms.update(texts[k] for k in keys if k in texts)
    return [re.compile("^" + ".*?".join(re.escape(part) for part in re.split(r"\{[^}]*\}", form)) + "$")
            for form in forms]


SUMMARY = summary_patterns()


def step_lines(text):
    """What a player prints about steps: titles, texts, questions, answers, the state a step
    is about; not what depends on the run (measured lines, "   ≈") or the engine's log
    ("   !") (sandbox/lessons/lesson_console.h)."""
    out, keep = [], False
    for line in text.splitlines():
        if line.startswith("-- "):
            keep = True
        elif line.startswith(("== ", "xengine-sandbox: ")) or any(p.match(line) for p in SUMMARY):
            keep = False
            continue
        if keep and not line.startswith(("   ≈", "   !")):
            out.append(line)
    return out


class Run:
    def __init__(self, args):
        args.exe = os.path.abspath(args.exe)
        args.lessons = os.path.abspath(args.lessons)
        self.args = args
        self.out = os.path.abspath(args.out)
        shutil.rmtree(self.out, ignore_errors=True)
        os.makedirs(self.out)

    def workdir(self, name):
        d = os.path.join(self.out, name)
        os.makedirs(os.path.join(d, "out"), exist_ok=True)
        return d

    def sandbox(self, display, name, *extra):
        return Sandbox(display, self.args.exe, ["--lessons", self.args.lessons, "--settings",
                                                os.path.join(self.workdir(name), "settings.json")] + list(extra),
                       self.workdir(name), self.args.launcher)

    def headless(self, name, *extra):
        """A non-interactive run; returns (stdout, the --snapshot it wrote)."""
        d = self.workdir(name)
        snapshot = os.path.join(d, "end.json")
        # Wine's DXGI needs an X display even for a headless run: it keeps the caller's.
        env = {k: v for k, v in os.environ.items() if k != "DISPLAY" or self.args.launcher}
        env["XDG_CONFIG_HOME"] = os.path.join(d, "config")
        launcher = [self.args.launcher] if self.args.launcher else []
        r = subprocess.run(launcher + [self.args.exe, "--lessons", self.args.lessons, "--settings", os.path.join(d, "s.json"),
                            "--snapshot", snapshot] + list(extra), cwd=d, env=env, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, timeout=120)
        if not played_ok(r.returncode, self.args):
            raise TestFailure(f"{' '.join(extra)} exited {r.returncode}:\n{r.stderr[-3000:]}")
        with open(snapshot) as f:
            return r.stdout, json.load(f)


# -- lessons ------------------------------------------------------------------------------

def lesson_state(app):
    """The lesson part of the UI map. A map caught mid-replace (seen under Wine) is read again:
    taken for "no lesson state", it once made the language loop click a second time."""
    return wait_for("a readable UI map", app.ui_map, 10).get("lesson", {})


def wait_steps(app, n, what):
    """Until the lesson is at step n on the live engine: a request that replays shows the step
    at once, and the UI map says "replaying" until the engine has reached it."""
    def reached():
        m = wait_for("a readable UI map", app.ui_map, 10)
        state = m.get("lesson", {})
        if state.get("failed"):
            raise TestFailure(f"a step failed while {what}:\n{app.stderr()[-3000:]}")
        return state.get("steps_done") == n and "replaying" not in m
    app.guard(f"step {n} ({what})", reached, 60)


def press_next(app, mouse):
    if mouse:
        app.click("lesson:next")
    else:
        app.key("Right")


def exercise_steps(lessons, lesson_id):
    """The numbers of the lesson's "Your turn" steps."""
    with open(os.path.join(lessons, lesson_id + ".json")) as f:
        return {i for i, step in enumerate(json.load(f)["steps"], 1) if "exercise" in step}


def to_step(app, n, mouse, exercise):
    """Next to step n. At an exercise → only checks the learner's work (not done: "not yet",
    no step) and Show me, a deliberate click, plays the solution."""
    if exercise:
        if not mouse:
            app.key("Right")
            app.guard(f"→ at exercise {n} checks and stays", lambda: (lambda s: s.get("feedback") and s.get(
                "steps_done") == n - 1)(lesson_state(app)), 30)
        app.click("lesson:next")
    else:
        press_next(app, mouse)
    wait_steps(app, n, f"Next #{n}")


def step_through(app, total, delay, mouse, on_step=None, burst=False, exercises=()):
    """Next, total times: each press once the previous step shows, after delay seconds.
    burst: all presses up to the first exercise at once, as fast as keys go (queued input
    applied in order)."""
    first = 1
    if burst:
        first = min([e for e in exercises if e <= total] + [total + 1])
        app.key(*(["Right"] * (first - 1)))
        wait_steps(app, first - 1, f"{first - 1} Right presses at once")
    for n in range(first, total + 1):
        to_step(app, n, mouse, n in exercises)
        if on_step:
            on_step(n)
        time.sleep(delay)


def check_focus_cell(display, app, workdir):
    """Lesson 07 after free(0): cell 0 of heap demo is drawn in slot 0's colour, outlined."""
    shot = os.path.join(workdir, "focus.png")
    display.screenshot(shot)
    m = app.ui_map()
    cells = m.get("cells", {}).get("demo")
    if not cells:
        raise TestFailure("the Heaps panel does not show heap demo after the free")
    r = cells["rects"][0 - cells["first"]]
    ox, oy = app.origin()
    pixel = lambda x, y: display.run("convert", shot, "-format", f"%[fx:int(255*p{{{x},{y}}}.r)],"
                                     f"%[fx:int(255*p{{{x},{y}}}.g)],%[fx:int(255*p{{{x},{y}}}.b)]", "info:").stdout
    inside = pixel(int(ox + r[2] - 5), int(oy + r[3] - 5))
    if inside.strip() != "21,101,192":
        raise TestFailure(f"cell 0 is drawn {inside.strip()}, not slot 0's waiting colour 21,101,192 ({shot})")
    outline = pixel(int(ox + r[0] - 2), int(oy + (r[1] + r[3]) / 2))
    if outline.strip() != "255,255,255":
        raise TestFailure(f"the focused cell has no white outline (found {outline.strip()}; {shot})")


def same_transcript(name, language, clicked, played):
    """Fails naming the first line where the clicked run's steps leave the played run's."""
    if clicked == played:
        return
    diff = difflib.unified_diff(played, clicked, "played", "clicked", n=1, lineterm="")
    raise TestFailure(f"{name}: the {language} steps printed differ from the played run's:\n"
                      + "\n".join(list(diff)[:40]))


def click_through(run, display, lesson_id, total, delay, mouse, back_restart, check_focus, reference, transcripts,
                  burst=False, exercises=()):
    name = f"click-{'mouse' if mouse else 'keys'}-{delay}"
    languages = list(transcripts)
    app = run.sandbox(display, name, "--lesson", lesson_id, "--language", languages[0])
    try:
        app.wait_window()
        wait_steps(app, 0, "the lesson opening")

        def at_step(n):
            if check_focus and n == 4:
                check_focus_cell(display, app, app.workdir)
            if back_restart and n == 2:
                app.click("lesson:back") if mouse else app.key("Left")
                wait_steps(app, 1, "Back")
                press_next(app, mouse)
                wait_steps(app, 2, "Next after Back")
        if back_restart:
            # Some steps, then Home: the lesson restarts on a fresh engine; the transcript
            # compared is the one printed after it.
            step_through(app, min(3, total), delay, mouse, at_step, exercises=exercises)
            app.click("lesson:restart") if mouse else app.key("Home")
            wait_steps(app, 0, "Restart")
        mark = len(app.stdout())
        step_through(app, total, delay, mouse, None if back_restart else at_step, burst, exercises)
        same_transcript(name, languages[0], step_lines(app.stdout()[mark:]), transcripts[languages[0]])
        # The language button (it cycles through the catalogue's languages), then Home: the
        # same lesson again in each other language.
        for language in languages[1:]:
            for _ in range(4):
                if lesson_state(app).get("language") == language:
                    break
                before = lesson_state(app).get("language")
                app.click("lesson:language")
                app.guard(f"the language button to leave {before}",
                          lambda: lesson_state(app).get("language") != before, 10)
            if lesson_state(app).get("language") != language:
                raise TestFailure(f"{name}: the language button never reached {language}")
            app.key("Home")
            wait_steps(app, 0, "Home")
            mark = len(app.stdout())
            step_through(app, total, delay, mouse, None, burst, exercises)
            same_transcript(name, language, step_lines(app.stdout()[mark:]), transcripts[language])
        # Export (a person's way: open the section, press the button), then close.
        app.click("Export")
        app.click("Export snapshot")
        exported = os.path.join(app.workdir, "out", "inspector-snapshot.json")
        app.guard("the exported snapshot", lambda: os.path.exists(exported), 10)
        app.close_expecting(0, name)
        with open(exported) as f:
            state = json.load(f)
        for label, (ref, presentation) in reference.items():
            d = first_difference(comparable(state, presentation), comparable(ref, presentation))
            if d:
                raise TestFailure(f"{name}: the state the clicks ended in differs from {label}: {d}")
        print(f"{lesson_id} {name}: {len(languages) * total} steps in {', '.join(languages)} held; state equals "
              f"{' and '.join(reference)}")
    finally:
        app.kill()


def played_ok(code, args):
    """A played lesson's exit code: 0, or under Wine 6, because Windows hands no validation
    messages to the engine and the hazard checks are then reported as not checked."""
    return code == 0 or (bool(args.launcher) and code == 6)


def test_lesson(run, args):
    lesson_id = args.lesson
    with open(os.path.join(args.lessons, lesson_id + ".json")) as f:
        total = len(json.load(f)["steps"])
    transcripts, reference = {}, {}
    if not lesson_id.startswith(("08", "09", "10")):  # about windows: a window's state differs
        _, snapshot = run.headless("headless", "--headless", "--overlay", "--lesson", lesson_id)
        reference["the headless run"] = (snapshot, False)
    with Display() as display:
        # The same lesson played without input in a window: what each step prints there (an
        # answer may depend on the window system, e.g. how many images a swap chain has).
        for language in args.languages.split(","):
            played = run.sandbox(display, f"played-{language}", "--lesson", lesson_id, "--play", "--language",
                                 language, "--snapshot", os.path.join(run.workdir(f"played-{language}"), "end.json"))
            code = played.wait_exit(120)
            if not played_ok(code, args):
                raise TestFailure(f"--play in a window exited {code}:\n{played.stderr()[-3000:]}")
            transcripts[language] = step_lines(played.stdout())
            played.kill()
        with open(os.path.join(run.workdir("played-en"), "end.json")) as f:
            reference["the played run in a window"] = (json.load(f), True)
        for delay in (0, 0.5):
            mouse = args.mouse and delay > 0
            click_through(run, display, lesson_id, total, delay, mouse, args.back_restart and delay > 0,
                          args.check_focus and delay > 0, reference, transcripts, args.burst and delay == 0,
                          exercise_steps(args.lessons, lesson_id))


def test_slow(run, args):
    with open(os.path.join(args.lessons, args.lesson + ".json")) as f:
        total = len(json.load(f)["steps"])
    with Display() as display:
        played = run.sandbox(display, "played", "--lesson", args.lesson, "--play", "--language", args.language)
        if not played_ok(played.wait_exit(120), args):
            raise TestFailure(f"--play in a window failed:\n{played.stderr()[-3000:]}")
        out = played.stdout()
        played.kill()
        app = run.sandbox(display, "slow", "--lesson", args.lesson, "--language", args.language)
        try:
            app.wait_window()
            wait_steps(app, 0, "the lesson opening")
            time.sleep(5)
            step_through(app, total, 5, True, exercises=exercise_steps(args.lessons, args.lesson))
            same_transcript("slow", args.language, step_lines(app.stdout()), step_lines(out))
            frame = app.ui_map()["engine"]["frame"]
            time.sleep(5)  # read for a while: nothing moves
            if app.ui_map()["engine"]["frame"] != frame:
                raise TestFailure("the engine advanced while the learner was reading")
            app.close_expecting(0, f"{args.lesson} ({args.language}) read slowly")
        finally:
            app.kill()
    print(f"{args.lesson} ({args.language}), 5 s between clicks: {total} steps held; the engine stood still")


# -- layout -------------------------------------------------------------------------------

def check_layout(app, label, workdir, display):
    m = app.guard("a UI map with panels", lambda: (app.ui_map() or {}).get("windows") and app.ui_map(), 10)
    width, height = m["display"]
    rects = {name: r for name, r in m["windows"].items()}
    for name, (x, y, w, h) in rects.items():
        if x < 0 or y < 0 or x + w > width + 0.5 or y + h > height + 0.5:
            raise TestFailure(f"{label}: panel {name} {x},{y} {w}x{h} leaves the {width}x{height} window")
    names = sorted(rects)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ax, ay, aw, ah = rects[a]
            bx, by, bw, bh = rects[b]
            if ax < bx + bw and bx < ax + aw and ay < by + bh and by < ay + ah:
                raise TestFailure(f"{label}: panels {a} and {b} overlap")
    display.screenshot(os.path.join(workdir, f"layout-{label}.png"))
    return rects


def test_layout(run, args):
    results = []
    with Display() as display:
        for w, h in ((640, 360), (800, 600), (1280, 720), (1920, 1080)):
            app = run.sandbox(display, f"layout-{w}x{h}", "--lesson", "07", "--size", f"{w}x{h}")
            try:
                app.wait_window()
                app.guard("the window size", lambda: app.ui_map()["display"] == [w, h], 10)
                check_layout(app, f"{w}x{h}-start", app.workdir, display)
                app.key("Right", "Right", "Right", "Right")  # longer texts, a prediction
                wait_steps(app, 4, "four steps")
                time.sleep(0.5)
                rects = check_layout(app, f"{w}x{h}-step4", app.workdir, display)
                results.append(f"{w}x{h}: {', '.join(sorted(rects))}")
                if (w, h) == (1280, 720):
                    app.key("F11")
                    app.guard("fullscreen", lambda: app.ui_map()["display"] == [1920, 1080], 10)
                    time.sleep(0.5)
                    rects = check_layout(app, "fullscreen", app.workdir, display)
                    results.append(f"fullscreen: {', '.join(sorted(rects))}")
                app.close_expecting(0, f"layout {w}x{h}")
            finally:
                app.kill()
        # Windows opened together cascade: no two at the same place.
        app = run.sandbox(display, "four-windows", "--windows", "4", "--size", "400x300")
        try:
            ids = app.guard("four windows", lambda: (lambda ids: ids if len(ids) == 4 else None)(
                app.windows(visible=True)), 30)
            places = set()
            titles = []
            for wid in ids:
                out = display.run("xwininfo", "-id", wid).stdout
                places.add((out.split("Absolute upper-left X:")[1].split()[0],
                            out.split("Absolute upper-left Y:")[1].split()[0]))
                titles.append(display.run("xdotool", "getwindowname", wid).stdout.strip())
            if len(places) != 4:
                raise TestFailure(f"four windows share {4 - len(places) + 1} places: {sorted(places)}")
            if sum("inspector here" in t for t in titles) != 1 or sum("inspector in surface 0" in t for t in titles) != 3:
                raise TestFailure(f"titles do not say where the inspector is: {titles}")
            results.append(f"four windows at {len(places)} places; titles {titles}")
        finally:
            app.kill()
    print("\n".join(results))


# -- lifecycle ----------------------------------------------------------------------------

def responsive(app, lesson):
    """The app still answers: a lesson step, or (not in a lesson) the window's title bar."""
    if lesson:
        before = lesson_state(app).get("steps_done", 0)
        app.key("Right")
        wait_steps(app, before + 1, "Next after the state change")


def test_lifecycle(run, args):
    """Each state, then each way out. Continuing must keep the app answering; ending must
    happen within a second (SIGINT 130, SIGTERM 143, closing the window 0)."""
    states = {
        "lesson": ["--lesson", "07"],
        "paused": [],
        "minimised": ["--lesson", "07"],
        "fullscreen": ["--lesson", "07"],
        "windows": ["--lesson", "07", "--windows", "3", "--size", "500x300"],
    }
    outcomes = []
    with Display() as display:
        for state, state_args in states.items():
            for action in ("minimise-restore", "close", "SIGINT", "SIGTERM"):
                name = f"{state}-{action}"
                app = run.sandbox(display, name, *state_args)
                try:
                    app.wait_window()
                    lesson = "--lesson" in state_args
                    if lesson:
                        app.key("Right", "Right", "Right")
                        wait_steps(app, 3, "three steps")
                    if state == "paused":
                        app.click("Pause frame loop")
                        frame = app.guard("the pause", lambda: (app.ui_map() or {}).get("engine", {}).get("frame"), 5)
                        time.sleep(0.5)
                        frame = app.ui_map()["engine"]["frame"]
                        time.sleep(0.5)
                        if app.ui_map()["engine"]["frame"] != frame:
                            raise TestFailure("paused, yet the engine's frame number moved")
                    if state == "minimised":
                        app.minimise()
                        time.sleep(0.5)
                    if state == "fullscreen":
                        app.key("F11")
                        app.guard("fullscreen", lambda: app.ui_map()["display"] == [1920, 1080], 10)
                    start = time.monotonic()
                    if action == "minimise-restore":
                        for _ in range(3):
                            app.minimise()
                            time.sleep(0.3)
                            app.restore()
                            time.sleep(0.3)
                        responsive(app, lesson)
                        if app.proc.poll() is not None:
                            raise TestFailure(f"{name}: the app ended ({app.proc.returncode})")
                        app.close()
                        code = app.wait_exit(15)
                        expected = 0
                    elif action == "close":
                        app.close()
                        code = app.wait_exit(10)
                        expected = 0
                    else:
                        app.proc.send_signal(signal.SIGINT if action == "SIGINT" else signal.SIGTERM)
                        code = app.wait_exit(30)  # "hung", not "slow": the time is reported below
                        expected = 130 if action == "SIGINT" else 143
                    took = time.monotonic() - start
                    if code != expected:
                        raise TestFailure(f"{name}: exit code {code}, expected {expected}:\n{app.stderr()[-2000:]}")
                    leftovers = [f for f in os.listdir(app.workdir) if f.endswith(".tmp")]
                    if leftovers:
                        raise TestFailure(f"{name}: temporary files left: {leftovers}")
                    outcomes.append(f"{name}: exit {code} in {took:.2f} s")
                finally:
                    app.kill()
        # Minimise and restore while stepping, many times: no hang, every step holds.
        app = run.sandbox(display, "minimise-stress", "--lesson", "07")
        try:
            app.wait_window()
            for n in range(1, 13):
                for _ in range(5):
                    app.minimise()
                    time.sleep(0.05)
                    app.restore()
                    time.sleep(0.05)
                to_step(app, n, False, n == 12)  # 12: the exercise
            app.close_expecting(0, "minimise stress")
            outcomes.append("60 minimise/restore cycles across 12 steps: every step held, exit 0")
        finally:
            app.kill()
    print("\n".join(outcomes))


def test_handover(run, args):
    """The hand-over to the professionals' tools, as a person does it: lesson 11 stepped to its
    end, then Capture frame (RenderDoc) clicked and F12 pressed (each a .rdc named after the
    step and frame, announced), then Export trace (a trace that passes tools/check_trace.py,
    with the lesson's steps and both captures marked)."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import check_trace  # noqa: E402
    lesson = "11-first-triangle"
    with open(os.path.join(args.lessons, lesson + ".json")) as f:
        total = len(json.load(f)["steps"])
    with Display() as display:
        app = run.sandbox(display, "handover", "--renderdoc", "--lesson", "11", "--language", "en")
        try:
            app.wait_window()
            wait_steps(app, 0, "the lesson opening")
            step_through(app, total, 0.2, False, exercises=exercise_steps(args.lessons, lesson))
            out = os.path.join(app.workdir, "out")
            # RenderDoc writes a hidden draft beside the capture, renamed once whole.
            captures = lambda: sorted(f for f in os.listdir(out) if f.endswith(".rdc") and not f.startswith(".")) \
                if os.path.isdir(out) else []
            app.click("Export")
            time.sleep(0.5)
            app.click("Capture frame (RenderDoc)")
            first = app.guard("the clicked capture", lambda: captures(), 20)[0]
            if not re.fullmatch(rf"11-step{total}-frame\d+\.rdc", first):
                raise TestFailure(f"the capture is named {first}, expected 11-step{total}-frameN.rdc")
            notice = app.guard("the capture's notice", lambda: (app.ui_map() or {}).get("notice", ""), 5)
            if first not in notice:
                raise TestFailure(f"the notice {notice!r} does not name {first}")
            time.sleep(0.5)
            app.key("F12")
            both = app.guard("the F12 capture", lambda: (lambda c: c if len(c) == 2 else None)(captures()), 20)
            time.sleep(0.5)
            app.click("Export trace")
            trace = os.path.join(out, "inspector-trace.json")
            app.guard("the exported trace", lambda: os.path.exists(trace), 10)
            with open(trace, encoding="utf-8") as f:
                doc = json.load(f)
            summary = check_trace.check(doc, min_frames=5, marks=True,
                                        names=[f"RenderDoc capture {c}" for c in both] + [f"lesson step {total}"])
            display.screenshot(os.path.join(app.workdir, "handover.png"))
            app.close_expecting(0, "handover")
        finally:
            app.kill()
    print(f"captures {', '.join(both)}; trace: {summary}")


def test_step_frame(run, args):
    with Display() as display:
        app = run.sandbox(display, "step-frame")
        try:
            app.wait_window()
            app.click("Pause frame loop")
            time.sleep(0.5)
            frame = app.ui_map()["engine"]["frame"]
            time.sleep(0.5)
            if app.ui_map()["engine"]["frame"] != frame:
                raise TestFailure("paused, yet the engine's frame number moved")
            # Prompt: at least 4 of 5 steps within 200 ms (about 105 ms here), none past 500 ms.
            # One step a loaded machine delays (a package build beside the tests once took one
            # to 231 ms) passes; a step that waits for the 500 ms idle redraw fails 995 runs in
            # 1,000 (each such step is under 200 ms one time in five).
            slow = []
            for i in range(1, 6):
                start = app.click("Step one frame")
                app.guard("one frame", lambda: app.ui_map()["engine"]["frame"] == frame + i, 5)
                took = time.monotonic() - start
                if took > 0.5:
                    raise TestFailure(f"Step one frame took {took * 1000:.0f} ms to show (limit 500 ms)")
                if took > 0.2:
                    slow.append(f"{took * 1000:.0f} ms")
                    if len(slow) > 1:
                        raise TestFailure(f"Step one frame took over 200 ms to show twice: {', '.join(slow)}")
                time.sleep(1)
                if app.ui_map()["engine"]["frame"] != frame + i:
                    raise TestFailure("Step one frame advanced more than one frame")
                print(f"Step one frame #{i}: frame {frame + i} shown after {took * 1000:.0f} ms, and stayed")
            app.close_expecting(0, "Step one frame")
        finally:
            app.kill()


def test_input_wait(run, args):
    """An input that waits while the app is busy counts its wait in --bench-latency (issue 32):
    the app is stopped (SIGSTOP, as a long replay would hold it) and Right is pressed; 0.6 s later
    it goes on. The step's sample counts from the key's time at the X server, so it holds the
    0.6 s; counted from when the app read the key, it would not."""
    held = 0.6
    with Display() as display:
        app = run.sandbox(display, "input-wait", "--lesson", "07", "--language", "en", "--bench-latency")
        try:
            app.wait_window()
            wait_steps(app, 0, "the lesson opening")
            app.activate()
            time.sleep(0.5)
            os.kill(app.proc.pid, signal.SIGSTOP)
            try:
                display.run("xdotool", "key", "Right")
                time.sleep(held)
            finally:
                os.kill(app.proc.pid, signal.SIGCONT)
            wait_steps(app, 1, "the key pressed while the app was stopped")
            time.sleep(0.5)
            app.close_expecting(0, "the input-wait run")
            line = re.search(r"latency kind=step count=1 p50_ms=([0-9.]+)", app.stdout())
            if not line:
                raise TestFailure(f"no single step sample in the app's output:\n{app.stdout()[-2000:]}")
            ms = float(line.group(1))
            if not held * 1000 <= ms < 10_000:
                raise TestFailure(f"the step pressed while the app was stopped for {held * 1000:.0f} ms took {ms:.1f} ms "
                                  f"by the app's count: the wait is not counted")
            print(f"a step pressed while the app was stopped {held * 1000:.0f} ms: {ms:.1f} ms from the key to its present")
        finally:
            app.kill()


def test_next_replays(run, args):
    """Next after the learner's own change replays the lesson on a fresh engine, and the state
    kept for the step it leads to is shown first (issue 32). Lesson 07: Right twice, Left (Back
    to step 1), Step one frame (the change), Right: the panel reaches step 2, and --bench-latency
    counts that Next to the replayed engine too (step_live), as it counts Back's (back_live)."""
    with Display() as display:
        app = run.sandbox(display, "next-replays", "--lesson", "07", "--language", "en", "--bench-latency")
        try:
            app.wait_window()
            wait_steps(app, 0, "the lesson opening")
            for key, n in (("Right", 1), ("Right", 2), ("Left", 1)):
                time.sleep(0.4)
                app.key(key)
                wait_steps(app, n, key)
            time.sleep(0.4)
            frame = app.ui_map()["engine"]["frame"]
            app.click("Step one frame")
            app.guard("one frame", lambda: app.ui_map()["engine"]["frame"] == frame + 1, 10)
            time.sleep(0.4)
            app.key("Right")
            wait_steps(app, 2, "Next after the learner's frame")
            time.sleep(0.5)
            app.close_expecting(0, "the next-replays run")
            for kind in ("step_live", "back_live"):
                if not re.search(rf"latency kind={kind} count=1 ", app.stdout()):
                    raise TestFailure(f"no single {kind} sample in the app's output:\n{app.stdout()[-2000:]}")
            print("Next after Step one frame replayed to step 2, measured to the kept state and to the live engine")
        finally:
            app.kill()


FAILING_LESSON = {
    "id": "90-a-step-that-fails", "chapter": 90,
    "title": {"zh": "会失败的一步", "en": "A step that fails", "pt": "A step that fails"},
    "summary": {"zh": "第二步的预期不成立。", "en": "The second step's expectation does not hold.", "pt": "The second step's expectation does not hold."},
    "steps": [
        {"title": {"zh": "一帧", "en": "One frame", "pt": "One frame"}, "text": {"zh": "运行一帧。", "en": "Run one frame.", "pt": "Run one frame."},
         "actions": [{"do": "advance_frames", "count": 1}]},
        {"title": {"zh": "错误的预期", "en": "A wrong expectation", "pt": "A wrong expectation"}, "text": {"zh": "预期不成立。", "en": "It does not hold.", "pt": "It does not hold."},
         "actions": [{"do": "advance_frames", "count": 1}], "expect": [{"path": "/fence/cpu_value", "equals": 99}]},
    ],
}


def test_failure(run, args):
    """A step that fails in a window: the panel offers Retry instead of Next, Next does not
    replay behind the learner's back, Back undoes it, and closing the window exits 3."""
    lessons = os.path.join(run.out, "lessons")
    os.makedirs(lessons)
    with open(os.path.join(lessons, "90-a-step-that-fails.json"), "w") as f:
        json.dump(FAILING_LESSON, f, ensure_ascii=False)
    run.args.lessons = lessons
    with Display() as display:
        app = run.sandbox(display, "failure", "--lesson", "90", "--language", "en")
        try:
            app.wait_window()
            app.click("lesson:next")
            wait_steps(app, 1, "step 1")
            app.click("lesson:next")
            app.guard("the failure shown", lambda: lesson_state(app).get("failed"), 30)
            buttons = app.ui_map()["buttons"]
            if "lesson:retry" not in buttons or "lesson:next" in buttons:
                raise TestFailure(f"after a failure the panel should offer Retry, not Next: {sorted(buttons)}")
            app.key("Right")  # Next does nothing now: no silent replay
            time.sleep(1)
            state = lesson_state(app)
            if not state.get("failed") or state.get("steps_done") != 1:
                raise TestFailure(f"Next after a failure changed the lesson: {state}")
            display.screenshot(os.path.join(app.workdir, "failed-step.png"))
            app.click("lesson:retry")  # visibly replays step 1 on a fresh engine, fails again
            time.sleep(1)
            app.guard("the failure again", lambda: lesson_state(app).get("failed"), 30)
            app.key("Left")  # Back: the state before the failed step
            wait_steps(app, 1, "Back")  # on the replayed engine, and no longer failed
            app.close_expecting(3, "closing after a failed step")
            if "/fence/cpu_value is" not in app.stderr():
                raise TestFailure("the failure's reason is not on stderr")
            if app.stdout().count("-- 2/2") != 2:
                raise TestFailure("the failed step (and its retry) are not printed as the headless player prints them")
        finally:
            app.kill()
    print("a failed step offers Retry, Next waits, Back undoes it, and the window's close exits 3")


def test_glossary(run, args):
    """The Glossary tab as a person uses it: a term listed under a step opens its entry, a
    related term opens its own, typing in the search field shows the best match, and the
    Lesson tab comes back where it was. None of it moves the engine."""
    with Display() as display:
        app = run.sandbox(display, "glossary", "--lesson", "07", "--language", "en")
        try:
            app.wait_window()
            wait_steps(app, 0, "the lesson opening")
            step_through(app, 4, 0.3, True)
            frame = (app.ui_map() or {}).get("engine", {}).get("frame")
            app.click("lesson:term:free-stack")
            app.guard("the free stack's entry", lambda: lesson_state(app).get("glossary") == "free-stack", 10)
            time.sleep(0.5)
            app.click("lesson:see:deferred-release")
            app.guard("deferred release's entry", lambda: lesson_state(app).get("glossary") == "deferred-release", 10)
            time.sleep(0.5)
            app.click("lesson:glossary-search")
            display.run("xdotool", "type", "--delay", "120", "fence val")
            app.guard("the search's best match", lambda: lesson_state(app).get("glossary") == "fence-value", 10)
            time.sleep(0.5)
            app.click("lesson:tab-lesson")
            app.guard("the Lesson tab", lambda: lesson_state(app).get("glossary") == "", 10)
            state = lesson_state(app)
            now = (app.ui_map() or {}).get("engine", {}).get("frame")
            if state.get("steps_done") != 4 or state.get("failed") or now != frame:
                raise TestFailure(f"the glossary moved the lesson or the engine: {state}, frame {frame} -> {now}")
            app.close_expecting(0, "the glossary")
        finally:
            app.kill()
    print("a step's term opens the glossary there; See and search move within it; the engine stood still")


# "Your turn" solved by hand: the Controls a person would click, for each lesson's exercise.
EXERCISES = {
    "01": ["Step one frame", "Step one frame", "Step one frame"],
    "07": ["Allocate", "Allocate", "Free last", "Allocate"],
    # The task names the Windows section, which comes open with the exercise: no click to open it.
    "11": ["1280x720", "Step one frame", "Step one frame", "Step one frame"],
    "12": ["Step one frame", "Step one frame", "Step one frame"],
    "13": ["Step one frame"],
    "14": ["Step one frame", "Step one frame", "Step one frame"],
}


def test_exercises(run, args):
    """Each lesson in EXERCISES stepped to its exercise with the keys; Check before anything
    is done must say "not yet" and leave the lesson where it is; then the Controls panel's
    own buttons, clicked with pauses, and Check: the step passes as solved by hand, and the
    window closes cleanly."""
    with Display() as display:
        for number, clicks in EXERCISES.items():
            with open(next(os.path.join(args.lessons, f) for f in sorted(os.listdir(args.lessons))
                           if f.startswith(number + "-"))) as f:
                steps = json.load(f)["steps"]
            total = len(steps)
            panel = (steps[-1].get("focus") or {}).get("panel")
            app = run.sandbox(display, f"exercise-{number}", "--lesson", number, "--language", "en")
            try:
                app.wait_window()
                wait_steps(app, 0, "the lesson opening")
                step_through(app, total - 1, 0.2, False)
                if panel:
                    app.guard(f"the exercise's {panel} tab in front",
                              lambda: (app.ui_map() or {}).get("panel") == panel, 5)
                app.click("lesson:check")
                app.guard("Not yet", lambda: lesson_state(app).get("feedback"), 10)
                if lesson_state(app).get("steps_done") != total - 1:
                    raise TestFailure(f"{number}: a Check that did not pass moved the lesson: {lesson_state(app)}")
                for button in clicks:
                    time.sleep(0.4)
                    app.click(button)
                app.guard("the learner's change noted", lambda: lesson_state(app).get("touched"), 10)
                time.sleep(0.4)
                app.click("lesson:check")
                wait_steps(app, total, f"Check after {', '.join(clicks)}")
                if lesson_state(app).get("feedback"):
                    raise TestFailure(f"{number}: the exercise passed but the panel still says not yet")
                if "solved by you with the Controls" not in app.stdout():
                    raise TestFailure(f"{number}: the console does not report the exercise as solved by hand")
                app.close_expecting(0, number)
                print(f"{number}: solved with {', '.join(clicks)} and Check")
            finally:
                app.kill()
def test_your_code(run, args):
    """Build it yourself in the window, as a learner works: --exercise 07-deferred-free on
    their file (the reference solution, copied). Graded, lesson 07 opens with their code
    keeping its heaps' indices; three steps on, they save a wrong version (a freed index
    pushed back at once, the engine's fault free_index_at_once): the panel gives the
    grader's verdict, their new code replaces the old and the lesson replays to step 3; step
    4 then fails on it. They save a typo: the panel names the file, line and message, and
    the engine keeps the code it has. They save the fix: reloaded, replayed to step 3, the
    rest of the lesson holds, and the exported snapshot says the heaps are theirs with no
    answer refused. Every save is seen by the app itself (no key press)."""
    lesson = "07-descriptor-heaps"
    home = os.path.join(args.lessons, "exercises", "07-deferred-free")
    with open(os.path.join(args.lessons, lesson + ".json")) as f:
        total = len(json.load(f)["steps"])
    with open(os.path.join(home, "tests.json")) as f:
        old, new = next(m["replace"] for m in json.load(f)["mutants"] if m["fault"] == "free_index_at_once")
    with open(os.path.join(home, "solution.cpp")) as f:
        solution = f.read()
    mutant = solution.replace(old, new)
    typo_line = solution[:solution.index("return index;")].count("\n") + 1
    typo = solution.replace("return index;", "return index", 1)
    if mutant == solution or typo == solution:
        raise TestFailure("the mutant or the typo does not change the solution")
    learner_file = os.path.join(run.workdir("your-code-file"), "deferred_free.cpp")

    def save(text):
        with open(learner_file + ".tmp", "w") as f:  # as editors do: write, then rename over
            f.write(text)
        os.replace(learner_file + ".tmp", learner_file)

    def code(app):
        return wait_for("a readable UI map", app.ui_map, 10).get("code", {})

    def graded(app, reloads, what):
        try:
            app.guard(what, lambda: not code(app).get("working", True) and code(app).get("reloads") == reloads and
                      "saved ->" in code(app).get("timing", ""), 90)
        except TestFailure as e:  # what the panel said instead, and what the app printed
            raise TestFailure(f"{e}\nthe code block: {code(app)}\n{app.stdout()[-3000:]}") from e
        return code(app)

    save(solution)
    with Display() as display:
        app = run.sandbox(display, "your-code", "--exercise", "07-deferred-free", "--solution", learner_file,
                          "--language", "en")
        try:
            app.wait_window(90)
            wait_steps(app, 0, "the lesson opening")
            state = code(app)
            if not state.get("passed") or not state.get("in_engine"):
                raise TestFailure(f"the solution was not graded and put in the engine: {state}\n{app.stdout()[-2000:]}")
            step_through(app, 3, 0.3, False)
            time.sleep(0.5)
            save(mutant)
            state = graded(app, 1, "the wrong version graded and reloaded")
            if "is back on the free stack in frame 1" not in state["headline"] or state["passed"]:
                raise TestFailure(f"the panel does not give the grader's verdict on the wrong version: {state}")
            wait_steps(app, 3, "the replay to step 3 on the wrong version")
            display.screenshot(os.path.join(app.workdir, "your-code-wrong.png"))
            app.key("Right")
            app.guard("step 4 failing on the wrong version", lambda: lesson_state(app).get("failed"), 30)
            if "/heaps/demo/deferred/0 is [], expected [0]" not in app.stderr() + app.stdout():
                raise TestFailure(f"step 4 failed, but not on the deferred list:\n{app.stderr()[-2000:]}")
            time.sleep(0.5)
            save(typo)
            app.guard("the typo's compile error in the panel",
                      lambda: not code(app).get("working", True) and
                      code(app).get("headline", "").startswith("does not build"), 60)
            state = code(app)
            where = f"deferred_free.cpp:{typo_line + 1}:"  # a missing ';' is reported on the next line
            if not any(where in d or f"deferred_free.cpp:{typo_line}:" in d for d in state["details"]) or \
                    state["reloads"] != 1:
                raise TestFailure(f"the panel does not name the typo's file and line ({typo_line}), or the code "
                                  f"in the engine changed: {state}")
            display.screenshot(os.path.join(app.workdir, "your-code-typo.png"))
            time.sleep(0.5)
            save(solution)
            state = graded(app, 2, "the fix graded and reloaded")
            if not state["passed"]:
                raise TestFailure(f"the fix did not pass: {state}")
            wait_steps(app, 3, "the replay to step 3 on the fix")
            print(f"  {state['timing']}")
            display.screenshot(os.path.join(app.workdir, "your-code-fixed.png"))
            exercises = exercise_steps(args.lessons, lesson)
            for n in range(4, total + 1):
                to_step(app, n, False, n in exercises)
                time.sleep(0.3)
            app.click("Export")
            app.click("Export snapshot")
            exported = os.path.join(app.workdir, "out", "inspector-snapshot.json")
            app.guard("the exported snapshot", lambda: os.path.exists(exported), 10)
            app.close_expecting(0, "your-code")
            with open(exported) as f:
                heaps = json.load(f)["heaps"]
            for name in ("demo", "learner"):
                heap = heaps.get(name, {})
                if heap.get("model") != "learner" or heap.get("faults") != 0:
                    raise TestFailure(f"heap {name} is not the learner's, or the engine refused its answers: "
                                      f"model {heap.get('model')}, faults {heap.get('faults')}")
        finally:
            app.kill()
    print(f"07-deferred-free: saved wrong, step 4 failed; saved a typo, its line shown; saved the fix, "
          f"replayed to step 3 and the rest of lesson {lesson}'s {total} steps held")


def test_your_turn(run, args):
    """Build it yourself from a lesson's end, with the mouse: lesson 06 run to its end, the
    Write it yourself button of exercise 06-frame-ring copies the skeleton into the learner's
    folder and grades it in the window (not yet, with the grader's first message); the
    learner writes the reference solution into that file and saves: graded again, passed,
    what the engine does differently is said, and the exercise is marked done in the
    settings. The skeleton never is."""
    exercise = "06-frame-ring"
    home = os.path.join(args.lessons, "exercises", exercise)
    with open(os.path.join(home, "tests.json")) as f:
        first_message = json.load(f)["skeleton"]
    with Display() as display:
        app = run.sandbox(display, "your-turn", "--lesson", "06", "--language", "en")
        settings = os.path.join(app.workdir, "settings.json")

        def code():
            return wait_for("a readable UI map", app.ui_map, 10).get("code", {})

        def done():
            with open(settings) as f:
                return exercise in json.load(f).get("exercises", [])
        try:
            app.wait_window()
            wait_steps(app, 0, "the lesson opening")
            app.click("lesson:end")
            app.guard("the lesson's end", lambda: lesson_state(app).get("steps_done", 0) > 0 and
                      "lesson:your-turn:" + exercise in app.ui_map().get("buttons", {}), 120)
            display.screenshot(os.path.join(app.workdir, "your-turn-offer.png"))
            app.click("lesson:your-turn:" + exercise)
            app.guard("the skeleton graded", lambda: code().get("headline", "").startswith("not yet"), 90)
            state = code()
            if first_message not in state["headline"] or state["passed"]:
                raise TestFailure(f"the skeleton's verdict is not the grader's first message {first_message!r}: {state}")
            learner_file = os.path.join(app.workdir, "data", "xengine-sandbox", "exercises", exercise,
                                        "frame_ring.cpp")
            if not os.path.isfile(learner_file):
                raise TestFailure(f"Write it yourself made no copy of the skeleton at {learner_file}")
            if os.path.exists(settings) and done():
                raise TestFailure("the skeleton was marked done")
            display.screenshot(os.path.join(app.workdir, "your-turn-skeleton.png"))
            time.sleep(0.5)
            with open(os.path.join(home, "solution.cpp")) as f:
                solution = f.read()
            with open(learner_file, "w") as f:
                f.write(solution)
            app.guard("the solution graded", lambda: code().get("passed") and not code().get("working"), 90)
            app.guard("the exercise marked done in the settings", done, 10)
            if "What the engine's own version does differently" not in app.stdout():
                raise TestFailure(f"a pass does not say what the engine does differently:\n{app.stdout()[-2000:]}")
            display.screenshot(os.path.join(app.workdir, "your-turn-passed.png"))
            app.close_expecting(0, "your-turn")
        finally:
            app.kill()
    print(f"{exercise} from lesson 06's end: the skeleton copied and refused, the solution saved, passed and "
          f"marked done")


def pixel_ink(display, shot, rect, origin):
    """Pixels in rect (window pixels) brighter than 200 in every channel: text's ink."""
    ox, oy = origin
    x, y, x2, y2 = (int(v) for v in rect)
    crop = f"{x2 - x}x{y2 - y}+{ox + x}+{oy + y}"
    out = display.run("convert", shot, "-crop", crop, "+repage", "-fx", "(r>0.78&&g>0.78&&b>0.78)?1:0",
                      "-format", "%[fx:mean*w*h]", "info:").stdout
    return float(out or 0)


def test_feedback(run, args):
    """What a person sees after each action, with a person's pauses: F1 leaves a hint that
    says how to come back, Export names the file it wrote, Diff against shows the Diff tab."""
    with Display() as display:
        app = run.sandbox(display, "feedback", "--lesson", "07", "--language", "zh")
        try:
            app.wait_window()
            wait_steps(app, 0, "the lesson opening")
            app.key("Right")
            wait_steps(app, 1, "step 1")
            time.sleep(0.5)
            display.screenshot(os.path.join(app.workdir, "lesson-zh.png"))
            app.key("F1")
            # The UI map lists the windows ImGui had active the pass before: none once hidden.
            m = app.guard("the hidden overlay's hint, no panels", lambda: (lambda m: m if m.get("visible") is False and
                          m.get("hint") and not m.get("windows") else None)(app.ui_map() or {}), 5)
            time.sleep(0.3)
            shot = os.path.join(app.workdir, "hidden.png")
            display.screenshot(shot)
            ink = pixel_ink(display, shot, m["hint"], app.origin())
            if ink < 50:
                raise TestFailure(f"the hint's rectangle {m['hint']} has no text in it ({ink} light pixels; {shot})")
            time.sleep(0.5)
            app.key("F1")
            app.guard("the panels back", lambda: (app.ui_map() or {}).get("visible") is True and
                      "Inspector" in (app.ui_map() or {}).get("windows", {}), 5)
            time.sleep(0.5)
            # The default export folder does not exist yet: Export makes it.
            shutil.rmtree(os.path.join(app.workdir, "out"))
            app.click("Export")
            time.sleep(0.5)
            app.click("Export snapshot")
            exported = os.path.join(app.workdir, "out", "inspector-snapshot.json")
            # In the lesson's language, Chinese here (assets/text/zh.json: "Wrote {} ({})").
            notice = app.guard("the export's notice", lambda: (app.ui_map() or {}).get("notice", "").startswith("已写入 ")
                               and app.ui_map()["notice"], 5)
            size = os.path.getsize(exported)
            expected = f"已写入 {exported}（{(size + 500) // 1000} KB）"
            if notice != expected:
                raise TestFailure(f"the notice says {notice!r}, expected {expected!r}")
            display.screenshot(os.path.join(app.workdir, "export-notice.png"))
            time.sleep(0.5)
            app.click("Load and compare")
            time.sleep(0.5)
            app.click("Diff against")
            app.guard("the Diff tab", lambda: (app.ui_map() or {}).get("panel") == "Diff", 5)
            time.sleep(0.3)
            display.screenshot(os.path.join(app.workdir, "diff.png"))
            app.close_expecting(0, "feedback")
        finally:
            app.kill()
    print(f"F1: hint with {ink:.0f} light pixels; {expected}; Diff against showed the Diff tab")


def test_timeline(run, args):
    """Lesson 07 to the step where index 0 returns; the history marks the free, the return
    and the lesson steps; [ (key) and << (mouse) go back event by event, ] and >> forward.
    Then, with no lesson holding the engine, a resized window's rebuild (between frames,
    before the requests) is marked too."""
    with Display() as display:
        app = run.sandbox(display, "timeline", "--lesson", "07", "--language", "en")
        try:
            app.wait_window()
            wait_steps(app, 0, "the lesson opening")
            for n in range(1, 7):
                app.key("Right")
                wait_steps(app, n, f"step {n}")
                time.sleep(0.3)
                if n == 5:  # "Why wait": index 0 waits in slot 0's queue, the Deferred tab shows it
                    display.screenshot(os.path.join(app.workdir, "deferred-waiting.png"))
            m = app.guard("markers for the free and the return", lambda: (lambda m: m if any(
                "returned demo[0]" in k["what"] for k in m.get("markers", [])) else None)(app.ui_map() or {}), 10)
            markers = m["markers"]
            live = m["shown_at"]  # history index: records between frames share a frame number
            places = sorted({k["at"] for k in markers})
            kinds = [k["what"] for k in markers]
            for needed in ("allocated demo[0]", "freed demo[0]", "returned demo[0]", "lesson step 4"):
                if not any(needed in k for k in kinds):
                    raise TestFailure(f"no marker for {needed!r}: {kinds}")
            display.screenshot(os.path.join(app.workdir, "timeline-live.png"))
            shown_at = lambda: (app.ui_map() or {}).get("shown_at")
            # Back, event by event: [ with the keyboard, then << with the mouse.
            app.key("bracketleft")
            back = app.guard("[ to go back", lambda: (lambda a: a if a is not None and a < live else None)(shown_at()), 5)
            expected = max(a for a in places if a < live)
            if back != expected:
                raise TestFailure(f"[ went to history {back}, expected the previous marker at {expected} ({places})")
            time.sleep(0.5)
            app.click("<<")
            earlier = app.guard("<< to go back again", lambda: (lambda a: a if a is not None and a < back else None)(
                shown_at()), 5)
            if earlier != max(a for a in places if a < back):
                raise TestFailure(f"<< went to history {earlier}, not to the marker before {back} ({places})")
            # At once after <<, which the pointer rests on (imgui_platform.cpp: a press where
            # the pointer has just arrived waits a frame, or the tab would not take it).
            app.click("tab:Deferred")  # the tab: what waited in the slots at that moment
            app.guard("the Deferred tab", lambda: (app.ui_map() or {}).get("panel") == "Deferred", 5)
            time.sleep(0.6)
            display.screenshot(os.path.join(app.workdir, "timeline-back.png"))
            app.key("bracketright")
            app.guard("] to go forward", lambda: shown_at() == back, 5)
            time.sleep(0.3)
            app.click(">>")
            app.guard(">> to go forward", lambda: (shown_at() or 0) > back, 5)
            frames = [k["frame"] for k in markers]
            if (app.ui_map() or {}).get("engine", {}).get("frame") != m.get("engine", {}).get("frame"):
                raise TestFailure("moving through the history advanced the engine")
            app.close_expecting(0, "the timeline")
        finally:
            app.kill()
        # The engine running freely (no lesson holds it): a window resized by the learner is
        # rebuilt between frames, before the requests; the history still marks it.
        app = run.sandbox(display, "timeline-resize", "--size", "1280x720", "--language", "en")
        try:
            app.wait_window()
            before = app.guard("frames running", lambda: (app.ui_map() or {}).get("engine", {}).get("frame"), 10)
            display.run("xdotool", "windowsize", "--sync", app.window, "1000", "640")
            resized = app.guard("a marker for the rebuild", lambda: next((k for k in (app.ui_map() or {}).get(
                "markers", []) if "surface resized 0" in k["what"]), None), 10)
            if resized["frame"] < before:
                raise TestFailure(f"the rebuild is marked on frame {resized['frame']}, before the resize ({before})")
            time.sleep(0.3)
            display.screenshot(os.path.join(app.workdir, "timeline-resized.png"))
            app.close_expecting(0, "the resized window")
        finally:
            app.kill()
    print(f"markers at history {places} (frames {sorted(set(frames))}); [ went to {back}, << to {earlier}, ] and >> "
          f"came forward; the engine stood still; a free-running window's resize marked on frame {resized['frame']}")


def slot_pixels(display, shot, rect, origin):
    """Pixels in rect (window pixels) in one of the three frame slots' colours (colour_deferred)."""
    ox, oy = origin
    x, y, x2, y2 = (int(v) for v in rect)
    crop = f"{x2 - x}x{y2 - y}+{ox + x}+{oy + y}"
    expr = "+".join(f"(abs(r*255-{r})<6&&abs(g*255-{g})<6&&abs(b*255-{b})<6)"
                    for r, g, b in ((21, 101, 192), (106, 27, 154), (0, 131, 143)))
    out = display.run("convert", shot, "-crop", crop, "+repage", "-fx", f"({expr})?1:0",
                      "-format", "%[fx:mean*w*h]", "info:").stdout
    return float(out or 0)


def test_frame_timeline(run, args):
    """The Fences tab's timeline with GPU-heavy frames: with 1 frame in flight the CPU never
    records while the GPU still runs the previous frame. Dragged to 3, the engine lets it run
    ahead, but in a window on lavapipe Present waits for each frame's rendering (X11
    software presentation), so the timeline shows the CPU held in Present instead (the
    headless run ahead is checked in snapshot_test). Both lanes show frames in their slots'
    colours, and arrows join Signals to waits."""
    with Display() as display:
        app = run.sandbox(display, "frame-timeline", "--gpu-load", "20", "--frames-in-flight", "1")
        try:
            app.wait_window()
            time.sleep(0.5)
            app.click("tab:Fences")
            app.guard("the Fences tab", lambda: (app.ui_map() or {}).get("panel") == "Fences", 5)
            timeline = lambda: (app.ui_map() or {}).get("timeline", {})
            one = app.guard("8 frames on both lanes, 1 in flight", lambda: (lambda t: t if t.get("gpu", 0) >= 6 and
                            (app.ui_map() or {}).get("engine", {}).get("frames_in_flight") == 1 else None)(timeline()), 30)
            if one["ahead"] != 0:
                raise TestFailure(f"1 frame in flight, yet {one['ahead']} frames recorded while the GPU ran the previous one")
            if one["source"] != "timestamps" or one["arrows"] < 4:
                raise TestFailure(f"expected timestamps and arrows for the waits: {one}")
            time.sleep(0.5)
            shot_one = os.path.join(app.workdir, "timeline-1-in-flight.png")
            display.screenshot(shot_one)
            rect = app.guard("the timeline's rectangle", lambda: (app.ui_map() or {}).get("buttons", {}).get("frame timeline"), 5)
            rect = app.scroll_into_view("frame timeline", rect)  # the tab's centre: in view unless the panel is short
            time.sleep(0.5)
            rect = (app.ui_map() or {}).get("buttons", {}).get("frame timeline", rect)
            display.screenshot(shot_one)
            ink_one = slot_pixels(display, shot_one, rect, app.origin())
            if ink_one < 500:
                raise TestFailure(f"the timeline {rect} shows no frames ({ink_one} slot-coloured pixels; {shot_one})")
            # Drag the frames-in-flight slider to its right end, as a person does.
            slider = app.guard("the frames-in-flight slider", lambda: (app.ui_map() or {}).get("buttons", {}).get(
                "frames in flight"), 5)
            ox, oy = app.origin()
            y = oy + (slider[1] + slider[3]) / 2
            display.run("xdotool", "mousemove", str(int(ox + slider[0] + 4)), str(int(y)), "mousedown", "1")
            time.sleep(0.2)
            display.run("xdotool", "mousemove", "--sync", str(int(ox + slider[2] - 2)), str(int(y)))
            time.sleep(0.2)
            display.run("xdotool", "mouseup", "1")
            three = app.guard("3 in flight, Present holding the CPU", lambda: (lambda t: t if t.get("present_ms", 0) > 5 and
                              t.get("gpu", 0) >= 6 and (app.ui_map() or {}).get("engine", {}).get("frames_in_flight") == 3
                              else None)(timeline()), 30)
            time.sleep(0.5)
            shot_three = os.path.join(app.workdir, "timeline-3-in-flight.png")
            display.screenshot(shot_three)
            ink_three = slot_pixels(display, shot_three, rect, app.origin())
            if ink_three < 500:
                raise TestFailure(f"the timeline shows no frames with 3 in flight ({ink_three}; {shot_three})")
            app.close()
            code = app.wait_exit(15)
            if code != 0:
                raise TestFailure(f"exit {code}:\n{app.stderr()[-2000:]}")
        finally:
            app.kill()
    print(f"1 in flight: {one}, {ink_one:.0f} slot pixels; 3 in flight: {three}, {ink_three:.0f} slot pixels")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("test", choices=["lesson", "slow", "layout", "lifecycle", "step-frame", "input-wait", "next-replays", "failure", "glossary", "exercises", "feedback", "handover", "timeline",
                                     "frame-timeline", "your-code", "your-turn"])
    p.add_argument("lesson", nargs="?")
    p.add_argument("language", nargs="?")
    p.add_argument("--exe", required=True)
    p.add_argument("--launcher", help="runs the exe: /usr/lib/wine/wine64 for the Windows build")
    p.add_argument("--lessons", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--mouse", action="store_true")
    p.add_argument("--back-restart", action="store_true")
    p.add_argument("--check-focus", action="store_true")
    p.add_argument("--burst", action="store_true", help="at 0 s, send every key press at once")
    p.add_argument("--languages", default="zh,en", help="lesson: the languages clicked through, in this order")
    p.add_argument("--keep", action="store_true", help="keep --out (screenshots, logs) when the test passes")
    p.add_argument("--load", type=int, default=0, metavar="N",
                   help="N busy processes beside the test (a loaded machine: clicks must still land)")
    args = p.parse_args()
    missing = [t for t in ("Xvfb", "openbox", "xdotool", "wmctrl", "xwininfo", "import", "convert") if not shutil.which(t)]
    if missing:
        print(f"skipped: {', '.join(missing)} not installed (tools/install-deps.sh installs them)")
        return 77
    run = Run(args)
    started = time.monotonic()
    hogs = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(args.load)]
    try:
        {"lesson": test_lesson, "slow": test_slow, "layout": test_layout, "lifecycle": test_lifecycle,
         "step-frame": test_step_frame, "input-wait": test_input_wait, "next-replays": test_next_replays, "failure": test_failure, "glossary": test_glossary, "exercises": test_exercises, "feedback": test_feedback, "handover": test_handover, "timeline": test_timeline,
         "frame-timeline": test_frame_timeline, "your-code": test_your_code,
         "your-turn": test_your_turn}[args.test](run, args)
    except TestFailure as failure:
        print(f"FAILED: {failure}\n(files in {run.out})", file=sys.stderr)
        return 1
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    print(f"passed in {time.monotonic() - started:.1f} s")
    if not args.keep:
        shutil.rmtree(run.out, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
