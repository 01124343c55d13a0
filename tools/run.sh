#!/usr/bin/env bash
# Installs what is missing, builds the sandbox (the run preset, into build-run/), and runs the
# sandbox: in a window when a display is available; otherwise headless: with no arguments,
# lesson 07 played with the inspector drawn into out/frame.png and where to look printed
# (tools/first-run.sh); with arguments, those, writing out/snapshot.json and out/frame.png,
# e.g. tools/run.sh --frames 300
set -euo pipefail
cd "$(dirname "$0")/.."
# Only what building and running need: no test tools, no Windows cross build (tools/test.sh
# installs those), so a fresh machine reaches its first picture sooner.
tools/install-deps.sh --run
cmake --preset run >/dev/null
# The run preset builds the sandbox and the grading worker its --exercise starts, with
# Debug's asserts at -Og, no debug info and precompiled headers (CMakePresets.json).
cmake --build --preset run -j"$(nproc)"
exe=build-run/bin/xengine-sandbox
mkdir -p out
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  # No arguments: the first-run picture (tools/first-run.sh). With arguments: those.
  [ $# -eq 0 ] && exec tools/first-run.sh "$exe" out
  exec "$exe" --headless --snapshot out/snapshot.json --screenshot out/frame.png "$@"
fi
exec "$exe" "$@"
