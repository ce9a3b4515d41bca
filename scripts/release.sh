#!/usr/bin/env bash
# make release: tags the version in Sources/BloqCLI/Version.swift as vVERSION, writes the
# tag's commit into the Flatpak manifest (a commit after the tag: a file cannot name the
# commit that holds it), commits that, and writes the source tarball bloq-VERSION.tar.xz.
# It checks first that the tree is clean and that every place that states the version agrees.
# It pushes nothing: it prints the git push to run.
set -euo pipefail
cd "$(dirname "$0")/.."
fail() { echo "release: $*" >&2; exit 1; }
manifest=packaging/flatpak/io.github.bloqlinux.bloq.yml
metainfo=Assets/io.github.bloqlinux.bloq.metainfo.xml

[ -z "$(git status --porcelain)" ] || fail "the work tree has changes; commit them first"
version=$(sed -nE 's/.*static let current = "([^"]+)".*/\1/p' Sources/BloqCLI/Version.swift)
[ -n "$version" ] || fail "no version in Sources/BloqCLI/Version.swift"
changelog=$(dpkg-parsechangelog -l debian/changelog -S Version)
release=$(sed -nE 's/.*<release version="([^"]+)".*/\1/p' "$metainfo" | head -1)
news=$(sed -nE 's/^([0-9]+\.[0-9]+\.[0-9]+[^ ]*) \([0-9-]+\)$/\1/p' NEWS | head -1)
for stated in "debian/changelog:$changelog" "$metainfo:$release" "NEWS:$news"; do
  [ "${stated#*:}" = "$version" ] || fail "${stated%%:*} says ${stated#*:}, Version.swift says $version"
done

tag=v$version
if git rev-parse --verify --quiet "refs/tags/$tag" >/dev/null; then
  echo "release: $tag exists already ($(git rev-parse --short "$tag^{commit}"))"
else
  git tag -a "$tag" -m "Bloq for Linux $version"
  echo "release: tagged $tag at $(git rev-parse --short HEAD)"
fi
commit=$(git rev-parse "$tag^{commit}")

# The bloq source's `tag:` line, then its `commit:` line (replaced, or added after the tag).
python3 - "$manifest" "$tag" "$commit" <<'PY'
import re, sys
path, tag, commit = sys.argv[1:4]
text = open(path).read()
source = re.compile(r"(\n(\s+)- type: git\n\s+url: https://github\.com/bloqlinux/bloq\.git\n\s+tag: )\S+\n(\s+commit: \S+\n)?")
match = source.search(text)
if not match:
    sys.exit(f"release: no bloq git source in {path}")
indent = match.group(2) + "  "
text = text[:match.start()] + f"{match.group(1)}{tag}\n{indent}commit: {commit}\n" + text[match.end():]
open(path, "w").write(text)
PY
if [ -n "$(git status --porcelain "$manifest")" ]; then
  git commit -q -m "Flatpak manifest: build the $tag release

It names the tag's commit, $commit, which make release
could only write after tagging." -- "$manifest"
  echo "release: $manifest now builds $tag at ${commit:0:12} (committed)"
fi
scripts/make-dist.sh
echo "release: done. Publish with: git push origin $tag HEAD; attach bloq-$version.tar.xz to the release"
