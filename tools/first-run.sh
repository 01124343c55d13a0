#!/usr/bin/env bash
# What a newcomer's first run without a display shows: lesson 07 (descriptor heaps) played
# to its last step, the inspector drawn over the frame with the tab that step points at in
# front, where a freed index waits in a frame slot's deferred queue for its fence. Writes OUT/frame.png,
# OUT/snapshot.json and OUT/first-run.txt (the lesson's steps as they ran), then says where
# to look. Usage: tools/first-run.sh SANDBOX_EXE OUT [extra xengine-sandbox options]
set -euo pipefail
exe=$1
out=$2
shift 2
mkdir -p "$out"
# --frames 2: the panels settle to their content (one pass to bring the tab forward, one to
# size it) while the last step's frees still wait in their slot.
if ! "$exe" --headless --overlay --lesson 07 --play --frames 2 --language en \
     --snapshot "$out/snapshot.json" --screenshot "$out/frame.png" "$@" >"$out/first-run.txt" 2>&1; then
  cat "$out/first-run.txt" >&2
  exit 1
fi
out_abs=$(cd "$out" && pwd)
cat <<TEXT
No display here, so the sandbox ran headless. Look at:
  $out_abs/frame.png
      lesson 07 (descriptor heaps) at its last step, with the inspector: a descriptor index
      freed but still waiting in a frame slot's deferred queue (a slot-coloured cell, not
      green) until that slot's fence value completes; the plots show the history
  $out_abs/snapshot.json    the same state as JSON (docs/snapshot.md)
  $out_abs/first-run.txt    the lesson's steps as they ran, with their checks
On a machine with a display, open the window and step through the lesson yourself
(→/PgDn next, ←/PgUp back, F1 hides the inspector):
  $exe --lesson 07
TEXT
