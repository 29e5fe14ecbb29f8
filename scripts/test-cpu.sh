#!/usr/bin/env bash
# Runs the README's test command (or, with arguments, those test files after the build) and then
# lists the test files by the CPU seconds they cost: their worker's own and that of the processes
# they started (CLI runs, Chromium, npm), from /proc (Linux). On a shared machine wall times say
# little; CPU seconds are what a file costs whoever else is running. The suite's budget: README.
#   scripts/test-cpu.sh                      # the whole suite, then the table
#   scripts/test-cpu.sh test/package.test.ts # one file (after the build)
# A whole run (no arguments, all passing) also writes test/file-weights.json, the costs the test
# files are started by, costliest first (test/helpers/file-order.ts): commit it when it has moved.
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
SUDOKU_PRESS_CPU_LOG="$log" npm test -- "$@" || status=$?
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l)).filter((r) => r.test === undefined);
rows.sort((a, b) => b.own + b.children - (a.own + a.children));
const total = rows.reduce((s, r) => s + r.own + r.children, 0);
console.log(`\nCPU seconds by test file (own + started processes; wall under this run\x27s load):`);
for (const r of rows) console.log(`${(r.own + r.children).toFixed(1).padStart(7)} = ${r.own.toFixed(1).padStart(6)} + ${r.children.toFixed(1).padStart(6)}  ${String(r.wall).padStart(6)} s  ${r.file}`);
console.log(`${total.toFixed(1).padStart(7)}  in ${rows.length} files (the build and vitest\x27s own process not counted)`);
if (process.argv[2] === "weights") {
  const weights = Object.fromEntries(rows.map((r) => [r.file, +(r.own + r.children).toFixed(1)]));
  require("fs").writeFileSync("test/file-weights.json", `${JSON.stringify(weights, null, 2)}\n`);
  console.log("wrote test/file-weights.json");
}
' "$log" "$([ "$#" -eq 0 ] && [ "$status" -eq 0 ] && echo weights)"
exit "$status"
