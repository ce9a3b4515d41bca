#!/usr/bin/env bash
# How the solver's effort follows a pack's order (docs/levels.md): for each level of the
# folder, in play order, its par and the positions `bloq solve` stores to prove it (the
# same on every machine); then the Spearman rank correlation of effort against position,
# and of effort against par (ties take their mean rank).
# Usage: scripts/pack-effort.sh levels/hard [more folders...]   (a release build present)
set -euo pipefail
cd "$(dirname "$0")/.."
bloq=${BLOQ:-.build/release/bloq}
for folder in "$@"; do
  n=0
  for file in "$folder"/*.bloq; do
    n=$((n + 1))
    states=$("$bloq" solve --stats "$file" 2>&1 >/dev/null | sed -n 's/.*: \([0-9]*\) positions stored.*/\1/p')
    par=$(sed -n 's/^par: *\([0-9]*\).*/\1/p' "$file")
    echo "$n $par $states"
  done | awk -v folder="$folder" '
    # Ranks with ties averaged, of column c, into r[c, i].
    function rank(c,    i, j, k, order, m, tmp) {
      for (i = 1; i <= n; i++) order[i] = i
      for (i = 2; i <= n; i++) for (j = i; j > 1 && v[c, order[j - 1]] > v[c, order[j]]; j--) {
        tmp = order[j]; order[j] = order[j - 1]; order[j - 1] = tmp }
      for (i = 1; i <= n; i = k) {
        for (k = i; k <= n && v[c, order[k]] == v[c, order[i]]; k++) ;
        for (m = i; m < k; m++) r[c, order[m]] = (i + k - 1) / 2
      }
    }
    function spearman(a, b,    i, ma, mb, sab, saa, sbb) {
      for (i = 1; i <= n; i++) { ma += r[a, i]; mb += r[b, i] }
      ma /= n; mb /= n
      for (i = 1; i <= n; i++) {
        sab += (r[a, i] - ma) * (r[b, i] - mb); saa += (r[a, i] - ma) ^ 2; sbb += (r[b, i] - mb) ^ 2 }
      return saa > 0 && sbb > 0 ? sab / sqrt(saa * sbb) : 0
    }
    { n++; v[1, n] = $1; v[2, n] = $2; v[3, n] = $3; printf "%s %3d par %2d %9d positions\n", folder, $1, $2, $3 }
    END {
      rank(1); rank(2); rank(3)
      printf "%s: %d levels; effort against position %.2f, against par %.2f\n", folder, n, spearman(3, 1), spearman(3, 2)
    }'
done
