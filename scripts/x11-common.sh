# Sourced by the x11 checks: a private Xvfb display of SCREEN (WxHxDEPTH) pixels, a scratch
# folder in $work, and cleanup of the game ($game_pid) and the server on exit.
cd "$(dirname "$0")/.."
work=$(mktemp -d)
game_pid=""
xvfb_pid=""
cleanup() {
  for pid in $game_pid $xvfb_pid; do kill "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
# A display number nobody else uses: the first free one from a random start.
display_number=$((70 + RANDOM % 20))
while [ -e "/tmp/.X11-unix/X$display_number" ] || [ -e "/tmp/.X$display_number-lock" ]; do display_number=$((display_number + 1)); done
# -noreset: a desktop keeps its root window's properties (xrdb's Xft.dpi) between clients.
Xvfb ":$display_number" -noreset -screen 0 "$SCREEN" >/dev/null 2>&1 &
xvfb_pid=$!
export DISPLAY=":$display_number"
# Until the server answers (its socket appears), at most 10 s on a busy machine.
for _ in $(seq 100); do [ -e "/tmp/.X11-unix/X$display_number" ] && break; sleep 0.1; done
[ -e "/tmp/.X11-unix/X$display_number" ] || { echo "Xvfb did not start on :$display_number"; exit 1; }
sleep 0.2
# Sets $window to the game's window once it shows (at most 5 s); empty if it never does.
wait_for_window() {
  window=""
  for _ in $(seq 50); do
    window=$(xdotool search --name '^Bloq$' 2>/dev/null | head -1 || true)
    [ -n "$window" ] && return 0
    sleep 0.1
  done
}
