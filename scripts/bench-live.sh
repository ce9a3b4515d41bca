#!/usr/bin/env bash
# `bloq bench --only live` in a real X window: the current display if one answers, else a
# private Xvfb (1280x800, 24-bit). Extra arguments go to bloq bench (for example --json).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -z "${DISPLAY:-}" ] || ! xdpyinfo >/dev/null 2>&1; then
  SCREEN=1280x800x24
  source scripts/x11-common.sh
fi
.build/release/bloq bench --only live "$@"
