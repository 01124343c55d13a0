#!/usr/bin/env bash
# Fails when a C++ file git tracks differs from what clang-format makes of it
# (.clang-format: the code's own style), naming the files. --fix rewrites them instead.
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.h')
if [ "${1:-}" = "--fix" ]; then
  exec clang-format -i "${files[@]}"
fi
if ! out=$(clang-format --dry-run --Werror "${files[@]}" 2>&1); then
  printf 'not formatted (tools/check-format.sh --fix rewrites them):\n' >&2
  grep -oE '^[^:]+\.(cpp|h):' <<<"$out" | sort -u | sed 's/:$//; s/^/  /' >&2
  exit 1
fi
