#!/usr/bin/env bash
# Applies packaging/patches/swift-argument-parser-*.patch to the source SwiftPM builds
# swift-argument-parser from, once: make build, make test (and the other targets that
# build), and make dist run it, so debian/rules (which runs make build) does too; the
# Flatpak manifest declares the same files as patch sources. The one patch there makes the
# parser link no FoundationEssentials, 6 MB of the installed size (docs/packaging.md).
#
# The folder: FOLDER when given (make dist passes the tarball's vendor/ copy); else
# vendor/swift-argument-parser when it is there (the unpacked tarball, the Flatpak build),
# already patched, so nothing is done; else SwiftPM's checkout, SCRATCH/checkouts/
# swift-argument-parser (SCRATCH: the build folder, .build unless --scratch-path says
# otherwise), checked out first by `swift package resolve` when it is missing or not at the
# revision Package.resolved pins.
#
# Idempotent: a patch already applied is left as it is (a reverse dry run tells), so a second
# make changes nothing. A patch that neither applies nor is applied stops the build with what
# to do. SwiftPM checks the checkout out again when the pin changes (it discards the change);
# the next make applies it again.
#
# usage: scripts/patch-dependencies.sh [--scratch-path SCRATCH | FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "patch-dependencies: $*" >&2; exit 1; }
command -v patch >/dev/null || fail "patch is missing; install it with: apt-get install patch"

scratch=.build
folder=""
case "${1:-}" in
  --scratch-path) scratch=${2:?usage: scripts/patch-dependencies.sh [--scratch-path SCRATCH | FOLDER]} ;;
  "") ;;
  *) folder=$1 ;;
esac

patches=()
for file in packaging/patches/swift-argument-parser-*.patch; do
  [ -f "$file" ] && patches+=("$PWD/$file")
done
[ "${#patches[@]}" -gt 0 ] || exit 0

if [ -z "$folder" ]; then
  if [ -f vendor/swift-argument-parser/Package.swift ]; then
    folder=vendor/swift-argument-parser
  else
    folder=$scratch/checkouts/swift-argument-parser
    pinned=$(sed -nE 's/^ *"revision" : "([0-9a-f]+)",?$/\1/p' Package.resolved 2>/dev/null | head -1)
    [ -n "$pinned" ] || fail "Package.resolved pins no revision of swift-argument-parser"
    current=$(git -C "$folder" rev-parse HEAD 2>/dev/null || true)
    if [ "$current" != "$pinned" ]; then
      ${SWIFT:-swift} package resolve --scratch-path "$scratch" ||
        fail "swift package resolve failed: SwiftPM could not check swift-argument-parser out"
    fi
  fi
fi
[ -f "$folder/Package.swift" ] || fail "$folder holds no Swift package"

# -f: ask nothing, and never take a patch for a reversed one; --fuzz=0: the context must match
# exactly; no backup or reject files are left in the package's folder.
options=(-p1 -f -s --fuzz=0 --no-backup-if-mismatch --reject-file=- -d "$folder")
for file in "${patches[@]}"; do
  name=${file#"$PWD/"}
  if patch "${options[@]}" -R --dry-run <"$file" >/dev/null 2>&1; then
    continue
  elif patch "${options[@]}" -N --dry-run <"$file" >/dev/null 2>&1; then
    patch "${options[@]}" -N <"$file" || fail "$name did not apply to $folder"
    echo "patch-dependencies: applied $name to $folder"
  else
    fail "$name neither applies to $folder nor is applied there: the dependency's version changed (update the patch for it) or its files were edited (for SwiftPM's checkout: rm -rf $folder, and the next make checks it out again)"
  fi
done
