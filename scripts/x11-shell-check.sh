#!/usr/bin/env bash
# The app shell in a real X window (Xvfb, no window manager), driven by a real pointer and
# keyboard (xdotool), looked at through screenshots of the root window (ImageMagick):
#  1. a remembered window larger than the screen opens fitted and centred on it;
#  2. F11 without a window manager lays the game out for the whole screen at once;
#  3. after a clear, a click where Undo was does nothing: the overlay stays;
#  4. a right-click on a level tile opens its preview card;
#  5. Ctrl+Q held in another window as the game gets the focus, past the X server's
#     autorepeat delay, does not quit the game; pressed again in its window, it does;
#  6. on a desktop at 2x (Xft.dpi 192, as GNOME's settings daemon sets it), --window 400x300
#     opens 800x600 pixels laid out as 400x300 points at scale 2, a click reaches it, and the
#     next start opens the 400x300 points it remembered at 800x600 again.
# Needs: xvfb, xdotool, imagemagick, xmessage (make test-x11 installs them).
set -euo pipefail
SCREEN=1280x800x24
source "$(dirname "$0")/x11-common.sh"
bloq=$PWD/.build/release/bloq
export XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config SDL_AUDIODRIVER=dummy
fail() { echo "x11 shell check: FAILED: $*"; exit 1; }

# The colour at (x, y) of the root window, as "R G B" (0-255).
pixel() {
  import -window root "$work/root.png"
  convert "$work/root.png" -format '%[fx:int(255*p{'"$1"','"$2"'}.r)] %[fx:int(255*p{'"$1"','"$2"'}.g)] %[fx:int(255*p{'"$1"','"$2"'}.b)]' info:
}
# Whether a colour is the blue of the main buttons (the palette's primary, shaded: 0x8AA4FF
# in the dark theme, 0x2F55D4 in the light one), not the ground's navy or a plain button.
is_blue() { read -r r g b <<<"$1"; [ "$b" -gt 200 ] && [ $((b - r)) -gt 60 ] && [ $((b - g)) -gt 40 ]; }

start() {
  "$bloq" play "$@" 2>"$work/stderr" &
  game_pid=$!
  wait_for_window
  [ -n "$window" ] || { cat "$work/stderr"; fail "the game window did not appear"; }
  sleep 0.5
}
stop() {
  kill "$game_pid" 2>/dev/null || true
  wait "$game_pid" 2>/dev/null || true
  game_pid=""
}

# 1. Remembered 1920x1080 on a 1280x800 screen.
mkdir -p "$work/config/bloq"
echo '{"colorBlindSymbols": false, "fullscreen": false, "reducedMotion": false, "sound": false, "windowHeight": 1080, "windowWidth": 1920}' \
  >"$work/config/bloq/settings.json"
start
eval "$(xdotool getwindowgeometry --shell "$window")"
echo "remembered 1920x1080, opened at $X,$Y size ${WIDTH}x$HEIGHT on 1280x800"
[ "$X" -ge 0 ] && [ "$Y" -ge 0 ] && [ $((X + WIDTH)) -le 1280 ] && [ $((Y + HEIGHT)) -le 800 ] || fail "the window is off the screen"
[ $((X + WIDTH / 2 - 640)) -le 1 ] && [ $((640 - X - WIDTH / 2)) -le 1 ] || fail "the window is not centred"
stop

# 2. F11 from a 640x480 window: the title's Play button must be where a 1280x800 layout puts it.
echo '{"colorBlindSymbols": false, "fullscreen": false, "reducedMotion": false, "sound": false, "windowHeight": 480, "windowWidth": 640}' \
  >"$work/config/bloq/settings.json"
start
xdotool windowfocus --sync "$window" key F11
sleep 1
eval "$(xdotool getwindowgeometry --shell "$window")"
echo "after F11: ${WIDTH}x$HEIGHT"
[ "$WIDTH" -eq 1280 ] && [ "$HEIGHT" -eq 800 ] || fail "F11 did not fill the screen"
# Play spans x 391 to 889 and y 259 to 308 at 1280x800 (sampled left of its label, at
# 420, 283); a 640x480 layout has it at x 196 to 443, y 140 to 174.
colour=$(pixel 420 283)
is_blue "$colour" || fail "after F11 the layout is not the screen's (colour at Play: $colour)"
xdotool windowfocus --sync "$window" key F11
sleep 0.5
stop

