#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# html-render-check.sh REPORT.html [OUT.png]: render a worldbench HTML
# report in headless Chromium (Debian's chromium) and check that a
# non-trivial PNG came out: the file exists, is a PNG, is larger than
# 20 KB and is not a single flat colour.  Exit 0 when it rendered.
set -eu

usage() {
	echo "usage: html-render-check.sh report.html [out.png]" >&2
	exit 64
}
[ $# -ge 1 ] && [ $# -le 2 ] || usage
html=$1
[ -f "$html" ] || { echo "html-render-check: $html: no such file" >&2; exit 66; }
case $html in
/*)	;;
*)	html=$(pwd)/$html ;;
esac
out=${2:-$(mktemp /tmp/wb-render.XXXXXX).png}
chromium=$(command -v chromium || command -v chromium-browser || true)
[ -n "$chromium" ] || { echo "html-render-check: chromium is not installed (apt-get install chromium)" >&2; exit 69; }

profile=$(mktemp -d /tmp/wb-chromium.XXXXXX)
trap 'rm -rf "$profile"' EXIT INT TERM
rm -f "$out"
# Chromium writes noise about D-Bus and GPU to stderr; keep it for failures.
if ! timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
    --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync \
    --user-data-dir="$profile" --screenshot="$out" \
    --window-size=1200,1600 "file://$html" >"$profile/log" 2>&1; then
	cat "$profile/log" >&2
	echo "html-render-check: chromium failed" >&2
	exit 1
fi
[ -s "$out" ] || { cat "$profile/log" >&2; echo "html-render-check: no screenshot written" >&2; exit 1; }
magic=$(od -An -tx1 -N8 "$out" | tr -d ' \n')
[ "$magic" = 89504e470d0a1a0a ] || { echo "html-render-check: $out is not a PNG" >&2; exit 1; }
size=$(wc -c <"$out")
# A blank 1200x1600 page compresses to a few KB; a rendered report with
# tables and charts is several times larger.
[ "$size" -gt 20000 ] || { echo "html-render-check: $out is only $size bytes: blank page?" >&2; exit 1; }
echo "html-render-check: $out: $size bytes"
