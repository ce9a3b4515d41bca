#!/usr/bin/env bash
# Rebuilds levels/expert (100 levels) reproducibly from fixed seeds: 50 5x5 and 50 6x6
# expert boards (walls, sparse blocks, five or six colours; docs/levels.md), none the same
# puzzle as a level of the other packs or of each other, sorted by optimal length, then by
# the difficulty score, and numbered 001-... in that order. The other packs must be in
# place (scripts/make-packs.sh). Run with a release build present; it takes about half an
# hour on one core (the solver rates every opening move of every candidate).
set -euo pipefail
cd "$(dirname "$0")/.."
bloq=${BLOQ:-.build/release/bloq}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
exclude=()
[ -f ../shared/data/original-pool.txt ] && exclude=(--exclude ../shared/data/original-pool.txt)
# Everything already shipped is excluded through --data; the second size also sees the first.
mkdir -p "$work/all/levels"
cp -r levels/easy levels/medium levels/hard "$work/all/levels/"
for spec in "5x5 404" "6x6 505"; do
  set -- $spec
  "$bloq" generate --difficulty expert --size "$1" --count 50 --seed "$2" --out "$work/$1" --data "$work/all" \
    --max-states 400000000 "${exclude[@]}" >/dev/null
  mkdir -p "$work/all/levels/expert-$1"
  cp "$work/$1"/*.bloq "$work/all/levels/expert-$1/"
done
for file in "$work"/5x5/*.bloq "$work"/6x6/*.bloq; do
  line=$("$bloq" solve --rate "$file" | sed -n 's/^difficulty score \([0-9.]*\): \([0-9]*\) moves.*/\2 \1/p')
  set -- $line
  slug=$(basename "$file" .bloq | sed 's/^[0-9]*-//')
  printf '%03d %08.2f %s %s\n' "$1" "$2" "$slug" "$file"
done | sort | awk '{print $4}' > "$work/expert.order"
rm -rf levels/expert
mkdir -p levels/expert
n=0
while read -r file; do
  n=$((n + 1))
  slug=$(basename "$file" .bloq | sed 's/^[0-9]*-//')
  cp "$file" "levels/expert/$(printf '%03d' "$n")-$slug.bloq"
done < "$work/expert.order"
printf 'title: Expert\n' > levels/expert/pack
"$bloq" validate levels/expert
