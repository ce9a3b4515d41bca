#!/usr/bin/env bash
# `bloq solve` as users call it (a whole process, start-up included) against the naive C
# breadth-first search in bench/naive-bfs.c (boards as strings, a queue, a hash set), on the
# original pool's harder boards (recorded par 10 or more), sampled evenly: a cross-check of
# bloq bench's solve_process_ms and solve_process_vs_naive with hyperfine (make bench builds
# .build/naive-bfs).
set -euo pipefail
cd "$(dirname "$0")/.."
pool=${1:-../shared/data/original-pool.txt}
count=${2:-8}
bloq=.build/release/bloq
naive=.build/naive-bfs
[ -x "$naive" ] || cc -O2 -o "$naive" bench/naive-bfs.c
[ -f "$pool" ] || { echo "no pool at $pool"; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
awk '$1 >= 10 && $1 < 999' "$pool" > "$work/hard.txt"
total=$(wc -l < "$work/hard.txt")
for i in $(seq 0 $((count - 1))); do
  line=$(sed -n "$((i * total / count + 1))p" "$work/hard.txt")
  board=${line#* }
  echo "$board" > "$work/c$i"
  { for r in 0 4 8 12; do echo "${board:$r:4}" | sed 's/./& /g'; done; } > "$work/b$i.bloq"
done
fast=0; slow=0
for i in $(seq 0 $((count - 1))); do
  hyperfine --warmup 1 --runs 5 --export-json "$work/r$i.json" -N \
    "$bloq solve $work/b$i.bloq" "$naive $(cat "$work/c$i")" >/dev/null
  read -r a b < <(python3 -c "import json,sys; r=json.load(open('$work/r$i.json'))['results']; print(r[0]['mean'], r[1]['mean'])")
  optimal=$("$bloq" solve "$work/b$i.bloq" --json | python3 -c "import json,sys; print(json.load(sys.stdin)['optimal'])")
  printf 'board %d (optimum %s): bloq solve %.1f ms, naive %.1f ms, %.0fx\n' "$i" "$optimal" "$(echo "$a*1000" | bc -l)" "$(echo "$b*1000" | bc -l)" "$(echo "$b/$a" | bc -l)"
  fast=$(echo "$fast + $a" | bc -l); slow=$(echo "$slow + $b" | bc -l)
done
printf 'total: bloq solve %.1f ms, naive %.1f ms: %.0fx faster as whole processes\n' "$(echo "$fast*1000" | bc -l)" "$(echo "$slow*1000" | bc -l)" "$(echo "$slow/$fast" | bc -l)"
