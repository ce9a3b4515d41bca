#!/usr/bin/env bash
# Turns a staged `make install DESTDIR=STAGE PREFIX=/usr` into bloq_VERSION_ARCH.deb in the
# source folder: strips the two binaries, adds the copyright file and the changelog, computes
# Depends with dpkg-shlibdeps over both binaries, writes DEBIAN/control with dpkg-gencontrol
# from packaging/debian, and builds with dpkg-deb. `make deb` runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
source=$PWD
stage=${1:?usage: scripts/make-deb.sh WORK/debian/bloq (a make install DESTDIR with PREFIX=/usr)}
package=bloq
stage=$(cd "$stage" && pwd)
# dpkg-shlibdeps and dpkg-gencontrol expect the layout of a source package: debian/control
# and debian/changelog beside debian/bloq, the package's tree, in the current folder.
[ "$(basename "$stage")" = "$package" ] && [ "$(basename "$(dirname "$stage")")" = debian ] || {
  echo "make-deb: the staged tree must be a folder WORK/debian/$package, not $stage" >&2; exit 1; }
work=$(dirname "$(dirname "$stage")")
binaries=(usr/bin/bloq usr/libexec/bloq/bloq-window)

for tool in dpkg-shlibdeps dpkg-gencontrol dpkg-parsechangelog dpkg-deb strip; do
  command -v "$tool" >/dev/null || { echo "make-deb: $tool is missing; install it with: apt-get install dpkg-dev binutils" >&2; exit 1; }
done
for binary in "${binaries[@]}"; do
  [ -x "$stage/$binary" ] || { echo "make-deb: $stage/$binary is missing; run make deb, which stages make install first" >&2; exit 1; }
done

# One version: the one bloq --version prints (Sources/BloqCLI/Version.swift) must head the
# Debian changelog, or the package would say one version and the program another.
version=$("$stage/usr/bin/bloq" --version)
changelog_version=$(dpkg-parsechangelog -l packaging/debian/changelog -S Version)
if [ "$version" != "$changelog_version" ]; then
  echo "make-deb: bloq --version says $version but packaging/debian/changelog starts at $changelog_version;" >&2
  echo "  add a changelog entry for $version (and a <release> to the metainfo)" >&2
  exit 1
fi
arch=$(dpkg --print-architecture)
# File dates in the package come from the changelog entry, so a rebuild gives the same bytes.
SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l packaging/debian/changelog -S Timestamp)
export SOURCE_DATE_EPOCH

# What dh_strip would do: no symbol tables or .comment (debug info stays out of the package).
for binary in "${binaries[@]}"; do
  strip --strip-unneeded --remove-section=.comment "$stage/$binary"
done

doc=$stage/usr/share/doc/$package
# The copyright file carries the licence: no second copy (lintian: extra-license-file).
rm "$stage/usr/share/bloq/LICENSE"
install -Dm644 packaging/debian/copyright "$doc/copyright"
# A native package: its changelog is changelog.gz. Compressed as dh_compress does (-9n).
gzip -9n < packaging/debian/changelog > "$doc/changelog.gz"
gzip -9n "$stage/usr/share/man/man6/bloq.6"
# Each override in it says why.
install -Dm644 packaging/debian/lintian/overrides "$stage/usr/share/lintian/overrides/$package"

# Owner root (dpkg-deb --root-owner-group), and modes that do not depend on the umask.
find "$stage" -type d -exec chmod 0755 {} +
find "$stage" -type f -exec chmod 0644 {} +
for binary in "${binaries[@]}"; do chmod 0755 "$stage/$binary"; done

cp packaging/debian/control packaging/debian/changelog "$work/debian/"
mkdir -p "$stage/DEBIAN"
cd "$work"
rm -f debian/substvars debian/files
dpkg-shlibdeps -Tdebian/substvars "${binaries[@]/#/debian/$package/}"
dpkg-gencontrol -p"$package" -Pdebian/"$package" -Tdebian/substvars
(cd "$stage" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) > "$stage/DEBIAN/md5sums"
chmod 0644 "$stage/DEBIAN/control" "$stage/DEBIAN/md5sums"

deb=$source/${package}_${version}_${arch}.deb
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >/dev/null
echo "make-deb: built $(basename "$deb")"
dpkg-deb --field "$deb" Version Architecture Installed-Size Depends
