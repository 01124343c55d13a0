#!/usr/bin/env python3
"""The include and access rules docs/ARCHITECTURE.md describes, checked on the source tree.

- Only the public entry points take the running core (running_core()): renderer.h's in
  d3d12_core.cpp, lab.h's in lab/lab_api.cpp, d3d12_frame.h's in d3d12_immediate.cpp, the
  observer's in d3d12_observer.cpp (and the engine's tests, through engine_access.h).
  Everything below them is handed core_state as a parameter.
- Modules under the core (command, heaps, surfaces, swap chains, textures, upload ring,
  pipelines, tracker, deferred release) never include d3d12_core_state.h.
- In the sandbox, app/ is the top: nothing else includes it (but main.cpp, the tests and
  the tools that drive the app).
Prints each breach with its file and line; exit 1 when there is one.
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
engine = root / "engine"

running_core_callers = {
    "engine/graphics/d3d12/d3d12_core.cpp",
    "engine/graphics/d3d12/lab/lab_api.cpp",
    "engine/graphics/d3d12/d3d12_immediate.cpp",
    "engine/graphics/d3d12/d3d12_observer.cpp",
    "engine/tests/support/engine_access.h",
}
core_state_includers = running_core_callers | {
    "engine/graphics/d3d12/d3d12_core_state.h",
    "engine/graphics/d3d12/lab/lab_experiments.h",
}
core_state_includers_prefix = ("engine/graphics/d3d12/lab/",)

breaches = []
for path in sorted(list(engine.rglob("*.cpp")) + list(engine.rglob("*.h"))):
    rel = path.relative_to(root).as_posix()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        code = line.split("//", 1)[0]
        if re.search(r"\brunning_core\s*\(", code) and rel not in running_core_callers and \
                not rel.endswith("d3d12_core_state.h"):
            breaches.append(f"{rel}:{number}: running_core() outside a public entry point; hand core_state down")
        if re.search(r'#include\s+"graphics/d3d12/d3d12_core_state\.h"', code) and \
                rel not in core_state_includers and not rel.startswith(core_state_includers_prefix):
            breaches.append(f"{rel}:{number}: includes d3d12_core_state.h; a module under the core is given what it uses")

sandbox = root / "sandbox"
for path in sorted(list(sandbox.rglob("*.cpp")) + list(sandbox.rglob("*.h"))):
    rel = path.relative_to(root).as_posix()
    if rel.startswith(("sandbox/app/", "sandbox/tests/")) or rel == "sandbox/main.cpp":
        continue
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if re.match(r'\s*#include\s+"app/', line):
            breaches.append(f"{rel}:{number}: includes app/ from below it; move what it needs down")

for breach in breaches:
    print(breach)
sys.exit(1 if breaches else 0)
