#!/usr/bin/env bash
# Runs the README's test command as on a machine with Node and npm but without the system tools
# some tests drive (Chromium, GNU parallel, poppler's pdftoppm): a PATH holding everything else,
# and a CHROMIUM_PATH that points at nothing. Those tests must be skipped, each with a line naming
# its tool, and the run must pass and end with a summary of what was skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
hidden=' chromium chromium-browser parallel pdftoppm '
IFS=: read -ra dirs <<< "$PATH"
for dir in "${dirs[@]}"; do
  [ -d "$dir" ] || continue
  for path in "$dir"/*; do
    name="$(basename "$path")"
    case "$hidden" in *" $name "*) continue ;; esac
    [ -e "$bin/$name" ] || ln -s "$path" "$bin/$name"
  done
done
PATH="$bin" CHROMIUM_PATH=/nonexistent/chromium SUDOKU_PRESS_REQUIRE_TOOLS= npm test "$@"
