#!/usr/bin/env bash
# The longest frame of a live game while another process holds progress.json's lock through a
# clear (docs/performance.md): Xvfb, a real pointer (xdotool), BLOQ_TRACE_FRAMES=1.
# usage: scripts/lock-frame-check.sh BLOQ_BINARY [hold|free] X Y (the red block of level 1 in an 800x600 window)
# Another window: WINDOW=1920x1080 PLAY="960 403" (the title's Play button there) ... hold 211 540
set -u
bin=$1; hold=${2:-hold}
work=$(mktemp -d)
Xvfb :78 -screen 0 2000x1200x24 >/dev/null 2>&1 & xvfb=$!
export DISPLAY=:78
sleep 1
mkdir -p $work/data/bloq
if [ "$hold" = hold ]; then flock -x $work/data/bloq/progress.json.lock sleep 30 & holder=$!; sleep 0.3; fi
HOME=$work XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config SDL_AUDIODRIVER=dummy BLOQ_TRACE_FRAMES=1 $bin play --window ${WINDOW:-800x600} 2>$work/err & game=$!
for _ in $(seq 80); do w=$(xdotool search --name '^Bloq$' 2>/dev/null | head -1); [ -n "$w" ] && break; sleep 0.1; done
sleep 1
eval "$(xdotool getwindowgeometry --shell "$w")"
click() { xdotool mousemove $((X + $1)) $((Y + $2)); sleep 0.2; xdotool mousedown 1; sleep 0.12; xdotool mouseup 1; sleep 0.8; }
click ${PLAY:-400 221}      # Play: a new player's first level, First Push
# First Push at 800x600: red blocks at row 1, columns 0 and 2 (cell centres from a replay's blocks).
xdotool mousemove $((X + $3)) $((Y + $4)); sleep 0.2; xdotool mousedown 1
for dx in 10 20 30 40 50 60 70 80 90 100 110 120; do xdotool mousemove $((X + $3 + dx)) $((Y + $4)); sleep 0.016; done
xdotool mouseup 1
sleep 3
# SHOT=FILE keeps a picture of the final screen.
[ -n "${SHOT:-}" ] && import -window root "$SHOT"
for _ in 1 2 3 4; do xdotool key Escape; sleep 0.3; done
for _ in $(seq 60); do kill -0 $game 2>/dev/null || break; sleep 0.1; done
kill $game 2>/dev/null; wait $game 2>/dev/null
grep -E "frames:|warning" $work/err
# The figures mean something only if the level was cleared: its clear is in the file or, with
# the lock held, in a journal beside it (the clicks above follow the title's layout).
grep -qs '"cleared": *true' $work/data/bloq/progress.json* || echo "lock-frame-check: the level was not cleared (did the title's layout change?): the figures above are not a clear's" >&2
[ -n "${holder:-}" ] && kill $holder 2>/dev/null
kill $xvfb; wait $xvfb 2>/dev/null
rm -rf $work
