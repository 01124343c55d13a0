#!/usr/bin/env python3
"""Checks that every lesson step's text names what its screen shows (test ui.text_on_screen).

Runs the sandbox's --ui-tour in a window (a display is needed: the tests' Xvfb) for each
language and window size asked, then reads each step's UI map and the lesson files:

- every {ui:KEY} a step's text names (its title and text after it runs; the next step's
  prediction and exercise task before) is on screen at that step: in the map's names (or a
  panel of that name), wholly inside what its windows show, its text not cut, and shown as
  the catalogue has it in the language of the run;
- a step whose text names inspector tabs shows one of them;
- the lesson text names no control, panel or field in English where it should use {ui:KEY}
  (the names are those the maps list, so a new control joins the check by being drawn);
- in a Chinese run, no English sentence of the catalogue is on screen (the map's texts: all
  the panels draw), outside the Log panel's process log and the engine messages a measured
  line quotes, which stay English by design.

  ui_tour_check.py --exe BIN --lessons DIR [--run LANG:WxH ...] [-j N] [--keep DIR]
"""
import argparse
import concurrent.futures
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
INSPECTOR_TABS = {"Heaps", "Deferred", "Fences", "Surfaces", "Resources", "Log", "Adapter", "Diff"}
UI_REF = re.compile(r"\{ui:([^}]*)\}")
DEFAULT_RUNS = ["zh:1280x720", "en:1280x720", "en:1920x1080", "en:1000x700", "en:800x600", "zh:800x600",
                "pt:1280x720", "pt:800x600"]
LANGUAGE_NAMES = {"zh": "Chinese", "pt": "Portuguese"}
TOUR_TIMEOUT = 900  # seconds for every lesson in one run, on a loaded machine


def catalogue(lang):
    if lang == "en":
        return {}
    return json.loads((ROOT / "assets" / "text" / f"{lang}.json").read_text(encoding="utf-8"))["texts"]


def shown_as(texts, key):
    return texts.get(key, key)


def step_texts(step, lang):
    """(texts shown after the step runs, texts shown while it is next)."""
    after = [step["title"][lang], step["text"][lang]]
    before = []
    if "predict" in step:
        before.append(step["predict"]["question"][lang])
        before += [c["label"][lang] for c in step["predict"]["choices"] if isinstance(c, dict) and "label" in c]
    if "exercise" in step:
        before.append(step["exercise"]["task"][lang])
    return after, before


def refs(texts):
    return [k for t in texts for k in UI_REF.findall(t)]


def tour(exe, lessons, lang, size, out):
    env = dict(os.environ)
    home = tempfile.mkdtemp(prefix="xe-tour-home-")
    env.update(XDG_CONFIG_HOME=home, XDG_DATA_HOME=home, XDG_STATE_HOME=home)
    cmd = [exe, "--lesson", "all", "--lessons", str(lessons), "--language", lang, "--size", size, "--ui-tour", out]
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=TOUR_TIMEOUT)
    except subprocess.TimeoutExpired:
        return f"{lang} {size}: the tour did not end within {TOUR_TIMEOUT} s: {' '.join(cmd)}"
    if p.returncode != 0:
        return f"{lang} {size}: the tour failed (exit {p.returncode}): {' '.join(cmd)}\n{p.stderr[-2000:]}"
    return None


def inside(rect, visible):
    x0, y0, x1, y1 = rect
    v0, w0, v1, w1 = visible
    return x0 >= v0 - 1 and y0 >= w0 - 1 and x1 <= v1 + 1 and y1 <= w1 + 1


def check_ref(m, key, lang, texts):
    name = m.get("names", {}).get(key)
    if name is None:
        if key in m.get("windows", {}):
            return None
        return "is not on screen"
    want = shown_as(texts, key)
    if name["shown"] != want:
        return f"shows as {name['shown']!r}, not {want!r}"
    if not inside(name["rect"], name["visible"]):
        return f"is cut off or out of view (at {name['rect']}, its panel shows {name['visible']})"
    if not name["fits"]:
        return f"is too narrow for its text {want!r} (cut)"
    return None


def english_phrases(texts):
    """The catalogue's English texts with a translation: phrases of two words or more between
    fmt fields, which a Chinese screen must not show."""
    out = set()
    for key, value in texts.items():
        if value == key:
            continue
        for part in re.split(r"\{[^}]*\}", key):
            words = re.findall(r"[A-Za-z]+(?:'[a-z]+)?", part)
            phrase = part.strip(" :;,.()").strip()
            if len(words) >= 2 and re.fullmatch(r"[A-Za-z' ,]+", phrase):
                out.add(phrase)
    return out


