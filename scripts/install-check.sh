#!/usr/bin/env bash
# Installs into a scratch DESTDIR, runs the installed bloq from another folder (validate
# its levels, a screenshot), checks the desktop entry (desktop-file-validate) and the man
# page (man -l), uninstalls, and checks that no file is left behind.
set -euo pipefail
cd "$(dirname "$0")/.."
source=$PWD
dest=$(mktemp -d)
elsewhere=$(mktemp -d)
trap 'rm -rf "$dest" "$elsewhere"' EXIT
prefix=/opt/bloq-check
make -s install DESTDIR="$dest" PREFIX="$prefix" >/dev/null
root=$dest$prefix
cd "$elsewhere"
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy
export XDG_DATA_HOME=$elsewhere/data XDG_CONFIG_HOME=$elsewhere/config
"$root/bin/bloq" --version
"$root/bin/bloq" validate "$root/share/bloq/levels" | grep -q "^400 levels valid$"
# Without --data or BLOQ_DATA the installed game must find its own levels, not the source tree's.
unset BLOQ_DATA
"$root/bin/bloq" play --screen levels --screenshot "$elsewhere/levels.png"
"$root/bin/bloq" play --level "$root/share/bloq/levels/easy/001-first-push.bloq" --screenshot "$elsewhere/play.png"
[ -s "$elsewhere/levels.png" ] && [ -s "$elsewhere/play.png" ]
desktop-file-validate "$root/share/applications/bloq.desktop"
MANPAGER=cat MANWIDTH=80 man -l "$root/share/man/man6/bloq.6" | grep -q "slide coloured blocks"
grep -q "$("$root/bin/bloq" --version)" "$root/share/man/man6/bloq.6"
for size in 16 32 48 128 256 512; do [ -s "$root/share/icons/hicolor/${size}x${size}/apps/bloq.png" ]; done
bash -n "$root/share/bash-completion/completions/bloq"
grep -q "solve" "$root/share/zsh/site-functions/_bloq"
grep -q "solve" "$root/share/fish/vendor_completions.d/bloq.fish"
cd "$source"
make -s uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null
left=$(find "$dest" -type f)
if [ -n "$left" ]; then echo "install check: files left after uninstall:"; echo "$left"; exit 1; fi
echo "install check: passed (installed, ran from another folder, entry and man page valid, uninstalled cleanly)"
