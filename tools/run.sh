#!/usr/bin/env bash
# Installs what is missing, builds the sandbox (default preset), and runs the sandbox: in a window
# when a display is available; otherwise headless: with no arguments, lesson 07 played with
# the inspector drawn into out/frame.png and where to look printed (tools/first-run.sh);
# with arguments, those, writing out/snapshot.json and out/frame.png,
# e.g. tools/run.sh --frames 300
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake --preset default >/dev/null
# Only what running needs: the sandbox and the grading worker its --exercise starts (the
# tests and benchmarks are tools/test.sh's).
cmake --build --preset default -j"$(nproc)" --target xengine-sandbox xengine-grade
mkdir -p out
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  # No arguments: the first-run picture (tools/first-run.sh). With arguments: those.
  [ $# -eq 0 ] && exec tools/first-run.sh build/bin/xengine-sandbox out
  exec build/bin/xengine-sandbox --headless --snapshot out/snapshot.json --screenshot out/frame.png "$@"
fi
exec build/bin/xengine-sandbox "$@"
