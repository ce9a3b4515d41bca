#!/usr/bin/env bash
# Rebuilds levels/master (50 levels) reproducibly from fixed seeds: 25 7x7 and 25 8x8 master
# boards (walls, long slides, six to eight colours; docs/levels.md), none the same puzzle as
# a level of the other packs or of each other, ordered by optimal length, then by the
# solver's effort (positions stored to prove the par), and numbered 001-... in that order.
# The pack rises in length: each optimal length from 16 to 25 gets five levels, made by one
# run per size and length (bloq generate --difficulty master --moves N) with the seed 100 x
# the size's seed + N (7x7: 707, so 70716 to 70725; 8x8: 808), the size's walls, and blocks
# and colours that grow with the length (SHAPES below). The other packs must be in place.
# Run with a release build present; docs/levels.md has its run time.
# SORT_ONLY=1 orders and numbers the levels already in levels/master again, without making
# any.
set -euo pipefail
cd "$(dirname "$0")/.."
bloq=${BLOQ:-.build/release/bloq}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
exclude=()
[ -f ../shared/data/original-pool.txt ] && exclude=(--exclude ../shared/data/original-pool.txt)
mkdir -p "$work/all/levels"
cp -r levels/easy levels/medium levels/hard levels/expert "$work/all/levels/"
# Per optimal length: levels of 7x7, levels of 8x8, then blocks and colours on 7x7 and on
# 8x8. Longer solutions need more blocks; more colours mean fewer easy pairs.
SHAPES="16:3:2:18:6:18:7 17:2:3:18:6:18:7 18:3:2:18:6:18:7 19:2:3:18:6:18:7
20:3:2:20:7:20:8 21:2:3:20:7:20:8 22:3:2:20:7:20:8
23:2:3:22:8:22:8 24:3:2:22:8:22:8 25:2:3:22:8:22:8"
started=$(date +%s)
for spec in $SHAPES; do
  [ "${SORT_ONLY:-}" = 1 ] && break
  IFS=: read -r moves small large smallBlocks smallColors largeBlocks largeColors <<<"$spec"
  for size in 7x7 8x8; do
    if [ "$size" = 7x7 ]; then count=$small base=707 blocks=$smallBlocks colors=$smallColors
    else count=$large base=808 blocks=$largeBlocks colors=$largeColors; fi
    out="$work/$size/$moves"
    "$bloq" generate --difficulty master --size "$size" --moves "$moves" --count "$count" --seed "$((base * 100 + moves))" \
      --blocks "$blocks" --colors "$colors" --out "$out" --data "$work/all" --max-states 1000000000 --max-attempts 100000 \
      "${exclude[@]}" >/dev/null
    mkdir -p "$work/all/levels/master-$size-$moves"
    cp "$out"/*.bloq "$work/all/levels/master-$size-$moves/"
    echo "$size, $moves moves: $count made ($(($(date +%s) - started)) s so far)" >&2
  done
done
# The order: by optimal length, then by the positions the solver stores to prove it (its
# effort, the same on every machine), then by title.
order() {
  for file in "$@"; do
    states=$("$bloq" solve --stats "$file" 2>&1 >/dev/null | sed -n 's/.*: \([0-9]*\) positions stored.*/\1/p')
    par=$(sed -n 's/^par: *\([0-9]*\).*/\1/p' "$file")
    printf '%03d %012d %s %s\n' "$par" "$states" "$(basename "$file" .bloq | sed 's/^[0-9]*-//')" "$file"
  done | sort | awk '{print $4}'
}
if [ "${SORT_ONLY:-}" = 1 ]; then
  mkdir -p "$work/sorted"
  for file in levels/master/*.bloq; do cp "$file" "$work/sorted/$(basename "$file" | sed 's/^[0-9]*-//')"; done
  order "$work"/sorted/*.bloq >"$work/master.order"
else
  order "$work"/7x7/*/*.bloq "$work"/8x8/*/*.bloq >"$work/master.order"
fi
rm -rf levels/master
mkdir -p levels/master
n=0
while read -r file; do
  n=$((n + 1))
  slug=$(basename "$file" .bloq | sed 's/^[0-9]*-//')
  # The rating line as bloq solve --rate gives it, with the default budget: the generator
  # counts an opening whose search ran out of its smaller budget as not optimal.
  rating=$("$bloq" solve --rate "$file" | grep '^difficulty score')
  sed "2s/^; difficulty score .*/; $rating/" "$file" >"levels/master/$(printf '%03d' "$n")-$slug.bloq"
done <"$work/master.order"
printf 'title: Master\n' >levels/master/pack
"$bloq" validate levels/master
echo "made in $(($(date +%s) - started)) s" >&2
