#!/usr/bin/env bash
# Checks the Flatpak manifest without building it (the build needs the network):
# flatpak-builder --show-manifest must read it without a warning, and must give back exactly
# what a YAML parser reads (a key flatpak-builder does not know, or a value of the wrong
# type, is dropped or changed there); then the promises: the application id, the command,
# the Swift SDK extension on the freedesktop runtime, the release tag of this version, and
# finish-args that grant a window, sound, the GPU and gamepads (--device=all) and nothing else. make check-flatpak.
set -euo pipefail
cd "$(dirname "$0")/.."
manifest=${1:-packaging/flatpak/io.github.bloqlinux.bloq.yml}
[ -f "$manifest" ] || { echo "flatpak check: $manifest is missing" >&2; exit 1; }
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

if ! flatpak-builder --show-manifest "$manifest" >"$scratch/manifest.json" 2>"$scratch/stderr"; then
  cat "$scratch/stderr" >&2
  echo "flatpak check: flatpak-builder cannot read $manifest" >&2
  exit 1
fi
if [ -s "$scratch/stderr" ]; then
  cat "$scratch/stderr" >&2
  echo "flatpak check: flatpak-builder warned about $manifest" >&2
  exit 1
fi
version=$(sed -nE 's/.*static let current = "([^"]+)".*/\1/p' Sources/BloqCLI/Version.swift)
[ -n "$version" ] || { echo "flatpak check: no version in Sources/BloqCLI/Version.swift" >&2; exit 1; }

# The commit the release tag names in this repository, or nothing when it is not tagged yet.
tag_commit=$(git rev-parse --verify --quiet "refs/tags/v$version^{commit}" || true)

python3 - "$manifest" "$scratch/manifest.json" "$version" "$tag_commit" <<'EOF'
import json, os, sys
import yaml

path, shown_path, version, tag_commit = sys.argv[1:5]
with open(path) as f:
    parsed = yaml.safe_load(f)
with open(shown_path) as f:
    shown = json.load(f)
problems = []

def differences(a, b, where):
    """Where the YAML and flatpak-builder's reading of it differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in b:
                problems.append(f"{where}{key}: flatpak-builder does not know this key")
            elif key not in a:
                problems.append(f"{where}{key}: added by flatpak-builder")
            else:
                differences(a[key], b[key], f"{where}{key}.")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            differences(x, y, f"{where}{index}.")
    elif a != b:
        problems.append(f"{where.rstrip('.')}: {a!r} reads as {b!r}")

differences(parsed, shown, "")
app_id = os.path.basename(path).removesuffix(".yml")
expect = {
    "id": app_id,
    "runtime": "org.freedesktop.Platform",
    "sdk": "org.freedesktop.Sdk",
    "command": "bloq",
}
for key, value in expect.items():
    if shown.get(key) != value:
        problems.append(f"{key}: {shown.get(key)!r}, expected {value!r}")
if "org.freedesktop.Sdk.Extension.swift6" not in shown.get("sdk-extensions", []):
    problems.append("sdk-extensions: org.freedesktop.Sdk.Extension.swift6 is missing")
if "/usr/lib/sdk/swift6/bin" not in shown.get("build-options", {}).get("append-path", ""):
    problems.append("build-options.append-path: the Swift SDK extension's bin is missing")
allowed = {"--socket=wayland", "--socket=fallback-x11", "--share=ipc", "--socket=pulseaudio", "--device=all"}
granted = shown.get("finish-args", [])
for arg in granted:
    if arg not in allowed:
        problems.append(f"finish-args: {arg} is more than the game needs")
for arg in sorted(allowed - set(granted)):
    problems.append(f"finish-args: {arg} is missing")
modules = shown.get("modules", [])
sources = [s for m in modules if isinstance(m, dict) and m.get("name") == "bloq" for s in m.get("sources", [])]
tags = [s.get("tag") for s in sources if "bloqlinux/bloq" in s.get("url", "")]
if tags != [f"v{version}"]:
    problems.append(f"the bloq source's tag is {tags}, expected ['v{version}'] (Sources/BloqCLI/Version.swift)")
commits = [s.get("commit") for s in sources if "bloqlinux/bloq" in s.get("url", "")]
if not tag_commit:
    problems.append(f"v{version} is not tagged in this repository yet: make release tags it and writes its commit here")
elif commits != [tag_commit]:
    problems.append(f"the bloq source's commit is {commits}, but v{version} is {tag_commit} here (make release writes it)")
# A maintained runtime: freedesktop-sdk branches are supported for two years from August of
# their year (25.08 until August 2027).
if shown.get("runtime-version") != "25.08":
    problems.append(f"runtime-version {shown.get('runtime-version')!r}: use the maintained 25.08")
# The dependency: a declared source at the version and revision Package.resolved pins, put
# where Package.swift looks for it (vendor/), so SwiftPM fetches nothing.
with open("Package.resolved") as f:
    pins = json.load(f)["pins"]
for pin in pins:
    url = pin["location"].removesuffix(".git") + ".git"
    declared = [s for s in sources if s.get("url") == url]
    expected = {"type": "git", "url": url, "tag": pin["state"]["version"], "commit": pin["state"]["revision"],
                "dest": f"vendor/{pin['identity']}"}
    if [{k: s.get(k) for k in expected} for s in declared] != [expected]:
        problems.append(f"{pin['identity']}: expected one source {expected}, found {declared}")
    # Its patches, as make dist applies them (packaging/patches/IDENTITY-*.patch).
    manifest_folder = os.path.dirname(os.path.abspath(path))
    patch_folder = os.path.join(os.path.dirname(manifest_folder), "patches")
    wanted = sorted(os.path.relpath(os.path.join(patch_folder, name), manifest_folder)
                    for name in os.listdir(patch_folder) if name.startswith(pin["identity"] + "-") and name.endswith(".patch")) \
        if os.path.isdir(patch_folder) else []
    applied = [{"path": s.get("path"), "dest": s.get("dest")} for s in sources if s.get("type") == "patch"]
    if applied != [{"path": p, "dest": f"vendor/{pin['identity']}"} for p in wanted]:
        problems.append(f"{pin['identity']}: patch sources {applied}, expected {wanted} into vendor/{pin['identity']}")
# The game's faces (docs/design.md): every font package the .deb depends on, but the DejaVu
# fonts the runtime has, comes in as a source of the fonts module, by its checksum.
import re
with open("debian/control") as f:
    depends = re.search(r"^Depends: (.*)$", f.read(), re.M).group(1)
font_packages = sorted(p for p in re.findall(r"(fonts-[a-z0-9-]+)", depends) if p != "fonts-dejavu-core")
font_sources = [s for m in modules if isinstance(m, dict) and m.get("name") == "fonts" for s in m.get("sources", [])]
for package in font_packages:
    found = [s for s in font_sources if f"/{package}_" in s.get("url", "") and len(s.get("sha256", "")) == 64]
    if len(found) != 1:
        problems.append(f"{package}: debian/control depends on it, but the fonts module has no source of it with its sha256")
if problems:
    print(f"flatpak check: {path}:", file=sys.stderr)
    for problem in problems:
        print(f"  {problem}", file=sys.stderr)
    sys.exit(1)
print(f"flatpak check: passed ({path}: read by flatpak-builder as written; id {app_id}, "
      f"tag v{version} at {tag_commit[:12]}, dependencies as Package.resolved pins them, "
      f"finish-args {' '.join(granted)})")
EOF
