#!/bin/sh
# adaptive-fpr.sh: the false-positive rate of worldbench run --target-ci
# under the null (two variants with no difference), simulated through the
# rule of lib/adapt.c by build/bin/adaptive-fpr (bench/scripts/
# adaptive-fpr.c, built by "make tests"): 12 tests with 5% to 30% noise
# per pass, lognormal, a drift common to both variants per round, 3
# planned passes (--quick), at most 30.
#
# usage: adaptive-fpr.sh [-n runs] [-o] [target ...]
# -o also runs the rule as it was before the minimum of 10 pairs.
# Targets default to 3 2 1 (percent); runs to 20000 per target.
#
# Prints, per target, the mean passes per test and three rates: the
# final-score test unadjusted at 95%, the final-score verdict as compare
# reports it (in the Holm family), and runs with any significant row.
# Exit 1 when a reported final-score rate is above 5%.
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
[ -z "$old" ] || "$sim" -o -n "$runs" "$@"
echo "$out" | awk 'NR > 2 { sub("%", "", $4); if ($4 + 0 > 5) bad = 1 }
    END { exit bad }'
