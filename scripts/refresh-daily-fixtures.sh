#!/usr/bin/env bash
# Rewrites the pinned daily boards in Tests/daily (one DATE.bloq per date) with what the
# release build's `bloq generate --daily DATE` prints now. Run it only when the daily
# recipe changes on purpose: every player's board on those days changes with it
# (Tests/BloqGameTests/DailyBoardTests.swift checks them).
set -euo pipefail
cd "$(dirname "$0")/.."
bloq=${BLOQ:-.build/release/bloq}
shopt -s nullglob
dates=""
for file in Tests/daily/*.bloq; do dates="$dates $(basename "$file" .bloq)"; done
if [ -z "${dates// /}" ]; then
  # The first time: three weeks and two days from 2026-03-02 (a Monday), leap days, and
  # both ends of the range.
  dates="$(for i in $(seq 0 22); do date -u -d "2026-03-02 + $i days" +%F; done)
2000-01-01 2000-02-29 2024-02-29 2038-01-19 2099-12-31 2100-03-01 9999-12-31"
fi
for date in $dates; do
  "$bloq" generate --daily "$date" > "Tests/daily/$date.bloq"
done
echo "refreshed $(echo $dates | wc -w) daily boards in Tests/daily"
