#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# explain-fwer.sh: the family-wise false-positive rate of worldbench
# explain when no knob does anything (issue 31), simulated by
# build/bin/explain-fwer (bench/scripts/explain-fwer.c, built by "make
# tests") through the library's own estimation and judgement: the tables
# of "make explain" (a 2^3 full factorial, 7 effects, 5 tests and the
# final score, 6 rounds) and of the jemalloc explanation in README (2^2,
# 12 tests and the final, 6 rounds), the old rule (Holm within each
# test) against the new (one Holm family over every verdict).
#
# usage: explain-fwer.sh [-n tables] [-s seed]
# Exit 1 when the new rule's Wilson 95% interval lies wholly above 5%.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
n=10000
seed=31
while getopts n:s: ch; do
	case $ch in
	n)	n=$OPTARG ;;
	s)	seed=$OPTARG ;;
	*)	echo "usage: explain-fwer.sh [-n tables] [-s seed]" >&2
		exit 64 ;;
	esac
done
shift $((OPTIND - 1))
bin=$top/build/bin/explain-fwer
[ -x "$bin" ] || { echo "explain-fwer.sh: $bin: run make tests" >&2; exit 1; }
rc=0
timeout 1800 "$bin" -k 3 -t 5 -r 6 -n "$n" -s "$seed" || rc=1
timeout 1800 "$bin" -k 2 -t 12 -r 6 -n "$n" -s "$seed" || rc=1
exit $rc
