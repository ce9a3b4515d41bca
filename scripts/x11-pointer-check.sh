#!/usr/bin/env bash
# Plays a level in a real X window (Xvfb) with a real pointer (xdotool) while recording,
# then replays the recording headless: both must end on the same board, with the move made.
# Needs: xvfb, xdotool (make test-x11 installs them).
set -euo pipefail
SCREEN=1024x768x24
source "$(dirname "$0")/x11-common.sh"
bloq=.build/release/bloq
level=levels/easy/002-long-slide.bloq
SDL_AUDIODRIVER=dummy "$bloq" play --level "$level" --window 800x600 --record "$work/game.script" 2>"$work/stderr" &
game_pid=$!
wait_for_window
[ -n "$window" ] || { echo "the game window did not appear"; cat "$work/stderr"; exit 1; }
# Named after the application id (WM_CLASS), so desktops match it to its desktop entry.
xdotool search --class '^io\.github\.bloqlinux\.bloq$' 2>/dev/null | grep -qx "$window" ||
  { echo "the game window's WM_CLASS is not the application id"; xprop -id "$window" WM_CLASS 2>&1 || true; exit 1; }
eval "$(xdotool getwindowgeometry --shell "$window")"
# Long Slide is 3x5 with blue blocks at row 1, columns 0 and 4. The left one's centre is
# found where the game's own screenshot of the level shows blue in the left half.
"$bloq" play --level "$level" --window 800x600 --screenshot "$work/start.png" >/dev/null
read -r cx cy < <(python3 - "$work/start.png" <<'PY'
import sys, zlib, struct
data = open(sys.argv[1], 'rb').read()
pos, chunks, width, height = 8, [], 0, 0
while pos < len(data):
    length, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b'IHDR': width, height = struct.unpack('>II', body[:8]); depth, ctype = body[8], body[9]
    if kind == b'IDAT': chunks.append(body)
    pos += 12 + length
raw = zlib.decompress(b''.join(chunks))
bpp = 4 if ctype == 6 else 3
stride = width * bpp
rows, prev = [], bytearray(stride)
i = 0
for _ in range(height):
    f = raw[i]; line = bytearray(raw[i + 1:i + 1 + stride]); i += 1 + stride
    for x in range(stride):
        a = line[x - bpp] if x >= bpp else 0
        b = prev[x]; c = prev[x - bpp] if x >= bpp else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(line); prev = line
xs, ys = [], []
for y in range(height):
    for x in range(width // 2):
        r, g, b = rows[y][x * bpp:x * bpp + 3]
        # Plainly blue in any theme's shading of the blue block (Palette.block(.blue)).
        if b > 150 and b - r > 100 and b - g > 60: xs.append(x); ys.append(y)
if not xs: sys.exit("x11 pointer check: no blue block in the left half of " + sys.argv[1] + " (did the palette or the level change?)")
print(sum(xs) // len(xs), sum(ys) // len(ys))
PY
)
xdotool mousemove $((X + cx)) $((Y + cy))
sleep 0.3
xdotool mousedown 1
for dx in 20 40 60 80 100 120 140 160 180 200; do
  xdotool mousemove $((X + cx + dx)) $((Y + cy)); sleep 0.02
done
xdotool mouseup 1
sleep 1
# Back out: the level list, the title, its Quit, then quit.
for _ in 1 2 3 4; do xdotool key Escape; sleep 0.3; done
wait "$game_pid"
game_pid=""
grep -q "^at .* press" "$work/game.script" || { echo "nothing was recorded"; cat "$work/game.script"; exit 1; }
result=$("$bloq" replay "$work/game.script" --level "$level" --json)
echo "replayed: $result"
case "$result" in
  *'"moves": 1'*'"cleared": true'*) echo "x11 pointer check: passed (a real drag cleared Long Slide, and its recording replays the same)";;
  *) echo "x11 pointer check: FAILED"; cat "$work/game.script"; exit 1;;
esac
