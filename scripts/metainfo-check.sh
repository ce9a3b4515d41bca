#!/usr/bin/env bash
# appstreamcli validate --pedantic --no-net on a metainfo file, clean meaning no line at all:
# pedantic notes and infos fail it too (appstreamcli itself exits 0 on those). --no-net: the
# screenshots and links point at the published repository, which this check must not need.
# One line is let through, and only from AppStream before 1.0 (Debian 12 has 0.16): its
# "unknown-tag developer", for <developer id>, which AppStream 1.0 (Flathub's validator)
# asks for in place of the deprecated <developer_name>.
set -euo pipefail
file=${1:?usage: scripts/metainfo-check.sh FILE.metainfo.xml}
version=$(appstreamcli --version | sed -nE 's/^AppStream version: ([0-9]+)\..*/\1/p')
report=$(appstreamcli validate --pedantic --no-net "$file") || { echo "$report"; echo "metainfo check: $file is invalid" >&2; exit 1; }
left=$(grep -E '^[EWIP]: ' <<<"$report" || true)
if [ "${version:-1}" = 0 ]; then left=$(grep -vE '^I: [^ ]+: unknown-tag developer$' <<<"$left" || true); fi
if [ -n "$left" ]; then
  echo "$report"
  echo "metainfo check: $file is not clean" >&2
  exit 1
fi
echo "metainfo check: $file clean (appstreamcli validate --pedantic, AppStream $(appstreamcli --version | sed -nE 's/^AppStream version: //p'))"
