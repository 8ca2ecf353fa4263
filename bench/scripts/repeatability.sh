#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# repeatability.sh: the same pair compared N times (default 3) must give
# the same verdicts: for the final score and for every test.
#
# usage: repeatability.sh [-n runs] [-t target] [-m maxtime] [-o outdir]
#            [-w worldbench] A=root B=root [-- extra worldbench run options]
#        repeatability.sh -r [-w worldbench] A B dir ...
#            (compare results already in dir/A.json and dir/B.json)
#
# Prints a table of verdicts per run and "SAME VERDICTS" or "DIFFERENT
# VERDICTS"; exit 0 when every run agrees.
set -eu

runs=3
target=3
maxtime=600
out=
reuse=0
wb=${WORLDBENCH:-worldbench}
here=$(cd "$(dirname "$0")" && pwd)

usage() {
	echo "usage: repeatability.sh [-n runs] [-t target] [-m maxtime] [-o outdir] [-w worldbench] A=root B=root [-- run options]" >&2
	echo "       repeatability.sh -r [-w worldbench] A B dir ..." >&2
	exit 64
}

while getopts m:n:o:rt:w: ch; do
	case $ch in
	m)	maxtime=$OPTARG ;;
	n)	runs=$OPTARG ;;
	o)	out=$OPTARG ;;
	r)	reuse=1 ;;
	t)	target=$OPTARG ;;
	w)	wb=$OPTARG ;;
	*)	usage ;;
	esac
done
shift $((OPTIND - 1))

dirs=
if [ $reuse -eq 1 ]; then
	[ $# -ge 3 ] || usage
	la=$1
	lb=$2
	shift 2
	dirs="$*"
else
	[ $# -ge 2 ] || usage
	a=$1
	b=$2
	shift 2
	[ "${1:-}" = "--" ] && shift
	la=${a%%=*}
	lb=${b%%=*}
	[ -n "$out" ] || out=$(mktemp -d /tmp/wb-repeat.XXXXXX)
	i=1
	while [ $i -le "$runs" ]; do
		d=$out/run$i
		echo "repeatability: run $i of $runs into $d" >&2
		WORLDBENCH=$wb sh "$here/verdict-time.sh" -t "$target" \
		    -m "$maxtime" -o "$d" "$a" "$b" -- "$@" >&2 || true
		dirs="$dirs $d"
		i=$((i + 1))
	done
fi

# One verdict column per run: test id -> verdict of the other variant.
tab=$(mktemp /tmp/wb-repeat-tab.XXXXXX)
trap 'rm -f "$tab"' EXIT
n=0
for d in $dirs; do
	n=$((n + 1))
	"$wb" compare -F csv "$d/$la.json" "$d/$lb.json" |
	    awk -F, -v other="$lb" -v run=$n '$3 == other {
		print $1, run, $19, $13 }' >>"$tab"
done
awk -v n=$n '
{
	v[$1, $2] = $3; r[$1, $2] = $4
	if (!($1 in seen)) { seen[$1] = 1; order[++k] = $1 }
}
END {
	bad = 0
	for (i = 1; i <= k; i++) {
		t = order[i]; line = sprintf("%-18s", t); same = 1
		for (j = 1; j <= n; j++) {
			line = line sprintf(" %14s %7.4f", v[t, j], r[t, j])
			if (v[t, j] != v[t, 1]) same = 0
		}
		if (!same) { bad++; line = line "  <- differs" }
		print line
	}
	if (bad) { printf "DIFFERENT VERDICTS: %d of %d rows\n", bad, k; exit 1 }
	printf "SAME VERDICTS in %d runs (%d rows)\n", n, k
}' "$tab"
