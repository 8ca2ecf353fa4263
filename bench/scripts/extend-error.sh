#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# extend-error.sh: the error rate, power and cost of the extension of
# make bench (issue 31; lib/stats/extend.h), simulated by build/bin/extend-error
# (bench/scripts/extend-error.c, built by "make tests") through the
# library's own rule (wb_extend_decide) and comparison (wb_compare_build,
# Holm at 95% over the sequential p values): the bench design's 8 paired
# passes of the 12 tests, then blocks of 2 passes while shell1, shell8 or
# the final score is undecided, at most 8 more passes and 130 s.
# Rules: gain (a block extends the open headline tests and, while the
# final is open, the tests with the most variance of the final per
# second, within the block's share of the time left), every (the rule
# before: every test while the final is open) and fixed (no extension).
#
# Noise: the per-pair SDs measured on this VM under load (bench/README,
# pilot 1) times K, with a drift per round common to both sides; models
# normal (lognormal), t3 (heavy tails), mix (a lognormal mixture: 10% of
# the passes at 3.8 times the SD of the rest) and step (the load steps
# half way: both sides' level drops 30% and the SD grows 1.5x; inside
# that round the step splits one test's pair, drawn at random).
#
# usage: extend-error.sh [-c cpu] [-n runs] [-k "K ..."] [-N "model ..."]
#            [-l load] [-r "rule ..."]
# Defaults: 4000 runs a line, K 1 and 1.3, every model, load 1, the
# CPU-bound tests' SDs times 1 (-c 2: as under heavy load), every rule.
#
# Prints one line per effect (null: no difference; model: 0.6 on the
# shell tests, 0.97 on five others), K, model and rule (ext: with the
# extension; fixed: the 8 passes alone): the rate of verdicts on shell1,
# shell8 and the final score (under the null errors, under the model the
# power to call them slower), of runs with a verdict on any headline row
# and on any row at all (the family-wise error under the null), each in
# percent with its Monte Carlo standard error; the mean passes per test,
# the runs extended, the mean and the largest seconds of extension
# passes.  Exit 1 when under the null a run's family-wise rate (any row)
# is above 5% by more than two standard errors.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
runs=4000
ks="1 1.3"
models="normal t3 mix step"
load=1
cpu=1
rules="gain every fixed"
while getopts c:n:k:N:l:r: ch; do
	case $ch in
	c)	cpu=$OPTARG ;;
	r)	rules=$OPTARG ;;
	n)	runs=$OPTARG ;;
	k)	ks=$OPTARG ;;
	N)	models=$OPTARG ;;
	l)	load=$OPTARG ;;
	*)	echo "usage: extend-error.sh [-c cpu] [-n runs] [-k \"K ...\"]" \
		    "[-N \"model ...\"] [-l load] [-r \"rule ...\"]" >&2
		exit 64 ;;
	esac
done
sim=$top/build/bin/extend-error
[ -x "$sim" ] || make -C "$top" tests >/dev/null
printf '%-6s %-4s %-6s %-5s %16s %16s %16s %16s %16s %6s %6s %6s %6s\n' \
    effect K model rule "shell1 %" "shell8 %" "final %" "any headline %" \
    "any row %" passes extend "mean s" "max s"
bad=0
for e in null model; do
	for k in $ks; do
		for m in $models; do
			for rule in $rules; do
				f=
				[ $rule = fixed ] && f=-F
				[ $rule = every ] && f=-A
				out=$("$sim" $f -c "$cpu" -e $e -k "$k" -l "$load" \
				    -N "$m" -n "$runs")
				echo "$out"
				[ $e = null ] || continue
				echo "$out" | awk '{ if ($17 - 2 * $19 > 5)
				    exit 1 }' || bad=1
			done
		done
	done
done
exit $bad
