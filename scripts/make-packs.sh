#!/usr/bin/env bash
# Rebuilds the shipped packs levels/{easy,medium,hard} (100 levels each) reproducibly:
# the hand-made teaching levels (levels/teaching/*.bloq, kept in the source tree only as
# input) plus generated levels, each pack sorted by the difficulty score of docs/levels.md
# and numbered 001-... in that order. Seeds are fixed, so the result is always the same.
set -euo pipefail
cd "$(dirname "$0")/.."
bloq=.build/release/bloq
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
teaching=$(ls scripts/teaching/*.bloq | wc -l)
# The original game's boards are its author's: never ship one (when the pool is here).
exclude=()
[ -f ../shared/data/original-pool.txt ] && exclude=(--exclude ../shared/data/original-pool.txt)
# Generate all three packs against each other so no puzzle repeats across them: each
# later call sees the earlier output through --data.
mkdir -p "$work/all/levels"
cp scripts/teaching/*.bloq "$work/all/levels/"
for spec in "easy $((100 - teaching)) 101" "medium 100 202" "hard 100 303"; do
  set -- $spec
  "$bloq" generate --difficulty "$1" --count "$2" --seed "$3" --out "$work/$1" --data "$work/all" "${exclude[@]}" >/dev/null
  cp "$work/$1"/*.bloq "$work/all/levels/" 2>/dev/null || true
done
cp scripts/teaching/*.bloq "$work/easy/"
for pack in easy medium hard; do
  rm -rf "levels/$pack"
  mkdir -p "levels/$pack"
  for file in "$work/$pack"/*.bloq; do
    score=$("$bloq" solve --rate "$file" | sed -n 's/^difficulty score \([0-9.]*\):.*/\1/p')
    slug=$(basename "$file" .bloq | sed 's/^[0-9]*-//')
    printf '%08.2f %s %s\n' "$score" "$slug" "$file"
  done | sort | awk '{print $3}' > "$work/$pack.order"
  n=0
  while read -r file; do
    n=$((n + 1))
    slug=$(basename "$file" .bloq | sed 's/^[0-9]*-//')
    cp "$file" "levels/$pack/$(printf '%03d' "$n")-$slug.bloq"
  done < "$work/$pack.order"
  title="$(tr '[:lower:]' '[:upper:]' <<< "${pack:0:1}")${pack:1}"
  printf 'title: %s\n' "$title" > "levels/$pack/pack"
done
"$bloq" validate levels
