#!/usr/bin/env bash
# Idle CPU of the game showing a still board in a real X window (Xvfb): CPU time used over
# SECONDS (default 10) divided by the wall time. Needs xvfb (make test-x11 installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
work=$(mktemp -d)
display=:$((80 + RANDOM % 9))
Xvfb "$display" -screen 0 1024x768x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $game $xvfb 2>/dev/null || true; rm -rf "$work"' EXIT
sleep 1
DISPLAY=$display XDG_DATA_HOME=$work XDG_CONFIG_HOME=$work SDL_AUDIODRIVER=dummy \
  .build/release/bloq play --level levels/easy/100-full-house.bloq --window 800x600 >/dev/null 2>&1 &
game=$!
sleep 2  # start-up and the first frames
ticks() { awk '{print $14 + $15}' "/proc/$game/stat"; }
before=$(ticks)
sleep "$seconds"
after=$(ticks)
hz=$(getconf CLK_TCK)
python3 -c "print(f'idle CPU: {($after - $before) / $hz:.3f} s over $seconds s = {100 * ($after - $before) / $hz / $seconds:.2f} %')"
