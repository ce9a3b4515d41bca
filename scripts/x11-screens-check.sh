#!/usr/bin/env bash
# The pictures are the same everywhere they are made (docs/performance.md):
#  1. every committed screenshot in docs/screenshots is what `make screenshots` makes now
#     (headless, SDL's software renderer);
#  2. the live game in a real X window (Xvfb, no GPU: SDL's software renderer, chosen by
#     RendererChoice) draws the title and the play screen as those headless screenshots do.
# Both compared by PSNR (ImageMagick), at least 40 dB. Needs: xvfb, xdotool, imagemagick.
set -euo pipefail
SCREEN=1280x800x24
source "$(dirname "$0")/x11-common.sh"
bloq=$PWD/.build/release/bloq
export XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config SDL_AUDIODRIVER=dummy
failed=0
psnr() {  # the PSNR of two pictures in dB ("inf" when identical), alpha ignored
  convert "$1" -alpha off "$work/a.png"
  convert "$2" -alpha off "$work/b.png"
  compare -metric PSNR "$work/a.png" "$work/b.png" null: 2>&1 | cut -d' ' -f1 || true
}
check() {  # NAME A B: at least 40 dB
  local value
  value=$(psnr "$2" "$3")
  if [ "$value" = inf ] || python3 -c "import sys; sys.exit(0 if float('$value') >= 40 else 1)"; then
    echo "  $1: $value dB"
  else
    echo "  $1: $value dB: FAILED (under 40 dB; compare $2 with $3)"; failed=1
  fi
}

echo "1. committed screenshots against new headless ones"
fresh=$work/shots
mkdir -p "$fresh"
env -u XDG_DATA_HOME -u XDG_CONFIG_HOME make -s screenshots SHOTS="$fresh" >/dev/null
for shot in docs/screenshots/*.png; do
  name=$(basename "$shot")
  if [ -f "$fresh/$name" ]; then check "$name" "$shot" "$fresh/$name"; fi
done

echo "2. the live X window against headless screenshots"
live() {  # NAME ARGS...: screenshot of the live window, 800x600
  "$bloq" play --window 800x600 "${@:2}" 2>"$work/stderr" &
  game_pid=$!
  wait_for_window
  [ -n "$window" ] || { cat "$work/stderr"; echo "the game window did not appear"; exit 1; }
  sleep 1.5
  import -window "$window" "$work/live-$1.png"
  kill "$game_pid"; wait "$game_pid" 2>/dev/null || true; game_pid=""
  rm -rf "$work/data" "$work/config"
}
level=levels/easy/100-full-house.bloq
live title
"$bloq" play --screen title --screenshot "$work/headless-title.png"
check "title (live)" "$work/live-title.png" "$work/headless-title.png"
live play --level "$level"
"$bloq" play --level "$level" --screen play --screenshot "$work/headless-play.png"
check "play (live)" "$work/live-play.png" "$work/headless-play.png"
[ "$failed" = 0 ] || { echo "x11 screens check: FAILED"; exit 1; }
echo "x11 screens check: passed"
