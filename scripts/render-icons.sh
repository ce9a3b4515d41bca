#!/usr/bin/env bash
# Renders the application icon's PNGs from its SVG (all committed, so installing needs no SVG
# renderer), named by the application id as the icon theme spec wants. Needs rsvg-convert
# (Debian's librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
app_id=io.github.bloqlinux.bloq
for size in 16 24 32 48 64 128 256 512; do
  mkdir -p "Assets/icons/hicolor/${size}x${size}/apps"
  rsvg-convert --width "$size" --height "$size" "Assets/icons/hicolor/scalable/apps/$app_id.svg" \
    > "Assets/icons/hicolor/${size}x${size}/apps/$app_id.png"
done
find Assets/icons/hicolor -type f | sort
