#!/usr/bin/env python3
"""Checks the text catalogue (assets/text/*.json) against the code (sandbox/text/text.h).

English is the source language: a text's key is its English form, written in the code as a
"..."_t literal. Every other language's file must translate every key the code uses, keep no
key the code no longer uses, and keep each key's fmt fields ({}, {0}, {:.2f}; a translation
may reorder them). The inspector's ImGui calls must not show a literal of their own.

  text_catalogue.py                 check; print each problem; exit 1 when there is one
  text_catalogue.py --missing LANG  print LANG's missing keys as JSON ("key": ""), to translate
"""
import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TEXT_DIR = ROOT / "assets" / "text"
SOURCES = [ROOT / "sandbox", ROOT / "tools"]
LITERAL = re.compile(r'(?<!operator)"((?:[^"\\\n]|\\.)*)"_t\b')
ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0"}
# ImGui calls whose string arguments a learner reads. A literal there must come from the
# catalogue: only format strings and ids ("%s", "##id") may stand in the code.
UI_CALL = re.compile(r"ImGui::(Text|TextWrapped|TextDisabled|TextColored|TextUnformatted|BulletText|Button|SmallButton|"
                     r"Checkbox|SliderInt|BeginTabItem|CollapsingHeader|SetTooltip|Selectable|RadioButton|BeginCombo|"
                     r"InputTextWithHint|TableSetupColumn|Begin)\(")
UI_FILES = ["sandbox/inspector", "sandbox/lessons/lesson_panel.cpp", "sandbox/app/overlay_imgui.cpp"]


def decode(body):
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        n = body[i + 1]
        if n == "u":
            out.append(chr(int(body[i + 2:i + 6], 16)))
            i += 6
        elif n == "x":
            out.append(chr(int(body[i + 2:i + 4], 16)))
            i += 4
        else:
            out.append(ESCAPES[n])
            i += 2
    return "".join(out)


def source_files():
    for top in SOURCES:
        for path in sorted(top.rglob("*")):
            if path.suffix in (".cpp", ".h") and "/tests/" not in path.as_posix():
                yield path


def without_comments(text):
    """text with // comments blanked (kept the same length, so line numbers hold)."""
    out, i, quote = [], 0, None
    while i < len(text):
        c = text[i]
        if quote:
            out.append(c)
            if c == "\\":
                out.append(text[i + 1])
                i += 2
                continue
            if c == quote:
                quote = None
        elif c in "\"'":
            quote = c
            out.append(c)
        elif text.startswith("//", i):
            end = text.find("\n", i)
            end = len(text) if end < 0 else end
            out.append(" " * (end - i))
            i = end
            continue
        else:
            out.append(c)
        i += 1
    return "".join(out)


def keys_in_code():
    keys = {}
    for path in source_files():
        text = without_comments(path.read_text(encoding="utf-8"))
        for m in LITERAL.finditer(text):
            key = decode(m.group(1))
            line = text.count("\n", 0, m.start()) + 1
            keys.setdefault(key, f"{path.relative_to(ROOT)}:{line}")
    return keys


FIELD = re.compile(r"\{\{|\}\}|\{([0-9]*)(:[^{}]*)?\}")


def fields(text):
    """The fmt fields of text as sorted (index, spec) pairs, or a reason it is not a format."""
    automatic, manual, out = 0, False, []
    for m in FIELD.finditer(text):
        if m.group(0) in ("{{", "}}"):
            continue
        index, spec = m.group(1), m.group(2) or ""
        if index == "":
            if manual:
                return "mixes {} and {N}"
            index, automatic = automatic, automatic + 1
        else:
            if automatic:
                return "mixes {} and {N}"
            manual, index = True, int(index)
        out.append((int(index), spec))
    return sorted(set(out))


def hard_coded_ui_text():
    problems = []
    for name in UI_FILES:
        base = ROOT / name
        for path in ([base] if base.is_file() else sorted(base.glob("*.cpp"))):
            lines = path.read_text(encoding="utf-8").splitlines()
            for number, line in enumerate(lines, 1):
                m = UI_CALL.search(line)
                if not m:
                    continue
                call = line[m.end():]
                for literal in re.finditer(r'"((?:[^"\\]|\\.)*)"(?!_t)', call):
                    body = literal.group(1)
                    visible = re.split(r"##", body)[0]
                    visible = re.sub(r"%[-0-9.]*(?:zu|llu|lu|[sudfx])", "", visible)
                    visible = re.sub(r"\b\w*_\w*\b", "", visible)  # code names (D3D12_RESOURCE_STATE_)
                    if re.search(r"[A-Za-z]{2,}", visible):
                        problems.append(f"{path.relative_to(ROOT)}:{number}: {m.group(1)} shows \"{body}\": "
                                        "take the text from the catalogue (\"...\"_t)")
    return problems


def main():
    code = keys_in_code()
    files = sorted(TEXT_DIR.glob("*.json"))
    problems = []
    catalogues = {}
    for path in files:
        doc = json.loads(path.read_text(encoding="utf-8"))
        about = doc.get("language", {})
        lang = about.get("code")
        if not lang or not about.get("name") or not isinstance(about.get("order"), int):
            problems.append(f"{path.name}: 'language' needs a code, a name and an order")
            continue
        if path.stem != lang:
            problems.append(f"{path.name}: its language code is '{lang}'; name the file {lang}.json")
        catalogues[lang] = doc.get("texts", {})
    if "en" in catalogues and catalogues["en"]:
        problems.append("en.json: English is the source language: its texts are the keys, so 'texts' stays empty")
    for key, where in sorted(code.items()):
        f = fields(key)
        if isinstance(f, str):
            problems.append(f"{where}: the key \"{key}\" {f}")
    if len(sys.argv) == 3 and sys.argv[1] == "--missing":
        texts = catalogues.get(sys.argv[2], {})
        print(json.dumps({k: "" for k in sorted(code) if k not in texts}, ensure_ascii=False, indent=2))
        return 0
    for lang, texts in sorted(catalogues.items()):
        if lang == "en":
            continue
        for key, where in sorted(code.items()):
            if key not in texts:
                problems.append(f"{lang}.json lacks \"{key}\" (used at {where})")
                continue
            want, got = fields(key), fields(texts[key])
            if isinstance(got, str):
                problems.append(f"{lang}.json: \"{key}\": its translation {got}")
            elif not isinstance(want, str) and want != got:
                problems.append(f"{lang}.json: \"{key}\": the translation's fields {got} are not the key's {want}")
            if not texts[key].strip():
                problems.append(f"{lang}.json: \"{key}\" is translated as nothing")
        for key in sorted(texts):
            if key not in code:
                problems.append(f"{lang}.json: \"{key}\" is used nowhere in the code (remove it)")
    problems += hard_coded_ui_text()
    for p in problems:
        print(p)
    print(f"{len(code)} keys in the code, {len(catalogues)} languages ({', '.join(sorted(catalogues))}), "
          f"{len(problems)} problem(s)", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
