#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# runs-fpr.sh: the false-positive rate of worldbench compare on results
# from several runs with a run-level effect (issue 12 point 4, issue 13),
# simulated by build/bin/runs-fpr (bench/scripts/runs-fpr.c, built by
# "make tests"): two variants with no difference, each run holding both,
# a 1% lognormal effect per run and variant, compared as separate runs
# (one per variant), as pooled passes, and blocked (runs as units).
#
# usage: runs-fpr.sh [-n sets] [runs ...]
# Runs default to 2 4 8; sets to 2000 per line.  Two noise levels: tests
# with 1%..6% per-pass noise and 2% drift per round, and 0.5%..3%.
# Exit 1 when the blocked family-wise rate (any row) is above 7%.
set -eu

top=$(cd "$(dirname "$0")/../.." && pwd)
n=2000
while getopts n: ch; do
	case $ch in
	n)	n=$OPTARG ;;
	*)	echo "usage: runs-fpr.sh [-n sets] [runs ...]" >&2
		exit 64 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || set -- 2 4 8
bin=$top/build/bin/runs-fpr
[ -x "$bin" ] || { echo "runs-fpr.sh: $bin: run make tests" >&2; exit 1; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for cv in 0.01 0.005; do
	timeout 1800 "$bin" -n "$n" -c $cv -d 0.02 -p 5 "$@" | tee -a "$out"
done
awk '$3 == "blocked" { sub("%", "", $6); if ($6 + 0 > 7) bad = 1 }
    END { exit bad }' "$out"
