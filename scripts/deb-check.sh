#!/usr/bin/env bash
# The Debian package as a user meets it (make test-deb, after make deb): lintian, then
# apt-get install ./bloq_*.deb, the installed game run from another folder, every file
# where the specs want it, apt-get purge, and nothing left behind. It installs into the
# real system, so it needs root (or sudo) and a machine where bloq is not installed by hand.
set -euo pipefail
cd "$(dirname "$0")/.."
source=$PWD
app_id=io.github.bloqlinux.bloq
sudo=$([ "$(id -u)" = 0 ] || echo sudo)
fail() { echo "deb check: $*" >&2; exit 1; }

version=$(sed -nE 's/.*static let current = "([^"]+)".*/\1/p' Sources/BloqCLI/Version.swift)
arch=$(dpkg --print-architecture)
deb=$source/bloq_${version}_${arch}.deb
[ -f "$deb" ] || fail "$deb is missing; make test-deb builds it with make deb first"

scratch=$(mktemp -d)
elsewhere=$(mktemp -d)
installed=no
# A check that stops half-way (a failure, Ctrl+C) still takes the package off the system.
cleanup() {
  if [ "$installed" = yes ]; then
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q bloq >/dev/null 2>&1 || true
  fi
  rm -rf "$scratch" "$elsewhere"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
trap 'exit 141' PIPE

# The size it takes installed, within the 15 MiB the game must fit in (docs/packaging.md
# says what each part costs).
installed_kib=$(dpkg-deb --field "$deb" Installed-Size)
echo "== Installed-Size: $installed_kib KiB (budget 15360 KiB)"
[ "$installed_kib" -le 15360 ] ||
  fail "Installed-Size is $installed_kib KiB, over the 15360 KiB budget by $((installed_kib - 15360)) KiB (docs/packaging.md: what each part costs)"

echo "== lintian $(basename "$deb")"
# No error and no warning, and no override file to hide any; info tags are shown. The
# spelling infos are about strings in the statically linked Swift runtime: counted, not listed.
if dpkg-deb -c "$deb" | grep -q 'usr/share/lintian/overrides'; then fail "the package ships a lintian override file"; fi
lintian --fail-on error,warning --display-info "$deb" >"$scratch/lintian.log" 2>&1 || status=$?
grep -v -e '^running with root privileges' -e 'spelling-error-in-binary' "$scratch/lintian.log" || true
echo "($(grep -c 'spelling-error-in-binary' "$scratch/lintian.log" || true) spelling-error-in-binary infos, in the runtime's strings)"
[ "${status:-0}" = 0 ] || fail "lintian found errors or warnings (exit ${status})"

if dpkg-query -W -f='${Status}' bloq 2>/dev/null | grep -q "ok installed"; then
  fail "a bloq package is installed already; remove it first (apt-get purge bloq)"
fi
[ ! -e /usr/games/bloq ] || fail "/usr/games/bloq exists but belongs to no package; remove it first"

# What is on the system before, to compare with after the purge.
snapshot() { find /usr /etc /var/lib/dpkg/info -xdev \( -type f -o -type l \) 2>/dev/null | LC_ALL=C sort; }
snapshot >"$scratch/before"
dpkg-query -W -f='${Package}\n' | LC_ALL=C sort >"$scratch/packages-before"

echo "== apt-get install ./$(basename "$deb")"
(cd "$source" && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "./$(basename "$deb")") \
  >"$scratch/install.log" 2>&1 || { cat "$scratch/install.log"; fail "apt-get install failed"; }
installed=yes
grep -E "^(Setting up|Unpacking) " "$scratch/install.log" || true
dpkg-query -W -f='${Package}\n' | LC_ALL=C sort >"$scratch/packages-after"
pulled_in=$(LC_ALL=C comm -13 "$scratch/packages-before" "$scratch/packages-after" | grep -vx bloq || true)

echo "== the installed game, from $elsewhere"
cd "$elsewhere"
export SDL_VIDEODRIVER=offscreen SDL_RENDER_DRIVER=software SDL_AUDIODRIVER=dummy
export XDG_DATA_HOME=$elsewhere/data XDG_CONFIG_HOME=$elsewhere/config
unset BLOQ_DATA
# A Debian user's PATH holds /usr/games (/etc/profile); root's and sudo's do not.
export PATH=$PATH:/usr/games
[ "$(command -v bloq)" = /usr/games/bloq ] || fail "bloq on the PATH is $(command -v bloq), not /usr/games/bloq"
installed_version=$(bloq --version)
echo "bloq --version: $installed_version"
[ "$installed_version" = "$version" ] || fail "the installed bloq says $installed_version, the package is $version"
# As many levels as the source tree ships, whatever that number is today.
levels=$(find "$source/levels" -name '*.bloq' | wc -l)
result=$(bloq validate /usr/share/bloq/levels)
echo "bloq validate /usr/share/bloq/levels: $result"
[ "$result" = "$levels levels valid" ] || fail "expected \"$levels levels valid\""
# A window, with the libraries the package depends on: a frame of the installed levels.
bloq play --screen levels --screenshot "$elsewhere/levels.png"
[ -s "$elsewhere/levels.png" ] || fail "bloq play --screenshot wrote nothing"
echo "bloq play --screen levels --screenshot: $(stat -c %s "$elsewhere/levels.png") bytes"
# The translations, found by the installed game in /usr/share/locale (../share/locale from
# /usr/games): the key help in German is not the English one, and nothing is said about
# missing translations.
bloq play --lang en --screen help --screenshot "$elsewhere/help-en.png"
bloq play --lang de --screen help --screenshot "$elsewhere/help-de.png" 2>"$elsewhere/help-de.err"
[ ! -s "$elsewhere/help-de.err" ] || { cat "$elsewhere/help-de.err"; fail "bloq play --lang de warned"; }
! cmp -s "$elsewhere/help-en.png" "$elsewhere/help-de.png" || fail "bloq play --lang de showed the English key help"
echo "bloq play --lang de --screen help: German, from /usr/share/locale"
# One executable: the package installs no other program and no library of its own.
others=$(dpkg -L bloq | while read -r file; do [ -f "$file" ] && [ -x "$file" ] && [ "$file" != /usr/games/bloq ] && echo "$file"; done || true)
[ -z "$others" ] || fail "the package installs executables besides /usr/games/bloq: $others"
! dpkg -L bloq | grep -q '\.so' || fail "the package installs a shared library"
echo "one executable: /usr/games/bloq"

echo "== where the files are"
expect() { [ -s "$1" ] || fail "$1 is missing"; echo "ok $1"; }
expect /usr/games/bloq
expect /usr/share/applications/$app_id.desktop
desktop-file-validate /usr/share/applications/$app_id.desktop
expect /usr/share/metainfo/$app_id.metainfo.xml
"$source/scripts/metainfo-check.sh" /usr/share/metainfo/$app_id.metainfo.xml
# Every language of po/LINGUAS: its catalog, and its texts in the entry and the metainfo.
for lang in $(sed -e 's/#.*//' "$source/po/LINGUAS"); do
  expect /usr/share/locale/$lang/LC_MESSAGES/bloq.mo
  grep -q "^Name\[$lang\]=" /usr/share/applications/$app_id.desktop || fail "the desktop entry has no Name[$lang]"
  grep -q "<summary xml:lang=\"$lang\">" /usr/share/metainfo/$app_id.metainfo.xml || fail "the metainfo has no xml:lang=\"$lang\" summary"
done
echo "ok translations: $(sed -e 's/#.*//' "$source/po/LINGUAS" | xargs)"
for size in 16 24 32 48 64 128 256 512; do expect /usr/share/icons/hicolor/${size}x${size}/apps/$app_id.png; done
expect /usr/share/icons/hicolor/scalable/apps/$app_id.svg
expect /usr/share/man/man6/bloq.6.gz
[ "$(man -w bloq)" = /usr/share/man/man6/bloq.6.gz ] || fail "man -w bloq gives $(man -w bloq)"
MANPAGER=cat MANWIDTH=80 man bloq 2>/dev/null | grep -q "bloq $version" || fail "man bloq does not show version $version"
expect /usr/share/doc/bloq/copyright
expect /usr/share/doc/bloq/changelog.gz
expect /usr/share/doc/bloq/NEWS.gz
expect /usr/share/bash-completion/completions/bloq
expect /usr/share/zsh/vendor-completions/_bloq
expect /usr/share/fish/vendor_completions.d/bloq.fish
dpkg -L bloq >"$scratch/owned"

echo "== apt-get purge bloq"
cd "$source"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q bloq >"$scratch/purge.log" 2>&1 || { cat "$scratch/purge.log"; fail "apt-get purge failed"; }
installed=no
grep -E "^(Removing|Purging) " "$scratch/purge.log" || true
if [ -n "$pulled_in" ]; then
  # Packages the install brought in for bloq alone go too, so the system is as it was.
  echo "purging what the install pulled in: $pulled_in"
  # shellcheck disable=SC2086
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get purge -y -q $pulled_in >>"$scratch/purge.log" 2>&1
fi
! dpkg-query -W -f='${Status}' bloq 2>/dev/null | grep -q "installed" || fail "dpkg still lists bloq"
while read -r path; do
  if [ -f "$path" ] || [ -L "$path" ]; then fail "$path was left behind"; fi
done <"$scratch/owned"
snapshot >"$scratch/after"
added=$(LC_ALL=C comm -13 "$scratch/before" "$scratch/after")
[ -z "$added" ] || { echo "$added"; fail "files in /usr, /etc or the dpkg database that were not there before"; }
echo "deb check: passed ($(basename "$deb"): lintian clean, installed, ran from another folder, files in place, purged without a trace)"
