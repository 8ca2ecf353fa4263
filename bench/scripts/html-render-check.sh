#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# html-render-check.sh [-s WIDTH,HEIGHT] REPORT.html [OUT.png]: render a
# worldbench HTML report in headless Chromium (Debian's chromium) at a
# window of WIDTH x HEIGHT pixels (default 1280,1600) and check that a
# non-trivial PNG came out (the file exists, is a PNG, is larger than
# 20 KB) and that the page fits the width: its laid-out scroll width is
# at most WIDTH, so no table or chart needs a horizontal scroll bar.
# Exit 0 when it rendered and fits.
set -eu

usage() {
	echo "usage: html-render-check.sh [-s width,height] report.html [out.png]" >&2
	exit 64
}
window=1280,1600
if [ $# -ge 2 ] && [ "$1" = -s ]; then
	window=$2
	shift 2
fi
case $window in
[0-9]*,[0-9]*)	;;
*)	usage ;;
esac
width=${window%,*}
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
    --window-size="$window" "file://$html" >"$profile/log" 2>&1; then
	cat "$profile/log" >&2
	echo "html-render-check: chromium failed" >&2
	exit 1
fi
[ -s "$out" ] || { cat "$profile/log" >&2; echo "html-render-check: no screenshot written" >&2; exit 1; }
magic=$(od -An -tx1 -N8 "$out" | tr -d ' \n')
[ "$magic" = 89504e470d0a1a0a ] || { echo "html-render-check: $out is not a PNG" >&2; exit 1; }
# The laid-out width: a copy of the report whose title becomes the page's
# scroll width once it is laid out, read back from the DOM.
probe="$profile/probe.html"
sed 's|</body>|<script>document.title="scrollWidth="+document.documentElement.scrollWidth</script></body>|' \
    "$html" >"$probe"
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
    --disable-quic --no-first-run --disable-background-networking \
    --disable-component-update --disable-sync \
    --user-data-dir="$profile" --window-size="$window" --dump-dom \
    "file://$probe" >"$profile/dom" 2>"$profile/log" || true
sw=$(sed -n 's/.*<title>scrollWidth=\([0-9]*\)<\/title>.*/\1/p' "$profile/dom" | head -n 1)
[ -n "$sw" ] || { cat "$profile/log" >&2; echo "html-render-check: the page's width could not be read" >&2; exit 1; }
if [ "$sw" -gt "$width" ]; then
	echo "html-render-check: $html is $sw px wide, more than the $width px window" >&2
	exit 1
fi
size=$(wc -c <"$out")
# A blank page compresses to a few KB; a rendered report with
# tables and charts is several times larger.
[ "$size" -gt 20000 ] || { echo "html-render-check: $out is only $size bytes: blank page?" >&2; exit 1; }

echo "html-render-check: $out: $size bytes, $sw px wide (window $window)"
