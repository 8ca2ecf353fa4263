#!/bin/sh
# adaptive-fpr.sh: the false-positive rate of worldbench run --target-ci
# under the null (two variants with no difference), simulated through the
# two-stage rule of lib/adapt.c and the intervals of lib/compare.c by
# build/bin/adaptive-fpr (bench/scripts/adaptive-fpr.c, built by "make
# tests"): 12 tests with 5% to 30% noise per pass, lognormal, a drift
# common to both variants per round, 3 planned passes (--quick), at most
# 30.  Stage one is the first 10 pairs of every test; their variances
# alone fix one count of pairs for all tests, and compare reports the
# run with Stein's intervals (stage-one variance, 9 degrees of freedom).
#
# usage: adaptive-fpr.sh [-n runs] [-o] [target ...]
# -o also runs, for comparison, the earlier rules (stop as soon as the
# final-score interval is narrow; the same once every test has 10 pairs)
# and fixed designs of 10 and 30 passes with no adaptation.
# Targets default to 3 2 1 (percent); runs to 20000 per target.
#
# Prints, per target, the mean passes per test and three rates: the
# final-score test unadjusted at 95% (with its Monte Carlo standard
# error), the final-score verdict as compare reports it (in the Holm
# family), and runs with any significant row.  Exit 1 when, for the
# two-stage rule, the unadjusted final-score rate plus two standard
# errors or the reported final-score rate is above 5%.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
runs=20000
old=
while getopts n:o ch; do
	case $ch in
	n)	runs=$OPTARG ;;
	o)	old=1 ;;
	*)	echo "usage: adaptive-fpr.sh [-n runs] [-o] [target ...]" >&2
		exit 64 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- 3 2 1
sim=$top/build/bin/adaptive-fpr
[ -x "$sim" ] || make -C "$top" tests >/dev/null
out=$("$sim" -n "$runs" "$@")
echo "$out"
if [ -n "$old" ]; then
	"$sim" -o -n "$runs" "$@"
	"$sim" -M 10 -n "$runs" "$@"
	"$sim" -F -p 10 -m 10 -n "$runs" 10
	"$sim" -F -p 30 -m 30 -n "$runs" 30
fi
# Columns: target, passes/test, raw%, "+-", s.e., reported%, any-row%.
echo "$out" | awk 'NR > 2 { r = $3; s = $5; f = $6
	sub("%", "", r); sub("%", "", f)
	if (r + 2 * s > 5 || f + 0 > 5) bad = 1 }
    END { exit bad }'
