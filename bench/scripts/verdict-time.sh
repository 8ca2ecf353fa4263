#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# verdict-time.sh: time to a verdict.  Runs two variants interleaved with
# adaptive sampling until the final-score ratio has a +-TARGET% interval
# (95%), then compares them, and checks the performance target: the
# interval met within MAXTIME seconds of wall time (default 600).
#
# usage: verdict-time.sh [-t target] [-m maxtime] [-o outdir] [-w worldbench]
#            A=root B=root [-- extra worldbench run options]
# e.g.   verdict-time.sh -o /tmp/vt prod=work/roots/prod debug=work/roots/debug
#
# Without extra run options the run uses --quick (2-3 s passes, 3 passes
# to start with): the UnixBench pass lengths alone take longer than the
# target time.  The 12-test unixbench5 index is the run's default.
#
# Prints the run's wall time, the final-score ratio, its interval and
# half-width, the verdict, and PASS or FAIL; exit 0 on PASS.
set -eu

target=3
maxtime=600
out=
wb=${WORLDBENCH:-worldbench}

usage() {
	echo "usage: verdict-time.sh [-t target] [-m maxtime] [-o outdir] [-w worldbench] A=root B=root [-- run options]" >&2
	exit 64
}

while getopts m:o:t:w: ch; do
	case $ch in
	m)	maxtime=$OPTARG ;;
	o)	out=$OPTARG ;;
	t)	target=$OPTARG ;;
	w)	wb=$OPTARG ;;
	*)	usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 2 ] || usage
a=$1
b=$2
shift 2
[ "${1:-}" = "--" ] && shift
[ $# -gt 0 ] || set -- --quick
case $a in *=*) ;; *) usage ;; esac
case $b in *=*) ;; *) usage ;; esac
la=${a%%=*}
lb=${b%%=*}
[ -n "$out" ] || out=$(mktemp -d /tmp/wb-verdict.XXXXXX)
mkdir -p "$out"

# The run is capped at maxtime seconds of pass time; the wall clock also
# counts settling and process start-up, and that is what is judged.
start=$(date +%s)
"$wb" run -q --variant "$a" --variant "$b" --target-ci "$target" \
    --max-time "$maxtime" -o "$out/" "$@"
end=$(date +%s)
wall=$((end - start))

"$wb" compare -F csv "$out/$la.json" "$out/$lb.json" >"$out/compare.csv"
"$wb" compare "$out/$la.json" "$out/$lb.json" >"$out/compare.txt"

# The final row of the other variant: ratio, ci_lo, ci_hi, ..., verdict.
awk -F, -v wall="$wall" -v target="$target" -v maxtime="$maxtime" \
    -v other="$lb" '
$1 == "final" && $3 == other {
	ratio = $13; lo = $14; hi = $15; verdict = $19
	if (lo == "" || hi == "") {
		printf "verdict-time: final ratio %s, no interval: FAIL\n", ratio
		exit 1
	}
	# Half-width in percent of the interval centre (symmetric in logs).
	hw = (sqrt(hi / lo) - 1) * 100
	ok = (hw <= target && wall <= maxtime)
	printf "verdict-time: wall %d s, final ratio %s [%s, %s] (+-%.2f%%), "\
	    "verdict %s: %s (target +-%s%% within %s s)\n", wall, ratio, lo,
	    hi, hw, verdict, ok ? "PASS" : "FAIL", target, maxtime
	found = 1
	exit ok ? 0 : 1
}
END { if (!found) { print "verdict-time: no final row for " other; exit 1 } }
' "$out/compare.csv"
