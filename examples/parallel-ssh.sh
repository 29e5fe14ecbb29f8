#!/usr/bin/env bash
# The same as parallel-local.sh, spread over machines reachable by ssh (GNU parallel's --sshlogin).
# Every host needs Node 20 and sudoku-press (npm install -g sudoku-press). Each shard's file is
# brought back here (--return) and removed there (--cleanup); the merge happens here.
#
#   HOSTS=8/alice@box1,8/box2,: COUNT=1000000 SHARDS=64 SEED=site-2026 LEVEL=extreme ./examples/parallel-ssh.sh
# (`8/box2` runs up to 8 shards at once on box2; `:` is this machine.)
set -euo pipefail
HOSTS=${HOSTS:?set HOSTS, e.g. 4/host1,4/host2}
COUNT=${COUNT:-100000}
SHARDS=${SHARDS:-16}
SEED=${SEED:-example}
LEVEL=${LEVEL:-hard}
OUT=${OUT:-out/puzzles}

mkdir -p "$OUT"
cd "$OUT"
# A shard already brought back is skipped. On a host, --resume lets a shard that was stopped go
# on when it is run there again (its .part file stays on that host until the shard completes).
# --retries 3: a shard whose host failed is tried again (on any host).
seq 1 "$SHARDS" | parallel --will-cite --sshlogin "$HOSTS" --retries 3 \
  --return part-{}.txt --cleanup --filter-hosts \
  "test -e part-{}.txt || sudoku-press generate -n $COUNT -d $LEVEL --seed $SEED -j 1 --shard {}/$SHARDS --resume -o part-{}.txt"

for k in $(seq 1 "$SHARDS"); do cat "part-$k.txt"; done > all.txt.tmp
mv all.txt.tmp all.txt
echo "$OUT/all.txt: $(wc -l < all.txt) puzzles" >&2