# 3. Clear level 1 with the keyboard, then click where Undo was.
start --level levels/easy/001-first-push.bloq --window 800x600
eval "$(xdotool getwindowgeometry --shell "$window")"
xdotool windowfocus --sync "$window" key Down Down shift+Right
sleep 2.5
# The overlay's Next level button (blue): x 173 to 395, y 298 to 348 of the window
# (docs/screenshots/cleared.png).
overlay=$(pixel $((X + 190)) $((Y + 323)))
is_blue "$overlay" || fail "no Cleared overlay after the clear (colour $overlay)"
# Undo was at (204, 562) of the window; click it, and Restart at (465, 562).
xdotool mousemove $((X + 204)) $((Y + 562)) click 1
sleep 0.3
xdotool mousemove $((X + 465)) $((Y + 562)) click 1
sleep 1.2
overlay=$(pixel $((X + 190)) $((Y + 323)))
is_blue "$overlay" || fail "a click under the overlay undid or restarted the level (colour $overlay)"
stop
# 4. A right-click on level 1's tile, the button held 120 ms as a person holds it, opens its
# preview card at once: the card's Play button (blue) at (292, 481) of the window, where
# the list has the navy of a tile (docs/screenshots/levels.png, preview.png).
start --window 800x600
eval "$(xdotool getwindowgeometry --shell "$window")"
xdotool mousemove $((X + 400)) $((Y + 310)); sleep 0.2
xdotool mousedown 1; sleep 0.12; xdotool mouseup 1
sleep 1
card=$(pixel $((X + 292)) $((Y + 481)))
is_blue "$card" && fail "a blue button at the card's Play before the right-click (colour $card)"
xdotool mousemove $((X + 134)) $((Y + 173)); sleep 0.2
xdotool mousedown 3; sleep 0.12; xdotool mouseup 3
sleep 1
card=$(pixel $((X + 292)) $((Y + 481)))
is_blue "$card" || fail "a right-click on level 1 did not open its preview card (colour at its Play: $card)"
stop
# 5. Ctrl+Q held 1.5 s (the autorepeat starts at 660 ms) from xmessage's window while the
# game's gets the focus: SDL 2.26 passed the first autorepeat on as a fresh Ctrl+Q.
start --window 800x600
xmessage -geometry 300x100+900+600 "another program" 2>/dev/null &
other_pid=$!
for _ in $(seq 50); do
  other=$(xdotool search --class Xmessage 2>/dev/null | head -1 || true)
  [ -n "$other" ] && break
  sleep 0.1
done
[ -n "$other" ] || fail "xmessage's window did not appear"
xdotool windowfocus --sync "$other" keydown ctrl; sleep 0.05; xdotool keydown q; sleep 0.1
xdotool windowfocus "$window"; sleep 1.5
xdotool keyup q; sleep 0.3
kill -0 "$game_pid" 2>/dev/null || { xdotool keyup ctrl; kill "$other_pid"; fail "Ctrl+Q held in another window quit the game"; }
xdotool keydown q; sleep 0.12; xdotool keyup q; xdotool keyup ctrl
kill "$other_pid" 2>/dev/null || true
for _ in $(seq 50); do kill -0 "$game_pid" 2>/dev/null || break; sleep 0.1; done
kill -0 "$game_pid" 2>/dev/null && fail "Ctrl+Q pressed in the game's window did not quit it"
echo "Ctrl+Q held from another window: the game stayed; pressed in its window: it quit"
wait "$game_pid" 2>/dev/null || true
game_pid=""
# 6. Xft.dpi 192. At 400x300 the title has two columns, Play at x 42 to 197, y 129 to 154
# (docs/design.md); at 2x, x 84 to 394 and y 258 to 308, where 800x600 at scale 1 has ground.
xrdb -nocpp -merge <<<"Xft.dpi: 192"
start --window 400x300
eval "$(xdotool getwindowgeometry --shell "$window")"
echo "Xft.dpi 192, --window 400x300: ${WIDTH}x$HEIGHT"
[ "$WIDTH" -eq 800 ] && [ "$HEIGHT" -eq 600 ] || fail "--window 400x300 at 2x is not 800x600 pixels"
play=$(pixel $((X + 120)) $((Y + 282)))
is_blue "$play" || fail "the title is not laid out at scale 2 (colour where Play should be: $play)"
xdotool mousemove $((X + 240)) $((Y + 282)); sleep 0.2
xdotool mousedown 1; sleep 0.12; xdotool mouseup 1
sleep 1
play=$(pixel $((X + 120)) $((Y + 282)))
is_blue "$play" && fail "a click on Play at scale 2 did not open a level (colour $play)"
stop
# Remembered in the desktop's points (400x300), it opens at 800x600 again.
start
eval "$(xdotool getwindowgeometry --shell "$window")"
echo "Xft.dpi 192, the size remembered: ${WIDTH}x$HEIGHT ($(grep -o '"window[A-Za-z]*": [0-9]*' "$work/config/bloq/settings.json" | tr '\n' ' '))"
[ "$WIDTH" -eq 800 ] && [ "$HEIGHT" -eq 600 ] || fail "the size remembered at 2x did not open at 800x600"
stop
echo "x11 shell check: passed (fitted window, F11 layout, nothing fires under the overlay, a right-click opens a preview, Ctrl+Q held elsewhere, a desktop at 2x)"
