#!/usr/bin/env bash
# Installs into a scratch DESTDIR, checks that it is one executable that defines no malloc and
# fits the size budget, runs the installed bloq from another folder (validate its levels, a
# screenshot, its translations found in share/locale), checks the desktop entry
# (desktop-file-validate) and the AppStream metainfo (appstreamcli validate --pedantic), each
# with every language's texts, and the man page (man -l), uninstalls, and checks that no
# file is left behind.
set -euo pipefail
cd "$(dirname "$0")/.."
source=$PWD
dest=$(mktemp -d)
elsewhere=$(mktemp -d)
trap 'rm -rf "$dest" "$elsewhere"' EXIT
prefix=/opt/bloq-check
app_id=io.github.bloqlinux.bloq
# As many levels as the source tree ships, whatever that number is today.
levels=$(find levels -name '*.bloq' | wc -l)
make -s install DESTDIR="$dest" PREFIX="$prefix" >/dev/null
root=$dest$prefix
# One executable, bin/bloq, and no library of its own beside it.
executables=$(cd "$root" && find . -type f -perm -u+x | sort)
[ "$executables" = "./bin/bloq" ] || { echo "install check: the install holds other executables than bin/bloq:"; echo "$executables"; exit 1; }
find "$root" -name '*.so*' | grep -q . && { echo "install check: a shared library was installed"; exit 1; }
# No allocator of its own: the game's malloc is glibc's (the allocation counter that defines
# malloc, calloc, realloc and free is for BloqDev and the tests only, docs/performance.md).
for table in --dynamic ""; do
  defined=$(nm $table --defined-only "$root/bin/bloq" | awk '$3 ~ /^(malloc|calloc|realloc|free|memalign|aligned_alloc|posix_memalign)$/ {print $3}')
  [ -z "$defined" ] || { echo "install check: bin/bloq defines ${defined//$'\n'/, } (nm $table --defined-only): the allocation counter is linked into the game"; exit 1; }
done
# The keyboard guard (Sources/CXkbGuard) exported, so libSDL2's calls reach it: a release
# build drops what nothing refers to, and only the dynamic table keeps it.
guarded=$(nm --dynamic --defined-only "$root/bin/bloq" | awk '$3 ~ /^xkb_/ {print $3}' | sort | tr '\n' ' ')
[ "$guarded" = "xkb_keymap_key_for_each xkb_keymap_key_get_syms_by_level xkb_keymap_key_repeats xkb_state_update_mask " ] \
  || { echo "install check: bin/bloq exports '$guarded' of libxkbcommon's four guarded functions (nm --dynamic): SDL's Wayland keyboard can crash"; exit 1; }
# The size budget, 15 MiB (15,360 KiB) installed, counted as dpkg counts the package's
# Installed-Size: each file rounded up to a KiB and a KiB a folder, the binary stripped as
# the package's is (docs/packaging.md).
strip -o "$elsewhere/bloq.stripped" "$root/bin/bloq"
installed_kib=$(( $(find "$root" -type d | wc -l) + ($(stat -c %s "$elsewhere/bloq.stripped") + 1023) / 1024 ))
while read -r size; do installed_kib=$((installed_kib + (size + 1023) / 1024)); done < <(find "$root" -type f ! -path "$root/bin/bloq" -printf '%s\n')
rm "$elsewhere/bloq.stripped"
echo "install check: $installed_kib KiB installed with bin/bloq stripped (budget 15360 KiB)"
[ "$installed_kib" -le 15360 ] || { echo "install check: over the 15360 KiB budget by $((installed_kib - 15360)) KiB"; exit 1; }
cd "$elsewhere"
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy
export XDG_DATA_HOME=$elsewhere/data XDG_CONFIG_HOME=$elsewhere/config
"$root/bin/bloq" --version
"$root/bin/bloq" validate "$root/share/bloq/levels" | grep -q "^$levels levels valid$"
# Without --data or BLOQ_DATA the installed game must find its own levels, not the source tree's.
unset BLOQ_DATA
"$root/bin/bloq" play --screen levels --screenshot "$elsewhere/levels.png"
"$root/bin/bloq" play --level "$root/share/bloq/levels/easy/001-first-push.bloq" --screenshot "$elsewhere/play.png"
[ -s "$elsewhere/levels.png" ] && [ -s "$elsewhere/play.png" ]
# Every catalog in share/locale, found by the installed game: the key help in German is not
# the English one, and nothing is said about missing translations.
for lang in $(sed -e 's/#.*//' "$source/po/LINGUAS"); do [ -s "$root/share/locale/$lang/LC_MESSAGES/bloq.mo" ]; done
"$root/bin/bloq" play --lang en --screen help --screenshot "$elsewhere/help-en.png"
"$root/bin/bloq" play --lang de --screen help --screenshot "$elsewhere/help-de.png" 2>"$elsewhere/help-de.err"
[ ! -s "$elsewhere/help-de.err" ] || { cat "$elsewhere/help-de.err"; exit 1; }
! cmp -s "$elsewhere/help-en.png" "$elsewhere/help-de.png"
desktop-file-validate "$root/share/applications/$app_id.desktop"
grep -q '^Name\[de\]=' "$root/share/applications/$app_id.desktop"
grep -q '^Comment\[ru\]=' "$root/share/applications/$app_id.desktop"
grep -q '^Keywords\[fr\]=' "$root/share/applications/$app_id.desktop"
"$source/scripts/metainfo-check.sh" "$root/share/metainfo/$app_id.metainfo.xml" >/dev/null
grep -q '<summary xml:lang="de">' "$root/share/metainfo/$app_id.metainfo.xml"
grep -q '<p xml:lang="es">' "$root/share/metainfo/$app_id.metainfo.xml"
MANPAGER=cat MANWIDTH=80 man -l "$root/share/man/man6/bloq.6" | grep -q "slide coloured blocks"
grep -q "$("$root/bin/bloq" --version)" "$root/share/man/man6/bloq.6"
for size in 16 24 32 48 64 128 256 512; do [ -s "$root/share/icons/hicolor/${size}x${size}/apps/$app_id.png" ]; done
[ -s "$root/share/icons/hicolor/scalable/apps/$app_id.svg" ]
bash -n "$root/share/bash-completion/completions/bloq"
grep -q "solve" "$root/share/zsh/site-functions/_bloq"
grep -q "solve" "$root/share/fish/vendor_completions.d/bloq.fish"
cd "$source"
make -s uninstall DESTDIR="$dest" PREFIX="$prefix" >/dev/null
left=$(find "$dest" -type f)
if [ -n "$left" ]; then echo "install check: files left after uninstall:"; echo "$left"; exit 1; fi
echo "install check: passed (one executable, no malloc of its own, the keyboard guard exported, within the size budget; installed, ran from another folder in two languages, entry, metainfo and man page valid and translated, uninstalled cleanly)"
