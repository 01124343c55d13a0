#!/usr/bin/env bash
# Installs what is missing, builds the default preset, and runs the sandbox: in a window
# when a display is available; otherwise headless, printing a frame summary and writing
# out/snapshot.json and out/frame.png. Extra arguments go to xengine-sandbox,
# e.g. tools/run.sh --frames 300
set -euo pipefail
cd "$(dirname "$0")/.."
tools/install-deps.sh
cmake --preset default >/dev/null
cmake --build --preset default -j"$(nproc)"
mkdir -p out
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
  exec build/bin/xengine-sandbox --headless --snapshot out/snapshot.json --screenshot out/frame.png "$@"
fi
exec build/bin/xengine-sandbox "$@"