def on_screen(line):
    """A drawn line as the catalogue wrote it: not the process log ("[12:00:01.5] [info] ..."),
    which stays English by design, nor an engine message a measured line ("· ...") quotes
    after its colon, nor the object names that start a table row ("| surface 0 depth buffer |")."""
    if line.startswith("["):
        return ""
    if line.startswith("|"):
        return "|".join(line.split("|")[2:])
    if line.lstrip().startswith("\u00b7"):
        return re.split(r"：|: ", line, maxsplit=1)[0]
    return line


def check_run(lessons_dir, lessons, tour_dir, lang, size, all_names, problems):
    texts = catalogue(lang)
    where = f"{lang} {size}"
    steps_checked = refs_checked = 0
    phrases = set()
    if lang != "en":
        # An English phrase the language itself uses (a D3D12 name the Portuguese keeps:
        # "swap chain", "back buffer") is not a missed translation.
        own = list(texts.values()) + [t for _, doc in lessons for s in doc["steps"] for t in sum(step_texts(s, lang), [])]
        phrases = {p for p in english_phrases(texts) if not any(p in t for t in own)}
        # The language's own labels are taken off the screen first: drawn side by side
        # ("x: frame" beside "slot de frame 0") their words must not join into an English phrase.
        own_parts = sorted({part.strip() for v in texts.values() for part in re.split(r"\{[^}]*\}", v)
                            if len(part.split()) >= 2}, key=len, reverse=True)
    for lesson_id, doc in lessons:
        folder = tour_dir / lesson_id
        steps = doc["steps"]
        for done in range(len(steps) + 1):
            path = folder / f"{done:02}.json"
            if not path.exists():
                problems.append(f"{where}: {lesson_id}: no UI map for step {done}")
                break
            m = json.loads(path.read_text(encoding="utf-8"))
            # The compact layout's other tabs, as the learner clicks them: a name on any is on screen.
            views = [m] + [json.loads(v.read_text(encoding="utf-8"))
                           for v in (folder / f"{done:02}-inspector.json", folder / f"{done:02}-controls.json")
                           if v.exists()]
            inspector = views[1] if len(views) > 1 else m
            for v in views:
                all_names.update(v.get("names", {}).keys())
            shown_here = []  # (what, texts)
            if done == 0:
                shown_here.append(("summary", [doc["summary"][lang]]))
            else:
                after, _ = step_texts(steps[done - 1], lang)
                shown_here.append((f"step {done}", after))
            if done < len(steps):
                _, before = step_texts(steps[done], lang)
                shown_here.append((f"step {done + 1} (before it runs)", before))
            steps_checked += 1
            for what, shown_texts in shown_here:
                keys = refs(shown_texts)
                for key in keys:
                    refs_checked += 1
                    why = [check_ref(v, key, lang, texts) for v in views]
                    if all(why):
                        seen = [w for w in why if w != "is not on screen"]
                        problems.append(f"{where}: {lesson_id} {what}: {{ui:{key}}} {(seen or why)[0]}")
                tabs = [k for k in keys if k in INSPECTOR_TABS]
                if tabs and what.startswith("step") and "before" not in what and inspector.get("panel") not in tabs:
                    problems.append(f"{where}: {lesson_id} {what}: the text names the {', '.join(tabs)} tab but "
                                    f"the inspector shows {inspector.get('panel')}")
            # The inspector is where the step's focus says: its heap, its Resources row.
            if done > 0 and (focus := steps[done - 1].get("focus")):
                shown = {k for v in views for k in v.get("buttons", {})}
                if focus["panel"] == "Heaps" and focus.get("heap") and f"heap shown:{focus['heap']}" not in shown:
                    problems.append(f"{where}: {lesson_id} step {done}: the focus is heap {focus['heap']!r} but "
                                    f"the Heaps panel shows {sorted(k[11:] for k in shown if k.startswith('heap shown:'))}")
                if focus.get("resource") and "resource row" not in shown:
                    problems.append(f"{where}: {lesson_id} step {done}: the focus is resource {focus['resource']!r} "
                                    f"but no Resources row is highlighted")
            if phrases:
                screen = "\n".join(on_screen(line) for v in views for line in v.get("texts", []))
                for part in own_parts:
                    screen = screen.replace(part, " | ")
                for phrase in sorted(phrases):
                    if re.search(r"(?<![A-Za-z_])" + re.escape(phrase) + r"(?![A-Za-z_])", screen):
                        problems.append(f"{where}: {lesson_id} step {done}: English on a "
                                        f"{LANGUAGE_NAMES.get(lang, lang)} screen: {phrase!r}")
    return steps_checked, refs_checked


