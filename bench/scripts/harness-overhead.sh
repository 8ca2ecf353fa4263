#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# harness-overhead.sh [BUILDDIR [SECONDS [PASSES]]]: what the harness costs
# relative to a pass.
#
#  1. Per pass, the harness's wall time (fork to reap, as recorded in the
#     results file) against the time the bench program measured itself
#     (elapsed): the difference is process start, exec, the program's own
#     setup and its COUNT report, and the harness's waiting and reaping.
#  2. The whole 'worldbench run' wall time beyond the pass: start-up,
#     provenance (hashing the suite), scratch directories, the results
#     file written atomically; paid once per run plus a file write per
#     pass, so it is also shown relative to a default 96-pass run.
#  3. The rate of a bench program run directly against its rate through
#     the harness, alternating, to spread the machine's drift.
#
# Target: <= 1% of a pass at the default 10 s passes.  This is
# a benchmark, not a test: on a busy machine the rate comparison is noise.
set -eu
builddir=${1:-build}
secs=${2:-10}
passes=${3:-3}
b=$(cd "$builddir" && pwd)
wb=$b/bin/worldbench
lx=$b/libexec/worldbench
dd=$b/share/worldbench
for f in "$wb" "$lx/syscall" "$lx/pipe"; do
	[ -x "$f" ] || { echo "harness-overhead: $f not built" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/harness-overhead.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM

now() { date +%s.%N; }

for t in syscall pipe; do
	direct=""
	harness=""
	i=0
	while [ "$i" -lt "$passes" ]; do
		i=$((i + 1))
		# Direct: the program alone in a scratch directory.
		mkdir "$work/d$i"
		line=$(cd "$work/d$i" && "$lx/$t" "$secs" 2>&1 >/dev/null)
		rm -rf "$work/d$i"
		direct="$direct $(echo "$line" |
		    awk -F'|' '{ printf "%.6f", $2 / $5 * $3 }')"
		# Through the harness: a run of one pass.
		s=$(now)
		"$wb" run -q --tests "$t" --passes 1 --duration "$secs" \
		    --libexec "$lx" --datadir "$dd" -o "$work/r.json"
		e=$(now)
		harness="$harness $(jq -r --arg t "$(echo "$e $s" |
		    awk '{ print $1 - $2 }')" '.tests[0].samples[0] |
		    "\(.rate):\(.wall):\(.elapsed):\($t)"' "$work/r.json")"
		rm -f "$work/r.json"
	done
	echo "$direct" "|" "$harness" | awk -v t="$t" -v secs="$secs" '
	{
		nd = 0; nh = 0; side = 0
		for (i = 1; i <= NF; i++) {
			if ($i == "|") { side = 1; continue }
			if (!side) { d += log($i); nd++; continue }
			split($i, f, ":")
			h += log(f[1]); pw += f[2] - f[3]; run += f[4] - f[2]
			el += f[3]; nh++
		}
		printf "%s, %s s passes, %d each (direct and harness alternating):\n",
		    t, secs, nd
		printf "  per pass, harness wall - program elapsed: %.4f s = " \
		    "%.3f%% of a pass\n", pw / nh, 100 * pw / el
		printf "  per run, start-up, provenance hashing, writes: %.3f s " \
		    "(%.3f%% of a 96-pass default run)\n", run / nh,
		    100 * (run / nh) / (96 * el / nh)
		printf "  rate direct %.1f, through harness %.1f: %+.2f%%\n",
		    exp(d / nd), exp(h / nh), 100 * (exp(h / nh) / exp(d / nd) - 1)
	}'
done
