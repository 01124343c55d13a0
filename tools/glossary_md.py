#!/usr/bin/env python3
"""docs/glossary.md from lessons/glossary.json (and lessons/wiki-sections.json for the
section titles): the glossary the sandbox's Glossary panel shows, as one page.

  glossary_md.py            rewrite docs/glossary.md
  glossary_md.py --check    exit 1, naming the first differing line, when it is out of date
"""
import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCE = os.path.join(ROOT, "lessons", "glossary.json")
SECTIONS = os.path.join(ROOT, "lessons", "wiki-sections.json")
TARGET = os.path.join(ROOT, "docs", "glossary.md")
LANGUAGES = ("en", "zh", "pt")


def render():
    with open(SOURCE, encoding="utf-8") as f:
        terms = json.load(f)["terms"]
    with open(SECTIONS, encoding="utf-8") as f:
        sections = {s["id"]: s["title"] for s in json.load(f)["sections"]}
    names = {t["id"]: t["term"] for t in terms}
    out = ["# Glossary · 术语表 · Glossário", "",
           "Every term the lessons use, in Chinese, English and Portuguese. Generated from "
           "[lessons/glossary.json](../lessons/glossary.json) by `tools/glossary_md.py` (a test checks "
           "it is up to date); the sandbox shows the same entries in its Glossary panel, where a "
           "term named in a step's text opens its entry.", "",
           "本页列出课程用到的每个术语（中英对照），由 lessons/glossary.json 生成；沙盒的“术语表”面板显示同样的内容。", "",
           "Todos os termos usados nas lições, em chinês, inglês e português, gerados a partir de "
           "lessons/glossary.json; o painel Glossário do sandbox mostra as mesmas entradas.", ""]
    out.append(" · ".join(f"[{t['term']['en']}](#{t['id']})" for t in terms))
    out.append("")
    for t in terms:
        spelt = []  # the term in each language, each name once
        for lang in LANGUAGES:
            if t["term"][lang] not in spelt:
                spelt.append(t["term"][lang])
        out.append(f'<a id="{t["id"]}"></a>')
        out.append("## " + " · ".join(spelt))
        out.append("")
        for lang in LANGUAGES:
            out.append(t["definition"][lang])
            out.append("")
        also = t.get("also", {})
        spellings = [s for lang in LANGUAGES for s in also.get(lang, [])] + [f"`{c}`" for c in also.get("code", [])]
        if spellings:
            out.append("Also written · 又作 · Também: " + ", ".join(spellings))
            out.append("")
        if t.get("see"):
            out.append("See · 参见 · Veja: " + ", ".join(
                f"[{' · '.join(dict.fromkeys(names[s][lang] for lang in LANGUAGES))}](#{s})" for s in t["see"]))
            out.append("")
        if t.get("wiki"):
            cites = []
            for w in t["wiki"]:
                title = sections[w]
                named = f"{title['en']} ({title['zh']}; {title['pt']})"
                cites.append(f"{w} {named}" if w[0].isdigit() else named)
            out.append("Wiki: " + "; ".join(cites))
            out.append("")
    return "\n".join(out)


def main():
    text = render()
    if sys.argv[1:] == ["--check"]:
        try:
            with open(TARGET, encoding="utf-8") as f:
                current = f.read()
        except OSError as e:
            print(f"docs/glossary.md: {e}; run tools/glossary_md.py", file=sys.stderr)
            return 1
        if current != text:
            want, have = text.splitlines(), current.splitlines()
            for i in range(max(len(want), len(have))):
                a = want[i] if i < len(want) else "<end>"
                b = have[i] if i < len(have) else "<end>"
                if a != b:
                    print(f"docs/glossary.md is out of date with lessons/glossary.json at line {i + 1}:\n"
                          f"  generated: {a}\n  in file:   {b}\nrun tools/glossary_md.py", file=sys.stderr)
                    break
            return 1
        print(f"docs/glossary.md matches lessons/glossary.json")
        return 0
    with open(TARGET, "w", encoding="utf-8") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
