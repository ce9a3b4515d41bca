#!/usr/bin/env bash
# What the source tarball promises, proven (make dist-check): unpacked in two folders of
# different names and depths, each builds its .deb with dpkg-buildpackage -us -uc -b
#   - with no network: in a new network namespace (unshare -n), only a loopback that is down;
#   - with an empty SwiftPM cache: HOME is a new empty folder, and git reads no system or
#     user configuration (this machine's /etc/gitconfig maps github.com to a local mirror,
#     which would otherwise let SwiftPM fetch with no network);
#   - from vendor/ alone: SwiftPM makes no .build/checkouts or .build/repositories;
# and then the two packages' binaries are the same bytes (cmp), and no installed file holds
# either build folder's path (grep -r on the unpacked packages).
set -euo pipefail
cd "$(dirname "$0")/.."
tarball=${1:?usage: scripts/dist-check.sh bloq-VERSION.tar.xz}
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
fail() { echo "dist check: $*" >&2; exit 1; }
[ -f "$tarball" ] || fail "$tarball is missing; make dist writes it"
name=$(basename "$tarball" .tar.xz)
version=${name#bloq-}
arch=$(dpkg --print-architecture)
# unshare -n needs root; as another user, a user namespace gives the same empty network.
isolate=(unshare -n)
[ "$(id -u)" = 0 ] || isolate=(unshare -r -n)
"${isolate[@]}" true || fail "cannot make a network namespace (${isolate[*]})"

scratch=$(mktemp -d)
# DIST_CHECK_KEEP=1 keeps the two builds for a look after a failure.
if [ -n "${DIST_CHECK_KEEP:-}" ]; then trap 'echo "dist check: the builds are kept in $scratch"' EXIT; else trap 'rm -rf "$scratch"' EXIT; fi
folders=("$scratch/first/$name" "$scratch/second/deeper/folder/$name")

for folder in "${folders[@]}"; do
  mkdir -p "$(dirname "$folder")" "$folder.home"
  tar -xf "$tarball" -C "$(dirname "$folder")"
  echo "== dpkg-buildpackage -us -uc -b in $folder (no network, empty HOME, no git configuration)"
  # The network really is gone: nothing answers, not even the package mirror's host.
  if "${isolate[@]}" bash -c 'exec 3<>/dev/tcp/1.1.1.1/443' 2>/dev/null; then fail "the namespace has a network"; fi
  (cd "$folder" && env -i PATH="$PATH" HOME="$folder.home" LANG=C.UTF-8 GIT_CONFIG_NOSYSTEM=1 \
    "${isolate[@]}" dpkg-buildpackage -us -uc -b) >"$folder.log" 2>&1 || {
    tail -40 "$folder.log"
    fail "the build in $folder failed (log above)"
  }
  grep -E "^dpkg-deb: building package" "$folder.log" || true
  # SwiftPM makes these two folders in any case; a fetch would fill them.
  for fetched in .build/checkouts .build/repositories; do
    [ -z "$(find "$folder/$fetched" -mindepth 1 -print -quit 2>/dev/null)" ] ||
      fail "SwiftPM filled $fetched in $folder: it fetched instead of using vendor/"
  done
  grep -q '"kind" : "fileSystem"' "$folder/.build/workspace-state.json" &&
    grep -q "\"location\" : \"$folder/vendor/swift-argument-parser\"" "$folder/.build/workspace-state.json" ||
    fail "SwiftPM's workspace in $folder does not take swift-argument-parser from vendor/"
  [ -z "$(find "$folder.home" -mindepth 1 -path '*swiftpm*' -name '*argument-parser*' -print -quit)" ] ||
    fail "SwiftPM cached swift-argument-parser under HOME"
  deb=$(dirname "$folder")/bloq_${version}_${arch}.deb
  [ -f "$deb" ] || fail "no $deb"
  dpkg-deb -x "$deb" "$folder.unpacked"
done

# From here on every difference and every build path is listed before the check fails.
problems=0
echo "== the same binaries from both folders"
for binary in usr/games/bloq; do
  if cmp "${folders[0]}.unpacked/$binary" "${folders[1]}.unpacked/$binary"; then
    echo "same bytes: /$binary ($(stat -c %s "${folders[0]}.unpacked/$binary") bytes, sha256 $(sha256sum <"${folders[0]}.unpacked/$binary" | cut -c1-16))"
  else
    echo "DIFFERENT: /$binary"; problems=$((problems + 1))
  fi
done
if cmp -s <(cd "${folders[0]}.unpacked" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) \
  <(cd "${folders[1]}.unpacked" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum); then
  echo "same files: every file of the two packages"
else
  echo "DIFFERENT: the two packages' files:"
  diff <(cd "${folders[0]}.unpacked" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) \
    <(cd "${folders[1]}.unpacked" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum) || true
  problems=$((problems + 1))
fi

echo "== no build folder in any installed file"
for folder in "${folders[@]}"; do
  for unpacked in "${folders[@]/%/.unpacked}"; do
    while IFS= read -r file; do
      echo "BUILD PATH in ${file#"$unpacked"}: $(strings "$file" | grep -F "$folder" | head -1)"
      problems=$((problems + 1))
    done < <(grep -rl --binary-files=text -F "$folder" "$unpacked" || true)
  done
done
# Nor the part every build folder shares with the machine that made it.
while IFS= read -r file; do
  echo "BUILD PATH in ${file#"${folders[0]}.unpacked"}: $scratch"; problems=$((problems + 1))
done < <(grep -rl --binary-files=text -F "$scratch" "${folders[0]}.unpacked" || true)
[ "$problems" = 0 ] || fail "$problems problems above"
echo "no file holds $scratch or the build folders under it"
echo "dist check: passed ($name.tar.xz built offline in two folders; same binaries; no build path)"
