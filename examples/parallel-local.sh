#!/usr/bin/env bash
# Make COUNT puzzles in SHARDS pieces on this machine with GNU parallel, then merge them.
# Each shard is resumable: run the script again after an interruption and it goes on where it
# stopped (finished shards are skipped, unfinished ones continue from their .part file).
# The merged file is byte for byte what one `sudoku-press generate` run with the same options writes.
#
#   COUNT=10000 SHARDS=8 SEED=book-1 LEVEL=hard OUT=out/hard ./examples/parallel-local.sh
set -euo pipefail
COUNT=${COUNT:-1000}
SHARDS=${SHARDS:-4}
SEED=${SEED:-example}
LEVEL=${LEVEL:-medium}
OUT=${OUT:-out/puzzles}
SUDOKU_PRESS=${SUDOKU_PRESS:-npx sudoku-press}   # or: node dist/cli/main.js

mkdir -p "$OUT"
# One thread per shard (-j 1): parallel runs as many shards at once as there are cores.
# A shard whose file exists is done; `|| true` keeps it from stopping the others.
seq 1 "$SHARDS" | parallel --will-cite --halt soon,fail=1 \
  "test -e $OUT/part-{}.txt || $SUDOKU_PRESS generate -n $COUNT -d $LEVEL --seed $SEED -j 1 --shard {}/$SHARDS --resume -o $OUT/part-{}.txt"

# Merge: the shards in order (1, 2, ..., not the shell's 1, 10, 11, 2 ...).
for k in $(seq 1 "$SHARDS"); do cat "$OUT/part-$k.txt"; done > "$OUT/all.txt.tmp"
mv "$OUT/all.txt.tmp" "$OUT/all.txt"
echo "$OUT/all.txt: $(wc -l < "$OUT/all.txt") puzzles" >&2
