#!/usr/bin/env bash
# Writes bloq-VERSION.tar.xz in the source folder (make dist): the files git tracks, as they
# are in the working tree, plus the source of the one Swift package dependency under
# vendor/swift-argument-parser, at the revision Package.resolved pins, with the patches of
# packaging/patches/swift-argument-parser-*.patch applied (the one there makes it link no
# Foundation, which saves 6 MB of the installed size: docs/packaging.md). Package.swift uses
# vendor/ when it is there, so the unpacked tarball builds with no network and an empty
# SwiftPM cache (make dist-check proves it). VERSION is the one in
# Sources/BloqCLI/Version.swift. The tarball's bytes depend only on those files: names
# sorted, owner root, every date the debian/changelog entry's (SOURCE_DATE_EPOCH).
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "make-dist: $*" >&2; exit 1; }
for tool in git tar xz dpkg-parsechangelog patch; do
  command -v "$tool" >/dev/null || fail "$tool is missing; install it with: apt-get install git tar xz-utils dpkg-dev patch"
done

version=$(sed -nE 's/.*static let current = "([^"]+)".*/\1/p' Sources/BloqCLI/Version.swift)
[ -n "$version" ] || fail "no version in Sources/BloqCLI/Version.swift"
changelog_version=$(dpkg-parsechangelog -l debian/changelog -S Version)
[ "$version" = "$changelog_version" ] ||
  fail "Version.swift says $version but debian/changelog starts at $changelog_version; add a changelog entry for $version"

# The pin: one remote package, its URL, version and revision.
pin() { sed -nE "s/^ *\"$1\" : \"([^\"]+)\",?$/\1/p" Package.resolved; }
[ "$(pin identity)" = swift-argument-parser ] || fail "Package.resolved does not pin swift-argument-parser (and only it)"
location=$(pin location)
revision=$(pin revision)
dependency_version=$(pin version)
[ -n "$location" ] && [ -n "$revision" ] && [ -n "$dependency_version" ] || fail "Package.resolved: no location, revision or version"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
name=bloq-$version
tree=$scratch/$name
mkdir -p "$tree/vendor"

# The project: tracked files with their working-tree contents (a file deleted but not yet
# committed is left out).
git ls-files -z | while IFS= read -r -d '' file; do
  [ -e "$file" ] || [ -L "$file" ] || continue
  printf '%s\0' "$file"
done | tar --null --no-recursion --files-from=- -cf - | tar -xf - -C "$tree"
# SwiftPM drops a pin for a package it no longer fetches, and would delete the file in the
# unpacked tree; vendor/README.md records the pin instead.
rm -f "$tree/Package.resolved"

# The dependency, from SwiftPM's own clone when a build made one, else from its URL (which
# needs the network, or a git url.insteadOf mirror).
repository=""
for candidate in .build/repositories/swift-argument-parser-*; do
  if [ -d "$candidate" ] && git -C "$candidate" cat-file -e "$revision^{commit}" 2>/dev/null; then repository=$candidate; fi
done
if [ -z "$repository" ]; then
  git clone --quiet --bare "$location" "$scratch/swift-argument-parser.git" || fail "cannot clone $location"
  repository=$scratch/swift-argument-parser.git
fi
git -C "$repository" cat-file -e "$revision^{commit}" 2>/dev/null || fail "$location has no commit $revision"
tagged=$(git -C "$repository" rev-parse --verify --quiet "refs/tags/$dependency_version^{commit}" || true)
[ "$tagged" = "$revision" ] || fail "$location: tag $dependency_version is ${tagged:-missing}, Package.resolved pins $revision"
git -C "$repository" archive --format=tar --prefix=swift-argument-parser/ "$revision" | tar -xf - -C "$tree/vendor"
# The patches, applied as make build applies them to SwiftPM's checkout (the same script).
scripts/patch-dependencies.sh "$tree/vendor/swift-argument-parser" >/dev/null ||
  fail "packaging/patches does not apply to swift-argument-parser $dependency_version"
patches=""
for file in packaging/patches/swift-argument-parser-*.patch; do
  [ -f "$file" ] || continue
  patches="$patches
- \`$file\`: $(sed -n 's/^Description: //p' "$file" | head -1)"
done
cat >"$tree/vendor/README.md" <<EOF
# Vendored dependencies

\`make dist\` put these here; they are not in the git repository. Package.swift uses
\`vendor/swift-argument-parser\` in place of the remote package when the folder exists, so
this source tree builds with no network and no SwiftPM cache.

| package | URL | version | revision |
| --- | --- | --- | --- |
| swift-argument-parser | $location | $dependency_version | $revision |

Changed from that revision by these patches (each says what and why), applied by
\`make dist\` with \`scripts/patch-dependencies.sh\`, which \`make build\` runs too (it finds
them applied here and changes nothing):
$patches

swift-argument-parser is Apache License 2.0 with the Runtime Library Exception
(\`swift-argument-parser/LICENSE.txt\`); debian/copyright lists it.
EOF

SOURCE_DATE_EPOCH=$(dpkg-parsechangelog -l debian/changelog -S Timestamp)
out=$PWD/$name.tar.xz
(cd "$scratch" && tar --sort=name --mtime="@$SOURCE_DATE_EPOCH" --owner=0 --group=0 --numeric-owner \
  --mode='u+rwX,go+rX,go-w' --format=gnu -cf - "$name") | xz -9 -T1 >"$out.tmp"
mv "$out.tmp" "$out"
echo "make-dist: wrote $(basename "$out") ($(stat -c %s "$out") bytes; swift-argument-parser $dependency_version at $revision)"
