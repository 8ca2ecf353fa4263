#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
#
# fresh-runs.sh: the "ten fresh make bench runs" measurement of
# doc/results.md, and the table it prints there.  Each run is a fresh
# `git clone` of a repository, then `make bench` in it (the build of the
# toolkit and of the two images included, as a user runs it), one after
# another, with an optional load generator (stress-ng) on every CPU the
# whole time.  For each run it records the exit status, the wall time,
# the load average before and after and the revision in OUTDIR/summary,
# keeps the log (OUTDIR/N.log) and the run directory under its own name
# (OUTDIR/runs/YYYYMMDD-HHMMSS, for doc/results.sh), and removes the
# clone.
#
# usage: fresh-runs.sh [-l workers] [-n runs] [-o outdir] [-r repo]
#        fresh-runs.sh -t outdir ...
#
#   -l workers  run `stress-ng --cpu workers` beside the runs (default:
#               none), the first run starting once the load average
#               shows it; it is stopped when the runs end or are
#               interrupted
#   -n runs     how many runs (default 10)
#   -o outdir   where the logs go (default ${TMPDIR:-/var/tmp}/fresh-runs)
#   -r repo     the repository to clone (default: this checkout)
#   -t          print doc/results.md's Markdown table rows from the
#               summaries and logs of the outdirs given, one row a run
set -u

top=$(cd "$(dirname "$0")/../.." && pwd)
usage() {
	echo "usage: fresh-runs.sh [-l workers] [-n runs] [-o outdir] [-r repo]" >&2
	echo "       fresh-runs.sh -t outdir ..." >&2
	exit 64
}

# One table row per run of outdir $1, named "$2 N".
table() {
	dir=$1
	tag=$(basename "$dir")
	[ -r "$dir/summary" ] || { echo "fresh-runs.sh: $dir/summary: not readable" >&2; return 1; }
	while read -r _ i _ wall ls1 _ _ le1 _ _ _; do
		f=$dir/$i.log
		w=${wall#wall=}
		w=${w%s}
		pl=$(grep -o "preflight: load average [0-9.]*" "$f" | awk '{print $4}')
		ext=$(grep -E "^  \((not )?extended" "$f" |
		    sed -E 's/^  \(//; s/\)$//; s/ of a budget of [0-9]+ s and [0-9]+ passes//')
		printf '| %s %s | %d min %d s | %s / %s | %s | %s | %s | %s | %s |\n' \
		    "$tag" "$i" $((w / 60)) $((w % 60)) "${ls1#load_start=[}" \
		    "${le1#load_end=[}" "$pl" \
		    "$(row "$f" 'Shell Scripts \(1 concurrent\)')" \
		    "$(row "$f" 'Shell Scripts \(8 concurrent\)')" \
		    "$(row "$f" 'Final score')" "$ext"
	done <"$dir/summary"
}

# The ratio, interval and verdict of headline row $2 in log $1.
row() {
	grep -E "^  $2 " "$1" |
	    sed -E 's/^  [A-Za-z ()0-9]+ +([0-9.]+ \[[0-9., ]+\]) +(.*)$/\1 \2/' |
	    sed 's/No difference proven at 95% confidence/no difference proven/'
}

workers=
n=10
out=${TMPDIR:-/var/tmp}/fresh-runs
repo=$top
tmode=
while getopts l:n:o:r:t c; do
	case $c in
	l)	workers=$OPTARG ;;
	n)	n=$OPTARG ;;
	o)	out=$OPTARG ;;
	r)	repo=$OPTARG ;;
	t)	tmode=1 ;;
	*)	usage ;;
	esac
done
shift $((OPTIND - 1))
if [ -n "$tmode" ]; then
	[ $# -ge 1 ] || usage
	for d in "$@"; do
		table "$d" || exit 1
	done
	exit 0
fi
[ $# -eq 0 ] || usage
case $n in ''|*[!0-9]*) echo "fresh-runs.sh: -n $n: not a number" >&2; exit 64 ;; esac

mkdir -p "$out" || exit 1
load=
stop() {
	[ -n "$load" ] && kill -TERM "-$load" 2>/dev/null
	load=
}
trap 'stop' EXIT
trap 'stop; exit 130' INT
trap 'stop; exit 143' TERM HUP
if [ -n "$workers" ]; then
	command -v stress-ng >/dev/null 2>&1 ||
	    { echo "fresh-runs.sh: stress-ng is not installed (apt-get install stress-ng)" >&2; exit 69; }
	setsid stress-ng --cpu "$workers" --timeout 86400 >"$out/stress.log" 2>&1 &
	load=$!
	# The 1-minute load average climbs with a 1-minute time constant:
	# wait (at most 5 minutes) until it shows the generator, so that
	# the first run starts as loaded as the last.
	k=0
	while [ "$k" -lt 300 ] && awk -v w="$workers" \
	    '{ exit !($1 < w * 0.9) }' /proc/loadavg; do
		sleep 5
		k=$((k + 5))
	done
fi
i=1
while [ "$i" -le "$n" ]; do
	d=$out/clone
	rm -rf "$d"
	git clone -q "$repo" "$d" || exit 1
	l0=$(cut -d' ' -f1-3 /proc/loadavg)
	t0=$(date +%s)
	(cd "$d" && make bench) >"$out/$i.log" 2>&1
	rc=$?
	t1=$(date +%s)
	l1=$(cut -d' ' -f1-3 /proc/loadavg)
	echo "run $i rc=$rc wall=$((t1 - t0))s load_start=[$l0] load_end=[$l1] rev=$(git -C "$d" rev-parse --short HEAD)" |
	    tee -a "$out/summary"
	run=$(readlink -f "$d/work/results/bench/latest")
	if [ -n "$run" ] && [ -d "$run" ]; then
		mkdir -p "$out/runs"
		cp -r "$run" "$out/runs/"
	fi
	rm -rf "$d"
	i=$((i + 1))
done
