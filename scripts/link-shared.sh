#!/usr/bin/env bash
# Links the installed form of the two release binaries (make install runs it after make
# build): one private library, libbloq-core.so, with the Swift runtime, FoundationEssentials,
# swift-argument-parser and every module bloq and bloq-window share, linked in statically;
# and the two executables, which hold only their own code and load the library from
# ../lib/bloq beside their folders. The statically linked bloq and bloq-window that make
# build leaves in .build/release each carry a whole copy of the runtime (15 MB each);
# these three files hold it once (docs/packaging.md). bloq still loads no SDL: SDL is
# linked into bloq-window only.
#
# The objects are the ones SwiftPM linked (each product's Objects.LinkFileList): the library
# gets the objects both products link, each executable the rest. The library exports only
# the symbols the executables use (a version script), so --gc-sections can drop what nothing
# reaches. usage: scripts/link-shared.sh BIN_PATH OUT_DIR [LINKER_FLAG ...]
set -euo pipefail
bin=${1:?usage: scripts/link-shared.sh BIN_PATH OUT_DIR [LINKER_FLAG ...]}
out=${2:?usage: scripts/link-shared.sh BIN_PATH OUT_DIR [LINKER_FLAG ...]}
shift 2
linker_flags=("$@")
fail() { echo "link-shared: $*" >&2; exit 1; }
library=libbloq-core.so.0

swiftc=$(command -v swiftc) || fail "no swiftc on the PATH"
toolchain=$(dirname "$(dirname "$(readlink -f "$swiftc")")")
static=$toolchain/lib/swift_static/linux
clang=$toolchain/bin/clang
autolink=$toolchain/bin/swift-autolink-extract
swiftrt=$static/$(uname -m)/swiftrt.o
for file in "$clang" "$autolink" "$swiftrt"; do [ -e "$file" ] || fail "$file is missing from the Swift toolchain"; done

objects() {
  local list=$bin/$1.product/Objects.LinkFileList
  [ -f "$list" ] || fail "$list is missing; build the product first (make build)"
  sed -e 's/^"//' -e 's/"$//' "$list" | LC_ALL=C sort -u
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
objects bloq >"$scratch/bloq.all"
objects bloq-window >"$scratch/window.all"
LC_ALL=C comm -12 "$scratch/bloq.all" "$scratch/window.all" >"$scratch/core"
LC_ALL=C comm -23 "$scratch/bloq.all" "$scratch/core" >"$scratch/bloq"
LC_ALL=C comm -23 "$scratch/window.all" "$scratch/core" >"$scratch/window"
[ -s "$scratch/core" ] && [ -s "$scratch/bloq" ] && [ -s "$scratch/window" ] || fail "the products share no objects, or one has none of its own"
mapfile -t core <"$scratch/core"
mapfile -t bloq_objects <"$scratch/bloq"
mapfile -t window_objects <"$scratch/window"

# The Swift libraries any of the objects asks for (their autolink entries), linked
# statically into the library: the executables get their Swift runtime from it too (bloq-window's
# own objects use Synchronization, which none of the shared ones may). The library's system
# libraries are the shared objects' own only (SDL stays out of it).
swift_library() { [ -e "$static/lib${1#-l}.a" ]; }
"$autolink" "${core[@]}" -o "$scratch/core.libs"
"$autolink" "${core[@]}" "${bloq_objects[@]}" "${window_objects[@]}" -o "$scratch/all.libs"
archives=()
swift_flags=()
while read -r flag; do
  if swift_library "$flag"; then
    archives+=("$static/lib${flag#-l}.a")
    swift_flags+=("$flag")
  fi
done < <(awk '!seen[$0]++' "$scratch/all.libs")

# The symbols the executables take from the library: undefined in their objects (and in
# swiftrt.o, which registers each image with the runtime), defined in none of them, and
# defined in the shared objects or the Swift archives (the rest come from libc or SDL).
nm -u --format=just-symbols "${bloq_objects[@]}" "${window_objects[@]}" "$swiftrt" | LC_ALL=C sort -u >"$scratch/undefined"
nm --defined-only --format=just-symbols "${bloq_objects[@]}" "${window_objects[@]}" | LC_ALL=C sort -u >"$scratch/defined"
nm --defined-only --format=just-symbols "${core[@]}" "${archives[@]}" 2>/dev/null | LC_ALL=C sort -u >"$scratch/provided"
LC_ALL=C comm -23 "$scratch/undefined" "$scratch/defined" | LC_ALL=C comm -12 - "$scratch/provided" >"$scratch/exported"
{
  echo "{ global:"
  sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/.*/  "&";/' "$scratch/exported"
  echo "local: *; };"
} >"$scratch/exports.map"
# Each is pulled out of the archives even if the library's own objects do not need it.
sed 's/.*/--undefined=&/' "$scratch/exported" >"$scratch/undefined.rsp"

# An object's system libraries: its autolink entries that are not Swift's own.
system_libraries() {
  local flag
  "$autolink" "$@" -o - | awk '!seen[$0]++' | while read -r flag; do
    swift_library "$flag" || echo "$flag"
  done
}

mkdir -p "$out"
common=(-fuse-ld=lld -Wl,--build-id -Wl,--gc-sections -Wl,-z,now -Wl,-z,pack-relative-relocs "${linker_flags[@]}")
"$clang" -shared -o "$out/$library" -Wl,-soname,$library "$swiftrt" \
  -Wl,--start-group "${core[@]}" -Wl,--end-group \
  -L"$static" "${swift_flags[@]}" $(cat "$scratch/core.libs") -lstdc++ -lm -ldl -lpthread \
  -Wl,--version-script="$scratch/exports.map" -Wl,@"$scratch/undefined.rsp" "${common[@]}"

# An executable: its objects, the library, and its system libraries; main is the entry
# function SwiftPM named after the product.
link_executable() {
  local name=$1 runpath=$2
  shift 2
  "$clang" -pie -o "$out/$name" "$swiftrt" "$@" -L"$out" -l:$library $(system_libraries "$@") \
    -Wl,--defsym,main="${name//-/_}_main" -Wl,-rpath,"$runpath" "${common[@]}"
}
# Installed, bloq is in BINDIR and bloq-window in LIBEXECDIR/bloq, the library in
# PREFIX/lib/bloq (make install): one and two folders up from them.
link_executable bloq '$ORIGIN/../lib/bloq' "${bloq_objects[@]}"
link_executable bloq-window '$ORIGIN/../../lib/bloq' "${window_objects[@]}"
echo "link-shared: $out/{bloq,bloq-window,$library} ($(wc -l <"$scratch/exported") symbols shared)"
