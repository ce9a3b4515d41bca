#!/usr/bin/env bash
# Rebuilds levels/expert (100 levels) reproducibly from fixed seeds: 50 5x5 and 50 6x6
# expert boards (walls, sparse blocks, five or six colours; docs/levels.md), none the same
# puzzle as a level of the other packs or of each other, sorted by optimal length, then by
# the difficulty score, and numbered 001-... in that order. The pack rises in length: each
# size gets a fixed number of levels of each optimal length from 10 to 15 (LENGTHS below),
# each length made by its own run (bloq generate --moves N) with the seed 100 x the size's
# seed + N (5x5: 404, so 40410 to 40415; 6x6: 505). The other packs must be in place
# (scripts/make-packs.sh). Run with a release build present; it took 6.7 and 7.5 minutes here.
# SORT_ONLY=1 orders and numbers the levels already in levels/expert again, without
# making any.
set -euo pipefail
cd "$(dirname "$0")/.."
bloq=${BLOQ:-.build/release/bloq}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
exclude=()
[ -f ../shared/data/original-pool.txt ] && exclude=(--exclude ../shared/data/original-pool.txt)
# Everything already shipped is excluded through --data, and so is every level made by an
# earlier run.
mkdir -p "$work/all/levels"
cp -r levels/easy levels/medium levels/hard "$work/all/levels/"
# Levels of each optimal length per size: 50 a size, fewer of the longest (they are the
# rarest: a 15-move level took 900 to 1,000 boards drawn, a 10-move one 20 to 30).
LENGTHS="10:8 11:9 12:9 13:9 14:8 15:7"
for spec in "5x5 404" "6x6 505"; do
  [ "${SORT_ONLY:-}" = 1 ] && break
  set -- $spec
  for tier in $LENGTHS; do
    moves=${tier%%:*}
    count=${tier##*:}
    out="$work/$1/$moves"
    "$bloq" generate --difficulty expert --size "$1" --moves "$moves" --count "$count" --seed "$(($2 * 100 + moves))" \
      --out "$out" --data "$work/all" --max-states 400000000 "${exclude[@]}" >/dev/null
    mkdir -p "$work/all/levels/expert-$1-$moves"
    cp "$out"/*.bloq "$work/all/levels/expert-$1-$moves/"
  done
done
# The order: by optimal length, then by the score of docs/levels.md, computed exactly from
# the rating's parts (bloq solve --rate rounds the score to one decimal), then by title.
order() {
  for file in "$@"; do
    "$bloq" solve --rate "$file" | sed -n 's/^difficulty score [0-9.]*: \([0-9]*\) moves, \([0-9]*\) of \([0-9]*\) opening.*/\1 \2 \3/p' |
      awk -v file="$file" -v slug="$(basename "$file" .bloq | sed 's/^[0-9]*-//')" \
        '{ o = $3 > 4 ? $3 - 4 : 0; s = $1 * 10 + (1 - $2 / $3) * 10 + o / 4; printf "%03d %012.6f %s %s\n", $1, s, slug, file }'
  done | sort | awk '{print $4}'
}
if [ "${SORT_ONLY:-}" = 1 ]; then
  # Renumber the pack in place (the same levels, ordered again).
  mkdir -p "$work/sorted"
  for file in levels/expert/*.bloq; do cp "$file" "$work/sorted/$(basename "$file" | sed 's/^[0-9]*-//')"; done
  order "$work"/sorted/*.bloq > "$work/expert.order"
else
  order "$work"/5x5/*/*.bloq "$work"/6x6/*/*.bloq > "$work/expert.order"
fi
rm -rf levels/expert
mkdir -p levels/expert
n=0
while read -r file; do
  n=$((n + 1))
  slug=$(basename "$file" .bloq | sed 's/^[0-9]*-//')
  # The rating line as bloq solve --rate gives it, with the default budget: the generator
  # counts an opening whose search ran out of its smaller budget as not optimal.
  rating=$("$bloq" solve --rate "$file" | grep '^difficulty score')
  sed "2s/^; difficulty score .*/; $rating/" "$file" > "levels/expert/$(printf '%03d' "$n")-$slug.bloq"
done < "$work/expert.order"
printf 'title: Expert\n' > levels/expert/pack
"$bloq" validate levels/expert
