#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# harness-rss.sh [BUILDDIR [PASSES]]: the harness's own memory over many
# tiny passes.  A fake bench program (a shell script printing a COUNT line)
# is run PASSES times (default 500) through 'worldbench run'; the peak RSS
# of the worldbench process (VmHWM) is sampled from /proc while it runs.
# Target: <= 16 MB whatever the number of passes.
set -eu
builddir=${1:-build}
passes=${2:-500}
wb=$(cd "$builddir" && pwd)/bin/worldbench
[ -x "$wb" ] || { echo "harness-rss: $wb not built" >&2; exit 1; }

work=$(mktemp -d "${TMPDIR:-/tmp}/harness-rss.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
mkdir "$work/libexec" "$work/share" "$work/tmp"
printf '#!/bin/sh\necho "COUNT|100|1|lps|0.01" >&2\n' >"$work/libexec/syscall"
chmod 755 "$work/libexec/syscall"

TMPDIR=$work/tmp "$wb" run -q --tests syscall --passes "$passes" \
    --duration 0.01 --libexec "$work/libexec" --datadir "$work/share" \
    -o "$work/r.json" &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
	kb=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null ||
	    true)
	[ -n "$kb" ] && [ "$kb" -gt "$peak" ] && peak=$kb
	sleep 0.2
done
wait "$pid"
n=$(grep -c '"pass":' "$work/r.json")
size=$(wc -c <"$work/r.json")
echo "harness-rss: $n passes, results file $size bytes, peak RSS $peak kB"
[ "$peak" -le 16384 ] || { echo "harness-rss: over 16 MB" >&2; exit 1; }