def bare_names(lessons, names, problems):
    """Text that names a control, panel or field in plain words instead of by {ui:KEY}. A name
    of several words with a capital ("Step one frame") is flagged anywhere; one that is also an
    ordinary word (one word, or all lower case: "Windows", "frames in flight") only where the
    text treats it as a control: next to section, panel, tab, button, press..."""
    en_context = (r"(?:\b(?:press|click|tick|untick|drag|the)\s+{n}\s+(?:section|panel|tab|button|slider|checkbox|"
                  r"column|field|line)\b|\b(?:press|click|tick|untick)\s+{n}(?![A-Za-z_]))")
    zh_context = r"(?:{n}\s*(?:一节|面板|标签|按钮|滑块|复选框|这一列|列|一行)|(?:按|点|点击|勾选)\s*{n})"
    pt_context = (r"(?:\b(?:seção|painel|aba|botão|controle|caixa|coluna|campo|linha)\s+(?:de\s+|do\s+|da\s+)?{n}\b|"
                  r"\b(?:pressione|clique\s+em|clique|marque|desmarque|arraste)\s+(?:o\s+|a\s+|os\s+|as\s+)?{n}(?![A-Za-z_]))")
    contexts = {"zh": zh_context, "en": en_context, "pt": pt_context}
    candidates = [n for n in names if len(n) >= 3 and re.search(r"[A-Za-z]", n)]
    for lesson_id, doc in lessons:
        for i, step in enumerate(doc["steps"], 1):
            for lang in [code for code in contexts if code in step["title"]]:
                after, before = step_texts(step, lang)
                for t in after + before:
                    plain = UI_REF.sub(" ", t)
                    for n in sorted(candidates, key=len, reverse=True):
                        word = re.escape(n)
                        ordinary = " " not in n or n == n.lower()
                        if ordinary:
                            pattern = contexts[lang].replace("{n}", word)
                            hit = re.search(pattern, plain, flags=0 if lang == "zh" else re.IGNORECASE)
                        else:
                            hit = re.search(r"(?<![A-Za-z_])" + word + r"(?![A-Za-z_(])", plain)
                        if hit:
                            problems.append(f"{lesson_id} step {i} ({lang}): names {n!r} without {{ui:{n}}}: "
                                            f"...{plain[max(0, hit.start() - 30):hit.end() + 30]}...")
                            break


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--exe", required=True)
    ap.add_argument("--lessons", default=str(ROOT / "lessons"))
    ap.add_argument("--run", action="append", help="LANG:WxH (default: %s)" % " ".join(DEFAULT_RUNS))
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--keep", help="keep the tours' UI maps under this folder")
    args = ap.parse_args()
    if not os.environ.get("DISPLAY"):
        print("ui_tour_check: no DISPLAY: the tour maps a real window (run under the tests' Xvfb)", file=sys.stderr)
        return 2
    runs = [r.split(":") for r in (args.run or DEFAULT_RUNS)]
    lessons_dir = pathlib.Path(args.lessons)
    lessons = [(p.stem, json.loads(p.read_text(encoding="utf-8")))
               for p in sorted(lessons_dir.glob("[0-9]*.json"))]
    base = pathlib.Path(args.keep or tempfile.mkdtemp(prefix="xe-tour-"))
    problems = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.j) as pool:
        jobs = {pool.submit(tour, args.exe, lessons_dir, lang, size, str(base / f"{lang}-{size}")): (lang, size)
                for lang, size in runs}
        for job in concurrent.futures.as_completed(jobs):
            if err := job.result():
                problems.append(err)
    if problems:
        print("\n".join(problems))
        return 1
    names = set()
    total_steps = total_refs = 0
    for lang, size in runs:
        s, r = check_run(lessons_dir, lessons, base / f"{lang}-{size}", lang, size, names, problems)
        total_steps += s
        total_refs += r
    bare_names(lessons, names, problems)
    for p in problems:
        print(p)
    print(f"ui_tour_check: {len(runs)} runs, {total_steps} step screens, {total_refs} named references: "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
