#!/usr/bin/env bash
# Checks the Flatpak manifest without building it (the build needs the network):
# flatpak-builder --show-manifest must read it without a warning, and must give back exactly
# what a YAML parser reads (a key flatpak-builder does not know, or a value of the wrong
# type, is dropped or changed there); then the promises: the application id, the command,
# the Swift SDK extension on the freedesktop runtime, the release tag of this version, and
# finish-args that grant a window, sound and the GPU and nothing else. make check-flatpak.
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

python3 - "$manifest" "$scratch/manifest.json" "$version" <<'EOF'
import json, os, sys
import yaml

path, shown_path, version = sys.argv[1:4]
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
allowed = {"--socket=wayland", "--socket=fallback-x11", "--share=ipc", "--socket=pulseaudio", "--device=dri"}
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
if problems:
    print(f"flatpak check: {path}:", file=sys.stderr)
    for problem in problems:
        print(f"  {problem}", file=sys.stderr)
    sys.exit(1)
print(f"flatpak check: passed ({path}: read by flatpak-builder as written; id {app_id}, "
      f"tag v{version}, finish-args {' '.join(granted)})")
EOF
