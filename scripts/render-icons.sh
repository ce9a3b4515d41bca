#!/usr/bin/env bash
# Renders the application icon's PNGs from Assets/icons/bloq.svg (committed, so installing
# needs no SVG renderer). Needs rsvg-convert (Debian's librsvg2-bin).
set -euo pipefail
cd "$(dirname "$0")/.."
for size in 16 24 32 48 64 128 256 512; do
  rsvg-convert --width "$size" --height "$size" Assets/icons/bloq.svg > "Assets/icons/hicolor/bloq-$size.png"
done
ls Assets/icons/hicolor
