#!/usr/bin/env bash
# Writes a `bloq replay` input script that plays a level's optimal solution by dragging each
# block, as a player would: `bloq solve --json` gives the moves, and each becomes a press on
# the block, a drag of 0.9 of a cell the move's way and a release with that speed, then a
# pause for the slide and the vanish. The script ends a second after the last move.
# Usage: scripts/solution-script.sh LEVEL > SCRIPT, then
#        bloq replay SCRIPT --level LEVEL [--json] [--screenshot OUT.png]
set -euo pipefail
cd "$(dirname "$0")/.."
bloq=${BLOQ:-.build/release/bloq}
level=$1
json=$("$bloq" solve --json "$level")
echo "; The optimal solution of $(basename "$level"), from bloq solve --json (scripts/solution-script.sh)."
grep -o '"row": *[0-9]*, *"col": *[0-9]*, *"direction": *"[a-z]*"' <<<"$json" |
  sed 's/"row": *\([0-9]*\), *"col": *\([0-9]*\), *"direction": *"\([a-z]*\)"/\1 \2 \3/' |
  awk '
    BEGIN { t = 0 }
    {
      r = $1; c = $2; dr = 0; dc = 0
      if ($3 == "up") dr = -1; else if ($3 == "down") dr = 1; else if ($3 == "left") dc = -1; else dc = 1
      printf "at %-6d press %s %s\n", t, r, c
      for (k = 1; k <= 3; k++) printf "at %-6d drag %.2f %.2f\n", t + 20 * k, r + dr * 0.3 * k, c + dc * 0.3 * k
      printf "at %-6d release %.2f %.2f\n", t + 80, r + dr * 0.9, c + dc * 0.9
      t += 1200
    }
    END { printf "at %-6d end\n", t + 1000 }'
